// The one file that talks to an IMAP server (issue 55): imapflow reads, mailparser parses.
import { ImapFlow } from "imapflow";
import { simpleParser, type AddressObject } from "mailparser";

export interface ImapAccount {
  host: string;
  port: number;
  tls: boolean;
  user: string;
  pass: string;
}

export interface HeaderOnly {
  uid: number;
  messageId: string | null;
  addresses: string[];
}

export interface ParsedMessage {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  from: { address: string; name: string | null };
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  date: Date;
  attachments: { name: string; type: string; size: number }[];
}

export function openImap(a: ImapAccount): ImapFlow {
  return new ImapFlow({ host: a.host, port: a.port, secure: a.tls, auth: { user: a.user, pass: a.pass }, logger: false, disableAutoIdle: true });
}

/** Logs in and out: whether the account's details are right (the error's text otherwise). */
export async function checkLogin(a: ImapAccount): Promise<void> {
  const c = openImap(a);
  await c.connect();
  await c.logout();
}

const lower = (s: string | undefined | null) => (s ?? "").trim().toLowerCase();

/** The folder the server marks as Sent (or names so), when it has one. */
export async function sentFolder(c: ImapFlow): Promise<string | null> {
  const list = await c.list();
  return list.find((f) => f.specialUse === "\\Sent")?.path ?? list.find((f) => /^sent( items| messages)?$/i.test(f.name))?.path ?? null;
}

/** The folders read: the inbox and the Sent folder (when it has one). */
export async function foldersToRead(c: ImapFlow): Promise<string[]> {
  const sent = await sentFolder(c);
  return sent ? ["INBOX", sent] : ["INBOX"];
}

/** Headers only (envelope): who a message is from and to, before anything else of it is read. */
export async function readHeaders(c: ImapFlow, range: string | number[]): Promise<HeaderOnly[]> {
  const out: HeaderOnly[] = [];
  for await (const m of c.fetch(range, { uid: true, envelope: true }, { uid: true })) {
    const e = m.envelope;
    const addresses = [...(e?.from ?? []), ...(e?.to ?? []), ...(e?.cc ?? [])].map((x) => lower(x.address)).filter(Boolean);
    out.push({ uid: m.uid, messageId: e?.messageId ?? null, addresses });
  }
  return out;
}

const list = (a: AddressObject | AddressObject[] | undefined): string[] => (Array.isArray(a) ? a : a ? [a] : []).flatMap((o) => o.value.map((v) => lower(v.address))).filter(Boolean);

/** The whole of the messages kept (source, parsed). */
export async function readMessages(c: ImapFlow, uids: number[]): Promise<{ uid: number; parsed: ParsedMessage; calendar: string | null }[]> {
  const out: { uid: number; parsed: ParsedMessage; calendar: string | null }[] = [];
  if (!uids.length) return out;
  for await (const m of c.fetch(uids, { uid: true, source: true }, { uid: true })) {
    if (!m.source) continue;
    out.push({ uid: m.uid, ...(await parseMessage(m.source)) });
  }
  return out;
}

export async function parseMessage(source: Buffer | string): Promise<{ parsed: ParsedMessage; calendar: string | null }> {
  const p = await simpleParser(source, { skipImageLinks: true });
  const from = (p.from?.value ?? [])[0];
  const refs = typeof p.references === "string" ? [p.references] : (p.references ?? []);
  const ics = p.attachments.find((a) => a.contentType === "text/calendar");
  return {
    parsed: {
      messageId: p.messageId ?? `<no-id-${p.date?.getTime() ?? 0}-${lower(from?.address)}>`,
      inReplyTo: p.inReplyTo ?? null,
      references: refs,
      from: { address: lower(from?.address), name: from?.name || null },
      to: list(p.to),
      cc: list(p.cc),
      subject: p.subject ?? "",
      // Plain text only: an HTML-only message becomes text (nothing of its HTML is kept or shown).
      text: p.text ?? (typeof p.html === "string" ? (await import("html-to-text")).convert(p.html) : ""),
      date: p.date ?? new Date(),
      attachments: p.attachments.filter((a) => a.contentDisposition === "attachment").map((a) => ({ name: a.filename ?? "attachment", type: a.contentType, size: a.size })),
    },
    calendar: ics ? ics.content.toString("utf8") : null,
  };
}

/** One attachment (by its place among the message's attachments) of the message at `uid`, or null. */
export async function readAttachment(c: ImapFlow, uid: number, index: number): Promise<{ name: string; type: string; content: Buffer } | null> {
  const m = await c.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
  if (!m || !m.source) return null;
  return attachmentOf(m.source, index);
}

/** One attachment (by its place among the message's attachments) of a message's source, or null. */
export async function attachmentOf(source: Buffer, index: number): Promise<{ name: string; type: string; content: Buffer } | null> {
  const p = await simpleParser(source, { skipImageLinks: true });
  const a = p.attachments.filter((x) => x.contentDisposition === "attachment")[index];
  return a ? { name: a.filename ?? "attachment", type: a.contentType, content: a.content } : null;
}
