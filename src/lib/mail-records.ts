import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { DB } from "../db/client";
import type { Tx } from "../db/tx";
import { mailMessages, tasks } from "../db/schema";

// What the mail messages and their tasks say about interviews and people: delivery states
// shown beside an interview, a person's e-mails for their timeline and export, and erasure.
/** Where an e-mail stands: the states of its task, in the words mail uses. */
export type MailStatus = "pending" | "sent" | "retrying" | "failed" | "skipped";

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

type Row = { m: typeof mailMessages.$inferSelect; t: typeof tasks.$inferSelect | null };

/** The task's state in the words mail uses (a done task is a sent e-mail). */
export function mailStatusOf(taskStatus: string | null | undefined): MailStatus {
  if (taskStatus === "done") return "sent";
  if (taskStatus === "held" || !taskStatus) return taskStatus === "held" ? "pending" : "failed";
  return taskStatus as MailStatus;
}

/** A message's delivery state in the shape pages and the API show, read from its task. */
function deliveryState({ m, t }: Row): Omit<MailState, "meetingId"> {
  const status = mailStatusOf(t?.status);
  return {
    kind: m.kind ?? "email",
    audience: m.audience,
    to: m.to,
    status,
    attempts: t?.attempts ?? 0,
    nextAttemptAt: t && (status === "pending" || status === "retrying") ? t.runAt.toISOString() : null,
    lastError: t?.lastError ?? null,
    sentAt: status === "sent" && t?.finishedAt ? t.finishedAt.toISOString() : null,
    createdAt: m.createdAt.toISOString(),
  };
}

const withTask = (db: DB) => db.select({ m: mailMessages, t: tasks }).from(mailMessages).leftJoin(tasks, eq(tasks.id, mailMessages.taskId));

/** The delivery state of every e-mail about these meetings, oldest first (what the recruiter sees and may resend). */
export function mailForMeetings(db: DB, meetingIds: number[]): MailState[] {
  if (!meetingIds.length) return [];
  return withTask(db)
    .where(inArray(mailMessages.meetingId, meetingIds))
    .orderBy(mailMessages.id)
    .all()
    .map((r) => ({ ...deliveryState(r), meetingId: r.m.meetingId! }));
}

/**
 * Every e-mail of a workspace sent to one of these addresses or about one of these
 * meetings, oldest first, with its delivery state (a person's timeline and data export).
 */
export function mailAboutPerson(db: DB, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): PersonMail[] {
  const cond = personCondition(workspaceId, who);
  if (!cond) return [];
  return withTask(db)
    .where(cond)
    .orderBy(mailMessages.id)
    .all()
    .map((r) => ({ ...deliveryState(r), id: r.m.id, meetingId: r.m.meetingId, subject: r.m.subject, text: r.m.text }));
}

/**
 * Resend while an e-mail still waits: its task is due now (a retrying one is tried at once)
 * instead of a second copy being written. Answers the audiences brought forward.
 */
export function bringMailForward(tx: Tx, meetingId: number, kind: string, now: Date): Set<string> {
  const waiting = tx
    .select({ audience: mailMessages.audience, taskId: mailMessages.taskId })
    .from(mailMessages)
    .innerJoin(tasks, eq(tasks.id, mailMessages.taskId))
    .where(and(eq(mailMessages.meetingId, meetingId), eq(mailMessages.kind, kind), inArray(tasks.status, ["pending", "retrying"])))
    .all();
  if (waiting.length)
    tx.update(tasks)
      .set({ runAt: now })
      .where(
        inArray(
          tasks.id,
          waiting.map((w) => w.taskId),
        ),
      )
      .run();
  return new Set(waiting.map((w) => w.audience ?? ""));
}

/**
 * Erasure of a person: the e-mails to them or about their interviews keep their row (the
 * delivery record) but lose the address, subject, bodies and attachments; ones not yet
 * sent are not sent. Runs in the caller's transaction.
 */
export function forgetPersonMail(tx: Tx, workspaceId: number, who: { emails: string[]; meetingIds: number[] }): number {
  const cond = personCondition(workspaceId, who);
  if (!cond) return 0;
  const emails = who.emails.map((e) => e.trim().toLowerCase()).filter(Boolean);
  const rows = tx
    .update(mailMessages)
    .set({
      // The recruiter's copy keeps its (recruiter's) address; the person's address goes.
      to: emails.length
        ? sql`case when lower(${mailMessages.to}) in (${sql.join(
            emails.map((e) => sql`${e}`),
            sql`, `,
          )}) then 'erased' else ${mailMessages.to} end`
        : mailMessages.to,
      subject: "(erased)",
      html: "",
      text: "",
      attachments: null,
      icalEvent: null,
      replyTo: null,
    })
    .where(cond)
    .returning({ taskId: mailMessages.taskId })
    .all();
  if (rows.length) {
    tx.update(tasks)
      .set({ status: sql`case when ${tasks.status} in ('pending', 'retrying', 'held') then 'skipped' else ${tasks.status} end`, lastError: null, leaseToken: null, leaseUntil: null })
      .where(
        inArray(
          tasks.id,
          rows.map((r) => r.taskId),
        ),
      )
      .run();
  }
  return rows.length;
}

function personCondition(workspaceId: number, who: { emails: string[]; meetingIds: number[] }) {
  const emails = [...new Set(who.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const parts = [emails.length ? inArray(sql`lower(${mailMessages.to})`, emails) : undefined, who.meetingIds.length ? inArray(mailMessages.meetingId, who.meetingIds) : undefined].filter(
    (c) => c !== undefined,
  );
  if (!parts.length) return undefined;
  return and(eq(mailMessages.workspaceId, workspaceId), or(...parts));
}

/**
 * When the workspace last e-mailed each of these addresses (lower-cased), counting e-mails sent or
 * on their way (not failed or skipped ones): the assistant's "last contact". 500 addresses a query.
 */
export function lastMailTo(db: DB, workspaceId: number, addresses: string[]): Map<string, Date> {
  const emails = [...new Set(addresses.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const out = new Map<string, Date>();
  for (let i = 0; i < emails.length; i += 500) {
    const rows = db
      .select({ to: sql<string>`lower(${mailMessages.to})`, at: sql<number>`max(${mailMessages.createdAt})` })
      .from(mailMessages)
      .leftJoin(tasks, eq(tasks.id, mailMessages.taskId))
      .where(
        and(eq(mailMessages.workspaceId, workspaceId), inArray(sql`lower(${mailMessages.to})`, emails.slice(i, i + 500)), inArray(tasks.status, ["pending", "retrying", "held", "running", "done"])),
      )
      .groupBy(sql`lower(${mailMessages.to})`)
      .all();
    for (const r of rows) out.set(r.to, new Date(Number(r.at)));
  }
  return out;
}
