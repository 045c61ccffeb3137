// One sync run of one IMAP mailbox (issue 55 items 1 and 2): per folder, UIDVALIDITY and UIDNEXT
// say what is new; the first run (or a new UIDVALIDITY) reads the last 90 days. Headers are read
// first; only a message with a candidate or a client contact among From, To and Cc is read whole.
import type { Deps } from "../../deps";
import { candidateEmails, candidateIdByEmail } from "../candidates/service";
import { contactByEmail, contactEmails } from "../clients/service";
import { openImap, foldersToRead, readHeaders, readMessages, type ParsedMessage } from "./imap";
import { splitQuoted } from "./text";
import * as repo from "./repo";
import { messageEvent } from "./send-job";
import { applyImipReply } from "./imip";
import { stopForReply } from "./sequence-stop";
import { isProviderBox } from "./provider-mail";
import { readBounces } from "./bounces";

export const FIRST_SYNC_DAYS = 90;

export interface SyncResult {
  read: number;
  kept: number;
  error?: string;
}

interface Match {
  participantId: number | null;
  contactId: number | null;
}

export type MatchOf = (address: string) => Match | null;

export async function syncMailbox(deps: Deps, mailboxId: number): Promise<SyncResult> {
  const box = repo.mailboxById(deps.db, mailboxId);
  if (!box) return { read: 0, kept: 0 };
  // Gmail and Microsoft 365 are read through their APIs (provider-sync.ts), then kept as here.
  if (isProviderBox(box)) return (await import("./provider-sync")).syncProviderMailbox(deps, box, matcherFor(deps, box));
  const matchOf = matcherFor(deps, box);
  const client = openImap({ host: box.imapHost, port: box.imapPort, tls: box.imapTls, user: box.username, pass: deps.secrets.open(box.passwordSealed) });
  let read = 0;
  let kept = 0;
  try {
    await client.connect();
    for (const path of await foldersToRead(client)) {
      const lock = await client.getMailboxLock(path);
      try {
        const status = client.mailbox && typeof client.mailbox === "object" ? client.mailbox : null;
        if (!status) continue;
        const validity = String(status.uidValidity);
        const uidNext = Number(status.uidNext);
        const seen = repo.folderOf(deps.db, box.id, path);
        let uids: number[];
        if (!seen || seen.uidValidity !== validity) {
          // By the Date header (SENTSINCE): an imported or moved message keeps when it was written.
          const since = new Date(deps.clock.now().getTime() - FIRST_SYNC_DAYS * 86_400_000);
          uids = ((await client.search({ sentSince: since }, { uid: true })) || []) as number[];
        } else if (seen.uidNext < uidNext) {
          uids = ((await client.search({ uid: `${seen.uidNext}:*` }, { uid: true })) || []).filter((u: number) => u >= seen.uidNext) as number[];
        } else uids = [];
        const headers = uids.length ? await readHeaders(client, uids) : [];
        read += headers.length;
        await readBounces(deps, box, client, path, uids);
        const wanted = headers.filter((h) => h.addresses.some((a) => matchOf(a))).map((h) => h.uid);
        for (const m of await readMessages(client, wanted)) {
          kept += keep(deps, box, m.parsed, matchOf, { folder: path, uid: m.uid });
          // An answer to one of Frank's interview invitations (iMIP REPLY), from any calendar.
          if (m.calendar) applyImipReply(deps, box.workspaceId, m.calendar, m.parsed.from.address, m.parsed.date);
        }
        repo.saveFolder(deps.db, box.id, path, validity, uidNext);
      } finally {
        lock.release();
      }
    }
    await client.logout();
    repo.setState(deps.db, box.id, "ok", null, deps.clock.now());
    return { read, kept };
  } catch (e) {
    client.close();
    const reason = e instanceof Error ? ((e as { responseText?: string }).responseText ?? e.message) : String(e);
    repo.setState(deps.db, box.id, "error", reason.slice(0, 300), null);
    return { read, kept, error: reason };
  }
}

/** Who an address is: the members' own addresses are never matches; a candidate or a contact by e-mail otherwise. */
function matcherFor(deps: Deps, box: repo.MailboxRow): MatchOf {
  const own = new Set([box.address.toLowerCase(), box.username.toLowerCase()]);
  // Read once per run: most addresses of a mailbox are nobody's, and are told so without a lookup.
  const anyone = new Set([...candidateEmails(deps, box.workspaceId), ...contactEmails(deps, box.workspaceId)]);
  const cache = new Map<string, Match | null>();
  return (address) => {
    if (own.has(address) || !anyone.has(address)) return null;
    if (!cache.has(address)) {
      const participantId = candidateIdByEmail(deps, box.workspaceId, address);
      const contactId = participantId ? null : (contactByEmail(deps, box.workspaceId, address)?.id ?? null);
      cache.set(address, participantId || contactId ? { participantId, contactId } : null);
    }
    return cache.get(address)!;
  };
}

/** Stores one message for each candidate and contact it involves; the rows written. */
export function keep(deps: Deps, box: repo.MailboxRow, p: ParsedMessage, matchOf: MatchOf, where: { folder: string; uid: number | null }): number {
  const outgoing = p.from.address === box.address.toLowerCase() || p.from.address === box.username.toLowerCase();
  const people = new Map<string, Match>();
  for (const a of [p.from.address, ...p.to, ...p.cc]) {
    const m = matchOf(a);
    if (m) people.set(`${m.participantId}:${m.contactId}`, m);
  }
  const { body, quoted } = splitQuoted(p.text);
  let n = 0;
  deps.db.transaction((tx) => {
    // A thread marked private is never kept again (its own id, or one it answers or names).
    if (repo.anyPrivate(tx, box.workspaceId, [p.messageId, ...(p.inReplyTo ? [p.inReplyTo] : []), ...p.references])) return;
    const parent = p.inReplyTo ? repo.threadKeyOf(tx, box.workspaceId, p.inReplyTo) : null;
    const threadKey = parent ?? p.references[0] ?? p.messageId;
    for (const m of people.values()) {
      // The copy in Sent of a message written in Frank, or one read in another folder already.
      if (repo.hasMessage(tx, box.workspaceId, p.messageId, m)) continue;
      const row = repo.insertMessage(tx, {
        workspaceId: box.workspaceId,
        mailboxId: box.id,
        participantId: m.participantId,
        contactId: m.contactId,
        direction: outgoing ? "out" : "in",
        messageId: p.messageId,
        inReplyTo: p.inReplyTo,
        threadKey,
        fromAddress: p.from.address,
        fromName: p.from.name,
        toAddresses: JSON.stringify(p.to),
        ccAddresses: JSON.stringify(p.cc),
        subject: p.subject,
        body,
        quoted,
        attachments: JSON.stringify(p.attachments),
        folder: where.folder,
        uid: where.uid,
        sentAt: p.date,
      });
      if (!row) continue;
      n++;
      messageEvent(deps, tx, row, outgoing ? "message.sent" : "message.received");
      // A candidate's answer stops the sequences they are in.
      if (!outgoing && m.participantId && p.from.address !== box.address.toLowerCase() && matchOf(p.from.address)?.participantId === m.participantId)
        stopForReply(deps, tx, box.workspaceId, m.participantId);
    }
  });
  return n;
}
