import { asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, participants, schedulingSessions, schedulingSlots, users, workspaces } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { param, preparedQuery } from "../../db/prepared";
import { qualified } from "./repo-availability";
export { openSlots, userBusy } from "./repo-availability";
export { bookSlot, type BookOutcome } from "./repo-book-slot";

export type SessionRow = typeof schedulingSessions.$inferSelect;
export type MeetingRow = typeof meetings.$inferSelect;

/** The candidate and recruiter fields that sessions and meetings show. */
const people = {
  candidateName: participants.name,
  candidateEmail: participants.emailAddress,
  candidateRole: participants.roleApplied,
  candidateJobTitle: participants.jobTitle,
  candidateLinkedin: participants.linkedinUrl,
  recruiterName: users.name,
  recruiterEmail: users.email,
  recruiterTimeZone: users.timeZone,
  workspaceName: workspaces.name,
};

export function insertSession(
  db: DB | Tx,
  v: Omit<typeof schedulingSessions.$inferInsert, "id" | "status" | "createdAt"> & { createdAt: Date },
  slots: { id: string; startTime: Date; endTime: Date }[],
): SessionRow {
  return db.transaction((tx) => {
    const row = tx.insert(schedulingSessions).values(v).returning().get();
    // A session offering free times has no slot rows until it is booked.
    if (slots.length)
      tx.insert(schedulingSlots)
        .values(slots.map((s) => ({ ...s, sessionId: row.id, workspaceId: v.workspaceId })))
        .run();
    return row;
  });
}

/** The newest sessions of a workspace (at most `limit`), or the one session `only` names. */
export function listSessions(db: DB, workspaceId: number, opts: { limit?: number; only?: number } = {}) {
  const { limit = 200, only } = opts;
  return db
    .select({ session: schedulingSessions, candidateName: participants.name })
    .from(schedulingSessions)
    .innerJoin(participants, eq(participants.id, schedulingSessions.candidateId))
    .where(inWorkspace(schedulingSessions, workspaceId, only === undefined ? undefined : eq(schedulingSessions.id, only)))
    .orderBy(desc(schedulingSessions.createdAt), desc(schedulingSessions.id))
    .limit(limit)
    .all();
}

/** Slots of several sessions, each marked with whether a meeting holds it. */
export function slotsOfSessions(db: DB, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return db
    .select({ slot: schedulingSlots, meetingId: meetings.id })
    .from(schedulingSlots)
    .leftJoin(meetings, eq(meetings.slotId, schedulingSlots.id))
    .where(inArray(schedulingSlots.sessionId, sessionIds))
    .orderBy(asc(schedulingSlots.startTime))
    .all();
}

export function findSession(db: DB, workspaceId: number, id: number): SessionRow | undefined {
  return db
    .select()
    .from(schedulingSessions)
    .where(inWorkspace(schedulingSessions, workspaceId, eq(schedulingSessions.id, id)))
    .get();
}

/** Cancels only a pending session; null when it was not pending (or not in the workspace). */
export function cancelPendingSession(db: DB | Tx, workspaceId: number, id: number): SessionRow | undefined {
  return db
    .update(schedulingSessions)
    .set({ status: "cancelled" })
    .where(inWorkspace(schedulingSessions, workspaceId, eq(schedulingSessions.id, id), eq(schedulingSessions.status, "pending")))
    .returning()
    .get();
}

// The public booking and confirmation pages are busy: their reads are prepared once per
// database (see db/prepared.ts). Timestamps go in as milliseconds (timestamp_ms columns).
//
// The two reads behind GET /book/{token} also avoid JOIN and ORDER BY. Measured with the
// bundled SQLite (3.54): a prepared statement whose plan has a choice to make (join order,
// ORDER BY from the index or a sort) costs as much as preparing it again each time its
// parameters are bound, 6–30 µs here, while the same read written with correlated
// subqueries and a JavaScript sort runs in 1–4 µs.

/** A column of the row that `ref` points at (by `id`), as a scalar subquery. */
const via = <T>(column: SQLiteColumn, id: SQLiteColumn, ref: SQLiteColumn) => sql<T>`(select ${qualified(column)} from ${column.table} where ${qualified(id)} = ${qualified(ref)})`;

// Foreign keys (enforced, cascading) guarantee the candidate, recruiter and workspace exist,
// so these subqueries find what the former inner joins did.
const sessionPeople = {
  candidateName: via<string | null>(participants.name, participants.id, schedulingSessions.candidateId),
  candidateEmail: via<string | null>(participants.emailAddress, participants.id, schedulingSessions.candidateId),
  candidateRole: via<string | null>(participants.roleApplied, participants.id, schedulingSessions.candidateId),
  candidateJobTitle: via<string | null>(participants.jobTitle, participants.id, schedulingSessions.candidateId),
  candidateLinkedin: via<string | null>(participants.linkedinUrl, participants.id, schedulingSessions.candidateId),
  recruiterName: via<string | null>(users.name, users.id, schedulingSessions.userId),
  recruiterEmail: via<string>(users.email, users.id, schedulingSessions.userId),
  workspaceName: via<string>(workspaces.name, workspaces.id, schedulingSessions.workspaceId),
};

