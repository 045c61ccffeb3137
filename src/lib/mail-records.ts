import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DB } from "../db/client";
import { outbox } from "../db/schema";
import type { MailStatus, Writer } from "./mail";

// What the outbox says about interviews and people: delivery states shown beside an
// interview, a person's e-mails for their timeline and export, and their erasure.
/** One e-mail's delivery state, as the recruiter sees it beside an interview. */
export interface MailState {
  meetingId: number;
  kind: string;
  audience: string | null;
  to: string;
  status: MailStatus;
  attempts: number;
  /** When the next try is due (pending and retrying only). */
  nextAttemptAt: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** An e-mail to or about one person, as their timeline and data export show it. */
export type PersonMail = Omit<MailState, "meetingId"> & { id: number; subject: string; text: string; meetingId: number | null };

/** The delivery state of every e-mail about these meetings, oldest first (what the recruiter sees and may resend). */
/** A row's delivery state in the shape pages and the API show. */
function deliveryState(r: typeof outbox.$inferSelect): Omit<MailState, "meetingId"> {
  return {
    kind: r.kind ?? "email",
    audience: r.audience,
    to: r.to,
    status: r.status as MailStatus,
    attempts: r.attempts,
    nextAttemptAt: r.status === "pending" || r.status === "retrying" ? r.nextAttemptAt.toISOString() : null,
    lastError: r.lastError,
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function mailForMeetings(db: DB, meetingIds: number[]): MailState[] {
  if (!meetingIds.length) return [];
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.meetingId, meetingIds))
    .orderBy(outbox.id)
    .all()
    .map((r) => ({ ...deliveryState(r), meetingId: r.meetingId! }));
}

/**
 * Every e-mail of a workspace sent to one of these addresses or about one of these
 * meetings, oldest first, with its delivery state (a person's timeline and data export).
 */
export function mailAboutPerson(db: DB, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): PersonMail[] {
  const cond = personCondition(workspaceId, who);
  if (!cond) return [];
  return db
    .select()
    .from(outbox)
    .where(cond)
    .orderBy(outbox.id)
    .all()
    .map((r) => ({ ...deliveryState(r), id: r.id, meetingId: r.meetingId, subject: r.subject, text: r.text }));
}

/**
 * Erasure of a person: the e-mails to them or about their interviews keep their row (the
 * delivery record) but lose the address, subject, bodies and attachments; ones not yet
 * sent are not sent. Runs in the caller's transaction.
 */
export function forgetPersonMail(tx: Writer, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): number {
  const cond = personCondition(workspaceId, who);
  if (!cond) return 0;
  const emails = who.emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  return tx
    .update(outbox)
    .set({
      // The recruiter's copy keeps its (recruiter's) address; the person's address goes.
      to: emails.length ? sql`case when lower(${outbox.to}) in (${sql.join(emails.map((e) => sql`${e}`), sql`, `)}) then 'erased' else ${outbox.to} end` : outbox.to,
      subject: "(erased)",
      html: "",
      text: "",
      attachments: null,
      icalEvent: null,
      replyTo: null,
      lastError: null,
      leaseUntil: null,
      status: sql`case when ${outbox.status} in ('pending', 'retrying') then 'skipped' else ${outbox.status} end`,
    })
    .where(cond)
    .returning({ id: outbox.id })
    .all().length;
}

function personCondition(workspaceId: number, who: { emails: string[]; meetingIds: number[] }) {
  const emails = [...new Set(who.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const parts = [
    emails.length ? inArray(sql`lower(${outbox.to})`, emails) : undefined,
    who.meetingIds.length ? inArray(outbox.meetingId, who.meetingIds) : undefined,
  ].filter((c) => c !== undefined);
  if (!parts.length) return undefined;
  return and(eq(outbox.workspaceId, workspaceId), or(...parts));
}
