// Bounces read from a connected mailbox (issue 55 item 4): a delivery status notification
// (multipart/report; report-type=delivery-status, RFC 3464) or a typical mailer-daemon bounce about
// a message written in Frank marks that message failed ("Bounced: …") and stops the candidate's
// sequences with the reason. Matched by the Message-ID of the original in the report's attached
// message or headers, else by the failed recipient with the message's To. mailparser reads it all.
import type { ImapFlow } from "imapflow";
import { simpleParser } from "mailparser";
import type { Deps } from "../../deps";
import * as repo from "./repo";
import * as bounces from "./bounces-repo";
import { stopForBouncedMessage } from "./sequence-stop";

export interface Bounce {
  /** The Message-ID of the message that bounced, when the report carries its headers. */
  originalMessageId: string | null;
  /** The recipients it failed for (Final-Recipient and Original-Recipient), lower case. */
  recipients: string[];
  /** The diagnostic (the remote server's answer), else the status. */
  reason: string;
  date: Date;
}

// How long after a message a bounce matched only by its recipient may come.
const BY_RECIPIENT_WINDOW_MS = 7 * 86_400_000;

const addressOf = (field: string | undefined): string | null => {
  const v = (field ?? "").split(";").pop()?.trim().replace(/^<|>$/g, "").toLowerCase() ?? "";
  return v.includes("@") ? v : null;
};

interface RecipientStatus {
  action: string;
  status: string;
  final: string | null;
  original: string | null;
  diagnostic: string;
}

/** The per-recipient fields of a message/delivery-status part (its blocks of header fields, read by mailparser). */
async function recipientStatuses(content: Buffer): Promise<RecipientStatus[]> {
  const blocks = content
    .toString("utf8")
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((b) => b.trim());
  const out: RecipientStatus[] = [];
  // The first block is about the message (Reporting-MTA, Arrival-Date); each next one a recipient.
  for (const block of blocks.slice(1)) {
    const h = (await simpleParser(`${block.trim()}\r\n\r\n`)).headers;
    const text = (k: string) => {
      const v = h.get(k);
      return typeof v === "string" ? v.replace(/\s+/g, " ").trim() : "";
    };
    out.push({
      action: text("action").toLowerCase(),
      status: text("status"),
      final: addressOf(text("final-recipient")),
      original: addressOf(text("original-recipient")),
      diagnostic: text("diagnostic-code").replace(/^smtp;\s*/i, ""),
    });
  }
  return out;
}

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon)(@|$)/i;
// A mailer-daemon's warning that it is still trying is not a bounce.
const ONLY_DELAYED = /\b(delayed|warning message only|will (continue|keep) (trying|retrying)|not yet been delivered)\b/i;

/** Reads a bounce; null when the message is not one, or reports no failure (delayed, delivered, relayed). */
export async function readBounce(source: Buffer | string): Promise<Bounce | null> {
  const p = await simpleParser(source, { keepDeliveryStatus: true, skipImageLinks: true });
  const type = p.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  const report = type?.value === "multipart/report" && (type.params?.["report-type"] ?? "").toLowerCase() === "delivery-status";
  const daemon = DAEMON.test(p.from?.value[0]?.address ?? "");
  const statusPart = p.attachments.find((a) => a.contentType === "message/delivery-status");
  if (!report && !daemon) return null;
  const failed = statusPart ? (await recipientStatuses(statusPart.content)).filter((r) => r.action === "failed" || (!r.action && r.status.startsWith("5"))) : [];
  if (statusPart && !failed.length) return null;
  if (!statusPart && ONLY_DELAYED.test(`${p.subject ?? ""}\n${p.text ?? ""}`)) return null;
  // The original: attached whole (message/rfc822) or its headers (text/rfc822-headers); else quoted in the text.
  const attached = p.attachments.find((a) => /^(message\/rfc822|text\/rfc822-headers|message\/rfc822-headers)$/.test(a.contentType));
  const originalMessageId = attached ? ((await simpleParser(attached.content)).messageId ?? null) : (/^\s*message-id:\s*(<[^>\s]+>)/im.exec(p.text ?? "")?.[1] ?? null);
  const recipients = [...new Set(failed.flatMap((r) => [r.final, r.original]).filter((a): a is string => !!a))];
  if (!originalMessageId && !recipients.length) return null; // nothing to match it by
  const said = failed.find((r) => r.diagnostic)?.diagnostic || failed[0]?.status || /^.*\b5\d\d\b.*$/m.exec(p.text ?? "")?.[0]?.trim() || "the message could not be delivered";
  return { originalMessageId, recipients, reason: said.slice(0, 250), date: p.date ?? new Date() };
}

/** Applies a bounce found in a member's mailbox; the messages it marked failed. */
function applyBounce(deps: Deps, box: repo.MailboxRow, b: Bounce): number {
  let hit = b.originalMessageId ? bounces.writtenWithId(deps.db, box.workspaceId, b.originalMessageId) : [];
  if (!hit.length && !b.originalMessageId)
    hit = b.recipients.flatMap((a) => bounces.latestWrittenTo(deps.db, box.workspaceId, box.id, a, { from: new Date(b.date.getTime() - BY_RECIPIENT_WINDOW_MS), to: b.date }) ?? []);
  let n = 0;
  for (const row of hit)
    deps.db.transaction((tx) => {
      const m = repo.messageById(tx, row.id);
      if (!m || m.sendState === "failed") return; // read before (a second folder, a new UIDVALIDITY)
      repo.setSendState(tx, m.id, "failed", `Bounced: ${b.reason}`);
      stopForBouncedMessage(deps, tx, m, b.reason);
      n++;
    });
  return n;
}

/** A message in an inbox from a mail system (not a person): the one kind a provider's sync reads for bounces. */
export const fromMailSystem = (addresses: string[]) => addresses.some((a) => /^(mailer-daemon|postmaster)@/i.test(a));

/** A Gmail or Microsoft 365 inbox's message from a mail system, read whole: applied when it is a bounce of Frank's. */
export async function applyBounceSource(deps: Deps, box: repo.MailboxRow, source: Buffer): Promise<void> {
  try {
    const b = await readBounce(source);
    if (b) applyBounce(deps, box, b);
  } catch (e) {
    deps.log.info("bounce not read", { mailboxId: box.id, error: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * The sync's hook: among the messages of this run in the inbox, those the server finds to be
 * reports or from a mailer-daemon are read whole and applied. A failure here never fails the sync.
 */
export async function readBounces(deps: Deps, box: repo.MailboxRow, client: ImapFlow, path: string, uids: number[]): Promise<void> {
  if (path !== "INBOX" || !uids.length) return;
  try {
    const range = `${uids.reduce((a, b) => Math.min(a, b))}:${uids.reduce((a, b) => Math.max(a, b))}`;
    const query = { uid: range, or: [{ header: { "content-type": "multipart/report" } }, { from: "mailer-daemon" }, { from: "postmaster" }] };
    const these = new Set(uids);
    const found = (((await client.search(query, { uid: true })) || []) as number[]).filter((u) => these.has(u));
    if (!found.length) return;
    for await (const m of client.fetch(found, { uid: true, source: true }, { uid: true })) {
      const b = m.source ? await readBounce(m.source) : null;
      if (b) applyBounce(deps, box, b);
    }
  } catch (e) {
    deps.log.info("bounces not read", { mailboxId: box.id, error: e instanceof Error ? e.message : String(e) });
  }
}
