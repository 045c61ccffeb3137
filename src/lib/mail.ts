import type { ReactElement } from "react";
import type { Transporter } from "nodemailer";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { DB } from "../db/client";
import { outbox } from "../db/schema";
import type { Clock } from "./clock";
import type { Logger } from "./log";
import { renderEmail } from "./email-render";
import { afterFailure, claimDue, nextDue } from "./delivery-policy";
import { DeliveryPump } from "./delivery-pump";
import { redactSecrets } from "./redact";
import { forgetPersonMail, mailAboutPerson, mailForMeetings, type MailState, type PersonMail } from "./mail-records";
export type { MailState, PersonMail } from "./mail-records";
import { retryOnBusy } from "../db/busy";

export interface Attachment {
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

export type MailStatus = "pending" | "sent" | "retrying" | "failed" | "skipped";



/** Anything that runs statements on the database: the database itself or an open transaction. */
export type Writer = Pick<DB, "insert" | "update" | "select" | "delete">;

const LEASE_MS = 3 * 60_000;
const senderDomain = (from: string) => /@([^>\s]+)/.exec(from)?.[1] ?? "localhost";
const BATCH = 10;
// A hung SMTP server gives up within these; the lease outlasts them all.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * Every e-mail goes through the outbox. enqueue() renders the e-mail and writes its row in
 * the caller's transaction, so a change and its e-mails commit together; after the commit
 * a worker takes due rows with a lease, sends them over SMTP (when SMTP_URL is set),
 * retries temporary failures with backoff for 48 hours and fails permanent ones (5xx) at once.
 */
export class Mailer {
  private transport: Promise<Transporter> | null = null;
  private readonly pump: DeliveryPump;
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly db: DB,
    private readonly opts: { smtpUrl?: string; from: string; log: Logger; clock: Clock },
  ) {
    this.pump = new DeliveryPump("mail", () => this.pass(), () => nextDue(db, "outbox"), opts.clock, opts.log);
  }

  get configured(): boolean {
    return !!this.opts.smtpUrl;
  }

  /** Renders and stores an e-mail in the caller's transaction (synchronous); sending starts after the commit. */
  enqueue(tx: Writer, input: MailInput): number {
    const { html, text } = renderEmail(input.email);
    const row = tx
      .insert(outbox)
      .values({
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
        status: this.configured ? "pending" : "skipped",
        nextAttemptAt: new Date(0),
        createdAt: this.opts.clock.now(),
      })
      .returning({ id: outbox.id })
      .get();
    // A microtask runs after the synchronous transaction has committed (or rolled back).
    if (this.configured) queueMicrotask(() => this.pump.kick());
    return row.id;
  }

  /** An e-mail that is its own change (nothing else to commit with it). */
  async send(input: MailInput): Promise<number> {
    return this.enqueue(this.db, input);
  }

  /** Sends what is due now (the scheduler calls it too, as a safety net). */
  async deliverDue(): Promise<void> {
    this.pump.kick();
    await this.pump.idle();
  }

  /** Resolves when nothing due now is waiting or being sent (tests, the CLI). */
  async idle(): Promise<void> {
    await this.pump.idle();
    while (this.configured && this.hasDueNow()) {
      this.pump.kick();
      await this.pump.idle();
    }
  }

  /**
   * Stops taking rows and waits up to `graceMs` for the ones being sent; those still in
   * flight are released for the next start (their attempt not counted), so nothing is lost.
   */
  async stop(graceMs = 3000): Promise<void> {
    await this.pump.stop(graceMs);
    if (this.inFlight.size) {
      this.db
        .update(outbox)
        .set({ leaseUntil: null, attempts: sql`max(0, ${outbox.attempts} - 1)` })
        .where(inArray(outbox.id, [...this.inFlight]))
        .run();
    }
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

  forgetPerson(tx: Writer, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): number {
    return forgetPersonMail(tx, workspaceId, who);
  }

  /** Deletes finished rows older than `days` (their bodies are already redacted). */
  prune(days: number): number {
    const before = new Date(this.opts.clock.now().getTime() - days * 86_400_000);
    return this.db
      .delete(outbox)
      .where(and(inArray(outbox.status, ["sent", "failed", "skipped"]), lt(outbox.createdAt, before)))
      .returning({ id: sql`1` }).all().length;
  }

  private hasDueNow(): boolean {
    const now = this.opts.clock.now();
    return !!this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ["pending", "retrying"]), sql`${outbox.nextAttemptAt} <= ${now.getTime()}`, or(isNull(outbox.leaseUntil), sql`${outbox.leaseUntil} <= ${now.getTime()}`)))
      .limit(1)
      .get();
  }

  private async pass(): Promise<void> {
    if (!this.opts.smtpUrl) return;
    for (;;) {
      const ids = claimDue(this.db, "outbox", this.opts.clock.now(), LEASE_MS, BATCH);
      if (!ids.length) return;
      await Promise.all(ids.map((id) => this.deliver(id)));
    }
  }

  private smtp(): Promise<Transporter> {
    const url = this.opts.smtpUrl!;
    // nodemailer is loaded only when SMTP is configured and used.
    this.transport ??= import("nodemailer").then((m) => m.createTransport({ url, ...SMTP_TIMEOUTS } as Parameters<typeof m.createTransport>[0]));
    return this.transport;
  }

  private async deliver(id: number): Promise<void> {
    const row = this.db.select().from(outbox).where(eq(outbox.id, id)).get();
    if (!row) return;
    this.inFlight.add(id);
    try {
      const attachments = row.attachments ? (JSON.parse(row.attachments) as Attachment[]) : [];
      const ical = row.icalEvent ? (JSON.parse(row.icalEvent) as { method: string; content: string }) : undefined;
      await (await this.smtp()).sendMail({
        // Stable per row: a copy sent again after a crash carries the same Message-ID, so mail systems can drop it.
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
      // Sent: the row must say so even while another process holds the write lock, or it would go out again.
      await retryOnBusy(this.db.$client, () => this.finish(id, { status: "sent", sentAt: this.opts.clock.now(), lastError: null }, row), { waitMs: LEASE_MS / 2 });
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const code = (e as { responseCode?: number }).responseCode;
      const next = afterFailure({ permanent: typeof code === "number" && code >= 500, createdAt: row.createdAt, attempts: row.attempts, now: this.opts.clock.now() });
      await retryOnBusy(this.db.$client, () => {
        if (next.status === "failed") this.finish(id, { status: "failed", lastError: message }, row);
        else this.db.update(outbox).set({ status: "retrying", lastError: message, nextAttemptAt: next.nextAttemptAt, leaseUntil: null }).where(eq(outbox.id, id)).run();
      }).catch(() => {
        // Still locked: the lease runs out and the row is tried again.
      });
      this.opts.log.error("mail delivery failed", { outboxId: id, error: message, willRetry: next.status === "retrying" });
    } finally {
      this.inFlight.delete(id);
    }
  }

  /** A finished row keeps who, what and when, but no secret link: bodies are redacted, attachments dropped. */
  private finish(id: number, v: { status: MailStatus; sentAt?: Date; lastError: string | null }, row: { html: string; text: string }) {
    this.db
      .update(outbox)
      .set({ ...v, leaseUntil: null, html: redactSecrets(row.html), text: redactSecrets(row.text), attachments: null, icalEvent: null })
      .where(eq(outbox.id, id))
      .run();
  }
}

