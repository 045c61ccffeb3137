// The one file that sends a message written in Frank (issue 55 item 3): nodemailer composes it
// once; the same bytes go out over SMTP and, through the member's own mailbox, into its Sent folder.
import nodemailer, { type Transporter } from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { openImap, sentFolder, type ImapAccount } from "./imap";

export interface Outgoing {
  messageId: string;
  from: string;
  replyTo?: string | null;
  to: string;
  subject: string;
  text: string;
  date: Date;
  inReplyTo?: string | null;
  references?: string[];
  /** A sequence's step: the one-click unsubscribe (RFC 8058). */
  unsubscribeUrl?: string | null;
}

export interface SmtpAccount {
  host: string;
  port: number;
  user: string;
  pass: string;
}

// A hung server gives up within these; the task's time limit outlasts them.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/** The message as it is sent (RFC 5322 bytes). */
export function compose(m: Outgoing): Promise<Buffer> {
  return new MailComposer({
    messageId: m.messageId,
    from: m.from,
    replyTo: m.replyTo ?? undefined,
    to: m.to,
    subject: m.subject,
    text: m.text,
    date: m.date,
    inReplyTo: m.inReplyTo ?? undefined,
    references: m.references?.length ? m.references : undefined,
    headers: m.unsubscribeUrl ? { "List-Unsubscribe": `<${m.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : undefined,
  })
    .compile()
    .build();
}

/** The SMTP reply code of a failed send (5xx: trying again cannot help). */
export const smtpCode = (e: unknown): number | undefined => (e as { responseCode?: number }).responseCode;

async function sendRaw(transport: Transporter, raw: Buffer, from: string, to: string): Promise<void> {
  try {
    await transport.sendMail({ envelope: { from, to: [to] }, raw });
  } finally {
    transport.close();
  }
}

const bare = (address: string) => /<([^>]+)>/.exec(address)?.[1] ?? address;

/** Through the member's own submission server (port 465 is implicit TLS, others STARTTLS when offered). */
export function sendThroughMailbox(smtp: SmtpAccount, raw: Buffer, m: Pick<Outgoing, "from" | "to">): Promise<void> {
  const t = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: smtp.port === 465, auth: { user: smtp.user, pass: smtp.pass }, ...TIMEOUTS });
  return sendRaw(t, raw, bare(m.from), m.to);
}

/** Through the workspace's SMTP (SMTP_URL), for a member without a mailbox. */
export function sendThroughWorkspace(url: string, raw: Buffer, m: Pick<Outgoing, "from" | "to">): Promise<void> {
  const t = nodemailer.createTransport({ url, ...TIMEOUTS } as Parameters<typeof nodemailer.createTransport>[0]);
  return sendRaw(t, raw, bare(m.from), m.to);
}

/** Files the sent bytes in the mailbox's Sent folder (seen), as a mail program does after sending; makes "Sent" when there is none. */
export async function appendToSent(a: ImapAccount, raw: Buffer): Promise<string> {
  const c = openImap(a);
  await c.connect();
  try {
    let path = await sentFolder(c);
    if (!path) path = (await c.mailboxCreate("Sent")).path;
    await c.append(path, raw, ["\\Seen"]);
    return path;
  } finally {
    await c.logout().catch(() => c.close());
  }
}
