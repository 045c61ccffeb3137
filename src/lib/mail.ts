import type { ReactElement } from "react";
import type { Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DB } from "../db/client";
import type { Tx } from "../db/tx";
import { mailMessages, tasks } from "../db/schema";
import type { Clock } from "./clock";
import type { Logger } from "./log";
import { renderEmail } from "./email-render";
import { defineJob, PermanentFailure, type Job } from "./jobs";
import { redactSecrets } from "./redact";
import { bringMailForward, forgetPersonMail, mailAboutPerson, mailForMeetings, type MailState, type PersonMail } from "./mail-records";
export type { MailState, PersonMail } from "./mail-records";

interface Attachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailInput {
  to: string;
  subject: string;
  email: ReactElement;
  workspaceId?: number | null;
  attachments?: Attachment[];
  /** An iMIP invitation: a text/calendar part with this METHOD that mail clients apply. */
  icalEvent?: { method: "REQUEST" | "CANCEL"; content: string };
  replyTo?: string | null;
  /** The interview this e-mail is about, and what it tells (booked, moved, canceled, reminder...). */
  meetingId?: number | null;
  kind?: string | null;
  audience?: "candidate" | "recruiter" | null;
}

/** Anything that runs statements on the database: the database itself or an open transaction (reads). */
export type Writer = Pick<DB, "insert" | "update" | "select" | "delete">;

const senderDomain = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
// A hung SMTP server gives up within these; the task's timeout outlasts them all.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };
/** While mail is off, the dev mailbox shows a written e-mail's links this long, then they are removed. */
export const SKIPPED_LINK_TTL_MS = 3_600_000;

/** Empties a message of its secret links (delivered, failed for good, or skipped an hour ago). */
function redactMessage(tx: Tx, messageId: number, at: Date): void {
  const row = tx.select({ html: mailMessages.html, text: mailMessages.text, redactedAt: mailMessages.redactedAt }).from(mailMessages).where(eq(mailMessages.id, messageId)).get();
  if (!row || row.redactedAt) return;
  tx.update(mailMessages)
    .set({ html: redactSecrets(row.html), text: redactSecrets(row.text), attachments: null, icalEvent: null, redactedAt: at })
    .where(eq(mailMessages.id, messageId))
    .run();
}

/** Sends one stored e-mail over SMTP; a finished one keeps who, what and when, but no secret link. */
export const sendMailJob = defineJob("mail.send", z.object({ messageId: z.number().int() }));

/** Mail off: a skipped e-mail keeps its links for the dev mailbox an hour, then loses them. */
const forgetSkippedLinksJob = defineJob("mail.forget-links", z.object({ messageId: z.number().int() }));

/**
 * Every e-mail is a task (src/lib/jobs.ts): enqueue() renders the e-mail and writes its message
 * and its `mail.send` task in the caller's transaction, so a change and its e-mails commit
 * together; after the commit the worker sends it over SMTP (when SMTP_URL is set), retrying
 * temporary failures with backoff for 48 hours and failing permanent ones (5xx) at once.
 */
