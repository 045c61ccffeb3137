// One sync run of a Gmail or Microsoft 365 mailbox (issue 55 items 1 and 2). Headers first: only a
// message with a candidate or a client contact among From, To and Cc is read whole (its MIME
// bytes), parsed by mailparser and kept exactly as an IMAP message is (threading, iMIP, sequences).
//   Gmail: history.list from the stored historyId; the first run, or a 404 on the historyId,
//          lists the last 90 days again (kept messages are not kept twice).
//   Graph: message delta per folder (Inbox, Sent Items), the deltaLink kept per folder; an expired
//          delta link (410, syncStateNotFound) reads the folder's window again.
import { applyBounceSource, fromMailSystem } from "./bounces";
import type { Deps } from "../../deps";
import { parseMessage } from "./imap";
import { applyImipReply } from "./imip";
import { GRAPH_FOLDERS, DeltaGone, type graphMailClient } from "./graph-mail";
import { HistoryGone, type gmailClient } from "./gmail";
import { MailGrantRefused, MailProviderFailed, providerClient, providerRef, type MailHeaders } from "./provider-mail";
import * as repo from "./repo";
import { FIRST_SYNC_DAYS, keep, type MatchOf, type SyncResult } from "./sync";

/** Messages read at once (headers, then the kept ones whole). */
const PARALLEL = 8;
const GMAIL_CURSOR = "gmail:history";

async function inParallel<T, R>(items: T[], fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
  return out;
}

export async function syncProviderMailbox(deps: Deps, box: repo.MailboxRow, matchOf: MatchOf): Promise<SyncResult> {
  const counts = { read: 0, kept: 0 };
  try {
    const client = await providerClient(deps, box);
    const since = new Date(deps.clock.now().getTime() - FIRST_SYNC_DAYS * 86_400_000);
    // Only what involves a candidate or a contact is read past its headers, then kept.
    const readAndKeep = async (read: (id: string) => Promise<Buffer>, headers: (MailHeaders | null)[]) => {
      const present = headers.filter((h): h is MailHeaders => !!h);
      counts.read += present.length;
      // Kept already (a changed message in a delta, a reread window, the copy in Sent of one written in Frank): not read again.
      const known = (h: MailHeaders) => !!h.messageId && !!repo.threadKeyOf(deps.db, box.workspaceId, h.messageId);
      const wanted = present.filter((h) => h.addresses.some((a) => matchOf(a)) && !known(h));
      const whole = await inParallel(wanted, async (h) => ({ h, m: await parseMessage(await read(h.id)) }));
      // Bounces of what Frank sent come from a mail system, in the inbox (Gmail's INBOX, Graph's Inbox).
      const reports = present.filter((h) => h.folder.toLowerCase() === "inbox" && fromMailSystem(h.addresses) && !wanted.includes(h));
      for (const h of reports) await applyBounceSource(deps, box, await read(h.id));
      for (const { h, m } of whole) {
        // Where it lives is the provider's id of it (an attachment is fetched by it on request).
        counts.kept += keep(deps, box, m.parsed, matchOf, { folder: providerRef(box.provider, h.id), uid: null });
        if (m.calendar) applyImipReply(deps, box.workspaceId, m.calendar, m.parsed.from.address, m.parsed.date);
      }
    };
    if (client.kind === "gmail") await syncGmail(deps, box, client, since, readAndKeep);
    else await syncGraph(deps, box, client, since, readAndKeep);
    repo.setState(deps.db, box.id, "ok", null, deps.clock.now());
    return counts;
  } catch (e) {
    const reason = e instanceof MailGrantRefused || e instanceof MailProviderFailed ? e.message : `Sync failed: ${e instanceof Error ? e.message : String(e)}`;
    repo.setState(deps.db, box.id, "error", reason.slice(0, 300), null);
    return { ...counts, error: reason };
  }
}

type ReadAndKeep = (read: (id: string) => Promise<Buffer>, headers: (MailHeaders | null)[]) => Promise<void>;

async function syncGmail(deps: Deps, box: repo.MailboxRow, gmail: Awaited<ReturnType<typeof gmailClient>>, since: Date, readAndKeep: ReadAndKeep): Promise<void> {
  const stored = repo.cursorOf(deps.db, box.id, GMAIL_CURSOR);
  let ids: string[] | null = null;
  let cursor: string | null = null;
  if (stored) {
    try {
      ({ ids, cursor } = await gmail.changesSince(stored));
    } catch (e) {
      if (!(e instanceof HistoryGone)) throw e;
      deps.log.info("gmail history gone: reading the window again", { mailboxId: box.id });
    }
  }
  if (!ids) {
    // The historyId first: what arrives while the window is listed is in the next run's history.
    cursor = await gmail.cursorNow();
    ids = await gmail.listSince(since);
  }
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await readAndKeep((id) => gmail.raw(id), await inParallel(chunk, (id) => gmail.headers(id)));
  }
  repo.saveCursor(deps.db, box.id, GMAIL_CURSOR, cursor);
}

async function syncGraph(deps: Deps, box: repo.MailboxRow, graph: ReturnType<typeof graphMailClient>, since: Date, readAndKeep: ReadAndKeep): Promise<void> {
  for (const folder of GRAPH_FOLDERS) {
    const path = `graph:${folder.name}`;
    let link = repo.cursorOf(deps.db, box.id, path) ?? graph.firstLink(folder.name, since);
    let reread = false;
    for (let page = 0; page < 1000; page++) {
      let answer;
      try {
        answer = await graph.deltaPage(link, folder.label);
      } catch (e) {
        if (!(e instanceof DeltaGone) || reread) throw e;
        // The delta link expired: the folder's window is read again (what is kept already stays once).
        deps.log.info("graph delta link gone: reading the window again", { mailboxId: box.id, folder: folder.name });
        reread = true;
        link = graph.firstLink(folder.name, since);
        continue;
      }
      await readAndKeep((id) => graph.raw(id), answer.items);
      if (answer.deltaLink) {
        repo.saveCursor(deps.db, box.id, path, answer.deltaLink);
        break;
      }
      if (!answer.next) break;
      link = answer.next;
    }
  }
}
