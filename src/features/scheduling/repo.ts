import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, participants, schedulingSessions, schedulingSlots, users, workspaces } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { param, preparedQuery } from "../../db/prepared";
import { qualified, userBusy } from "./repo-availability";
export { bookableCounts, openSlots, userBusy } from "./repo-availability";

export type SessionRow = typeof schedulingSessions.$inferSelect;
export type SlotRow = typeof schedulingSlots.$inferSelect;
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
  return db.select().from(schedulingSessions).where(inWorkspace(schedulingSessions, workspaceId, eq(schedulingSessions.id, id))).get();
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
const via = <T>(column: SQLiteColumn, id: SQLiteColumn, ref: SQLiteColumn) =>
  sql<T>`(select ${qualified(column)} from ${column.table} where ${qualified(id)} = ${qualified(ref)})`;

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


export type BookOutcome =
  | { kind: "booked"; meeting: MeetingRow; session: SessionRow; rebooked: boolean; previousStartTime: Date | null }
  | { kind: "not_found" }
  | { kind: "taken" }
  | { kind: "bad_slot" };

/**
 * The booking. Call it inside a write transaction begun IMMEDIATE (the write lock taken
 * first), so that the check against the recruiter's other meetings and the insert cannot be
 * split by another booking, in this process or another. It flips the session from pending
 * to scheduled only if it still is pending and unexpired, then inserts the meeting; the
 * unique indexes on meetings(session_id) and meetings(slot_id) are the last guard.
 */
export function bookSlot(
  db: DB | Tx,
  v: {
    tokenHash: string;
    slotId: string;
    now: Date;
    publicId: string;
    manageTokenHash: string;
    candidateTimeZone: string | null;
    videoFor?: (s: SessionRow) => { kind: string; url: string | null };
    /** Who holds the interview, when not the session's organiser (a pool's chosen member). */
    holderId?: number;
  },
): BookOutcome {
  return db.transaction((tx): BookOutcome => {
    const s = tx.select().from(schedulingSessions).where(eq(schedulingSessions.tokenHash, v.tokenHash)).get();
    if (!s) return { kind: "not_found" };
    if (s.status === "scheduled") return { kind: "taken" };
    if (s.status !== "pending" || s.expiresAt.getTime() <= v.now.getTime()) return { kind: "not_found" };
    const slot = tx
      .select()
      .from(schedulingSlots)
      .where(and(eq(schedulingSlots.id, v.slotId), eq(schedulingSlots.sessionId, s.id)))
      .get();
    if (!slot || slot.startTime.getTime() <= v.now.getTime()) return { kind: "bad_slot" };
    const holderId = v.holderId ?? s.userId;
    if (userBusy(tx, { userId: holderId, start: slot.startTime, end: slot.endTime })) return { kind: "taken" };
    const flipped = tx
      .update(schedulingSessions)
      .set({ status: "scheduled" })
      .where(and(eq(schedulingSessions.id, s.id), eq(schedulingSessions.status, "pending"), gt(schedulingSessions.expiresAt, v.now)))
      .returning()
      .get();
    if (!flipped) return { kind: "taken" };
    // The recruiter asked for a new time: the same interview (same invitation UID, same
    // manage link) takes the slot the candidate picks now.
    const waiting = tx.select().from(meetings).where(and(eq(meetings.sessionId, s.id), eq(meetings.status, "pending"))).get();
    if (waiting) {
      const meeting = tx
        .update(meetings)
        .set({
          slotId: slot.id,
          startTime: slot.startTime,
          endTime: slot.endTime,
          status: "scheduled",
          reminderSentAt: null,
          sequence: sql`${meetings.sequence} + 1`,
          candidateTimeZone: v.candidateTimeZone ?? waiting.candidateTimeZone,
        })
        .where(eq(meetings.id, waiting.id))
        .returning()
        .get();
      return { kind: "booked", meeting, session: flipped, rebooked: true, previousStartTime: waiting.startTime };
    }
    // The video link: the session's own, else the interviewer's default (a fixed link is the meeting's URL now; Meet comes with the event).
    const video = v.videoFor?.(s) ?? null;
    const meeting = tx
      .insert(meetings)
      .values({
        videoKind: video?.kind ?? null,
        meetingUrl: video?.kind === "fixed" ? video.url : null,
        publicId: v.publicId,
        workspaceId: s.workspaceId,
        sessionId: s.id,
        slotId: slot.id,
        userId: holderId,
        candidateId: s.candidateId,
        title: s.title,
        description: s.description,
        status: "scheduled",
        startTime: slot.startTime,
        endTime: slot.endTime,
        manageTokenHash: v.manageTokenHash,
        candidateTimeZone: v.candidateTimeZone,
        createdAt: v.now,
      })
      .returning()
      .get();
    return { kind: "booked", meeting, session: flipped, rebooked: false, previousStartTime: null };
  });
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
const meetingByManageHash = preparedQuery((db) => selectMeetingsWithPeople(db).where(eq(meetings.manageTokenHash, param<string>("hash"))).prepare());

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