const sessionByTokenHash = preparedQuery((db) =>
  db
    .select({ session: schedulingSessions, ...sessionPeople })
    .from(schedulingSessions)
    .where(eq(schedulingSessions.tokenHash, param<string>("hash")))
    .prepare(),
);
/** A session by the SHA-256 of its public token, with the people the booking page names. */
export function findSessionByTokenHash(db: DB, hash: string) {
  return sessionByTokenHash(db).get({ hash });
}

/** Legacy rows that still hold the plain token (written before tokens were hashed). */
export function sessionsWithPlainToken(db: DB) {
  return db.select({ id: schedulingSessions.id, token: schedulingSessions.tokenHash }).from(schedulingSessions).where(isNull(schedulingSessions.tokenSealed)).all();
}
export function setTokenHash(db: DB, id: number, v: { tokenHash: string; tokenSealed: string }) {
  db.update(schedulingSessions).set(v).where(eq(schedulingSessions.id, id)).run();
}

/** The meeting of each session that has one (for the Active Sessions list). */
export function meetingsOfSessions(db: DB, sessionIds: number[]) {
  if (!sessionIds.length) return [];
  return db
    .select({ sessionId: meetings.sessionId, publicId: meetings.publicId, status: meetings.status, startTime: meetings.startTime, endTime: meetings.endTime })
    .from(meetings)
    .where(inArray(meetings.sessionId, sessionIds))
    .all();
}

export function meetingOfSession(db: DB, sessionId: number): MeetingRow | undefined {
  return db.select().from(meetings).where(eq(meetings.sessionId, sessionId)).get();
}

export function listMeetings(db: DB, workspaceId: number, limit = 200) {
  return db
    .select({ meeting: meetings, candidateName: participants.name, timeZone: schedulingSessions.timeZone })
    .from(meetings)
    .innerJoin(participants, eq(participants.id, meetings.candidateId))
    .innerJoin(schedulingSessions, eq(schedulingSessions.id, meetings.sessionId))
    .where(inWorkspace(meetings, workspaceId))
    .orderBy(desc(meetings.createdAt), desc(meetings.id))
    .limit(limit)
    .all();
}

/** Meetings with everything their pages, e-mails and the calendar show. */
function selectMeetingsWithPeople(db: DB) {
  return db
    .select({ meeting: meetings, timeZone: schedulingSessions.timeZone, sessionTokenSealed: schedulingSessions.tokenSealed, sessionExpiresAt: schedulingSessions.expiresAt, ...people })
    .from(meetings)
    .innerJoin(schedulingSessions, eq(schedulingSessions.id, meetings.sessionId))
    .innerJoin(participants, eq(participants.id, meetings.candidateId))
    .innerJoin(users, eq(users.id, meetings.userId))
    .innerJoin(workspaces, eq(workspaces.id, meetings.workspaceId));
}

function meetingWithPeople(db: DB, where: ReturnType<typeof eq>) {
  return selectMeetingsWithPeople(db).where(where).get();
}
export type MeetingDetail = NonNullable<ReturnType<typeof meetingWithPeople>>;

/** A workspace's meetings (or one of its users' meetings), with their people, oldest first. */
export function listMeetingsWithPeople(db: DB, v: { workspaceId: number; userId?: number; limit?: number }): MeetingDetail[] {
  return selectMeetingsWithPeople(db)
    .where(inWorkspace(meetings, v.workspaceId, v.userId != null ? eq(meetings.userId, v.userId) : undefined))
    .orderBy(asc(meetings.startTime), asc(meetings.id))
    .limit(v.limit ?? 2000)
    .all();
}

// The candidate's confirmation page reads its meeting by the manage token on every view.
const meetingByManageHash = preparedQuery((db) =>
  selectMeetingsWithPeople(db)
    .where(eq(meetings.manageTokenHash, param<string>("hash")))
    .prepare(),
);

export const findMeetingById = (db: DB, id: number) => meetingWithPeople(db, eq(meetings.id, id));
export const findMeetingByPublicId = (db: DB, publicId: string) => meetingWithPeople(db, eq(meetings.publicId, publicId));
export const findMeetingByManageHash = (db: DB, hash: string): MeetingDetail | undefined => meetingByManageHash(db).get({ hash });

export function setCalendarEvent(db: DB | Tx, meetingId: number, v: { calendarEventId?: string | null; meetingUrl?: string | null }) {
  return db.update(meetings).set(v).where(eq(meetings.id, meetingId)).returning({ id: meetings.id }).get();
}

/** A session by its id, whatever its workspace (the candidate's links reach it by token first). */
export function sessionById(db: DB | Tx, id: number): SessionRow | undefined {
  return db.select().from(schedulingSessions).where(eq(schedulingSessions.id, id)).get();
}

/** A slot written when a candidate books one of a session's free times. */
export function insertSlot(db: DB | Tx, v: typeof schedulingSlots.$inferInsert) {
  db.insert(schedulingSlots).values(v).run();
}

/** One offered slot by its id (the calendar check of a booking reads its times). */
export function findSlot(db: DB, slotId: string) {
  return db.select().from(schedulingSlots).where(eq(schedulingSlots.id, slotId)).get();
}