export class Mailer {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly db: DB,
    private readonly opts: { smtpUrl?: string; from: string; log: Logger; clock: Clock },
  ) {}

  /** Its two kinds of task, for the worker: sending (only with SMTP_URL) and forgetting a skipped e-mail's links. */
  jobs(): Job<{ messageId: number }>[] {
    const clock = this.opts.clock;
    return [
      sendMailJob.runs((p, ctx) => this.deliverStored(p.messageId, ctx.signal), {
        enabled: () => this.configured,
        timeoutMs: 90_000,
        settled: (tx, p) => redactMessage(tx, p.messageId, clock.now()),
      }),
      forgetSkippedLinksJob.runs(async (p, ctx) => {
        await ctx.whileLeased((tx) => redactMessage(tx, p.messageId, clock.now()));
      }),
    ];
  }

  get configured(): boolean {
    return !!this.opts.smtpUrl;
  }

  /** Renders and stores an e-mail in the caller's transaction (synchronous); sending starts after the commit. */
  enqueue(tx: Tx, input: MailInput): number {
    const { html, text } = renderEmail(input.email);
    const now = this.opts.clock.now();
    // The task first (its payload names the message once the message has its id): no read of
    // the table before the transaction's first write, so two processes never pick the same id.
    const taskId = sendMailJob.enqueue(tx, { messageId: 0 }, { status: this.configured ? "pending" : "skipped" });
    const { id: messageId } = tx
      .insert(mailMessages)
      .values({
        taskId,
        workspaceId: input.workspaceId ?? null,
        meetingId: input.meetingId ?? null,
        kind: input.kind ?? null,
        audience: input.audience ?? null,
        to: input.to,
        subject: input.subject,
        html,
        text,
        attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
        icalEvent: input.icalEvent ? JSON.stringify(input.icalEvent) : null,
        replyTo: input.replyTo ?? null,
        createdAt: now,
      })
      .returning({ id: mailMessages.id })
      .get();
    tx.update(tasks)
      .set({ payload: JSON.stringify({ messageId }) })
      .where(eq(tasks.id, taskId))
      .run();
    if (!this.configured) forgetSkippedLinksJob.enqueue(tx, { messageId }, { runAt: new Date(now.getTime() + SKIPPED_LINK_TTL_MS) });
    return messageId;
  }

  /** An e-mail that is its own change (nothing else to commit with it). */
  async send(input: MailInput): Promise<number> {
    return this.db.transaction((tx) => this.enqueue(tx, input));
  }

  /** Closes the SMTP connection (the worker is stopped by its owner first). */
  close(): void {
    const t = this.transport;
    this.transport = null;
    if (t) t.then((x) => x.close()).catch(() => {});
  }

  forMeetings(meetingIds: number[]): MailState[] {
    return mailForMeetings(this.db, meetingIds);
  }

  aboutPerson(workspaceId: number, who: { emails: string[]; meetingIds: number[] }): PersonMail[] {
    return mailAboutPerson(this.db, workspaceId, who);
  }

  forgetPerson(tx: Tx, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): number {
    return forgetPersonMail(tx, workspaceId, who);
  }

  /**
   * Resend: the meeting's e-mails of this kind that are still waiting (pending or retrying) are
   * tried now instead of being written again; answers the audiences it brought forward.
   */
  bringForward(tx: Tx, meetingId: number, kind: string): Set<string> {
    return bringMailForward(tx, meetingId, kind, this.opts.clock.now());
  }

  private smtp(): Promise<Transporter> {
    const url = this.opts.smtpUrl!;
    // nodemailer is loaded only when SMTP is configured and used.
    this.transport ??= import("nodemailer").then((m) => m.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof m.createTransport>[0]));
    return this.transport;
  }

  /** One try of one stored e-mail (the `mail.send` handler). An SMTP 5xx fails it for good. */
  async deliverStored(messageId: number, signal: AbortSignal): Promise<void> {
    const row = this.db.select().from(mailMessages).where(eq(mailMessages.id, messageId)).get();
    if (!row) return; // pruned or erased
    if (row.subject === "(erased)") return;
    const attachments = row.attachments ? (JSON.parse(row.attachments) as Attachment[]) : [];
    const ical = row.icalEvent ? (JSON.parse(row.icalEvent) as { method: string; content: string }) : undefined;
    signal.throwIfAborted();
    try {
      await (
        await this.smtp()
      ).sendMail({
        // Stable per message: a copy sent again after a crash carries the same Message-ID, so mail systems can drop it.
        messageId: `<frank-${row.id}-${row.createdAt.getTime()}@${senderDomain(this.opts.from)}>`,
        from: this.opts.from,
        to: row.to,
        replyTo: row.replyTo ?? undefined,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        icalEvent: ical ? { method: ical.method, content: ical.content, filename: "invite.ics" } : undefined,
      });
    } catch (e) {
      const code = (e as { responseCode?: number }).responseCode;
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      if (typeof code === "number" && code >= 500) throw new PermanentFailure(message);
      throw e;
    }
  }
}
