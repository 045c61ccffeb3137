import type { ReactElement } from "react";
import { render } from "@react-email/render";
import type { Transporter } from "nodemailer";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { DB } from "../db/client";
import { outbox } from "../db/schema";
import type { Logger } from "./log";

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
}

/**
 * Every e-mail: rendered from a React Email component to HTML and text, written to the
 * outbox, then sent over SMTP when SMTP_URL is set. Delivery never blocks the caller;
 * its state (sent, failed with the error, skipped without SMTP) is recorded on the row.
 */
export class Mailer {
  // Created on first delivery: nodemailer is loaded only when SMTP is configured and used.
  private transport: Promise<Transporter> | null;
  private smtpUrl: string | undefined;
  private pending = new Set<Promise<void>>();

  constructor(
    private db: DB,
    private opts: { smtpUrl?: string; from: string; log: Logger },
  ) {
    this.transport = null;
    this.smtpUrl = opts.smtpUrl;
  }

  async send(input: MailInput): Promise<number> {
    const [html, text] = await Promise.all([render(input.email), render(input.email, { plainText: true })]);
    const row = this.db
      .insert(outbox)
      .values({
        workspaceId: input.workspaceId ?? null,
        to: input.to,
        subject: input.subject,
        html,
        text,
        attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
        status: this.smtpUrl ? "pending" : "skipped",
      })
      .returning({ id: outbox.id })
      .get();
    if (this.smtpUrl) this.track(this.deliver(row.id));
    return row.id;
  }

  /** Retries mail that is still pending or failed (called by the scheduler). */
  async retryFailed(maxAttempts = 5): Promise<void> {
    if (!this.smtpUrl) return;
    const rows = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ["pending", "failed"]), lt(outbox.attempts, maxAttempts)))
      .all();
    for (const r of rows) await this.deliver(r.id);
  }

  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track(p: Promise<void>) {
    this.pending.add(p);
    p.finally(() => this.pending.delete(p));
  }

  private async deliver(id: number): Promise<void> {
    const row = this.db.select().from(outbox).where(eq(outbox.id, id)).get();
    if (!row || !this.smtpUrl) return;
    const smtpUrl = this.smtpUrl;
    this.transport ??= import("nodemailer").then((m) => m.createTransport(smtpUrl));
    try {
      const attachments = row.attachments ? (JSON.parse(row.attachments) as Attachment[]) : [];
      await (await this.transport).sendMail({
        from: this.opts.from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
      });
      this.db.update(outbox).set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where(eq(outbox.id, id)).run();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.db.update(outbox).set({ status: "failed", attempts: row.attempts + 1, lastError: message.slice(0, 500) }).where(eq(outbox.id, id)).run();
      this.opts.log.error("mail delivery failed", { outboxId: id, error: message });
    }
  }
}
