// The SQL of handing sessions and interviews to another member (reassign.ts) and of the
// interviews removed members still hold (left-behind.ts).
import { and, asc, eq, gt, inArray, isNotNull, lt, ne, notInArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, participants, schedulingSessions, users } from "../../db/schema";
import type { MeetingRow } from "./repo";

type Db = Tx | DB;

/** A member's interviews, or one interview by its public id, as they are before a reassignment. */
export function interviewsBefore(db: Db, v: { workspaceId: number; userId?: number; publicId?: string }): MeetingRow[] {
  const by = v.publicId !== undefined ? eq(meetings.publicId, v.publicId) : eq(meetings.userId, v.userId ?? -1);
  return db
    .select()
    .from(meetings)
    .where(and(eq(meetings.workspaceId, v.workspaceId), by))
    .all();
}

/** One interview of the workspace by its public id. */
export function interviewByPublicId(db: Db, workspaceId: number, publicId: string): MeetingRow | undefined {
  return db
    .select()
    .from(meetings)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.publicId, publicId)))
    .get();
}

/** The public id of a scheduled interview of `userId` that overlaps `m` (not `m` itself), if any. */
export function overlappingInterviewOf(db: Db, userId: number, m: MeetingRow): string | undefined {
  const o = db
    .select({ publicId: meetings.publicId })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), eq(meetings.status, "scheduled"), lt(meetings.startTime, m.endTime), gt(meetings.endTime, m.startTime), ne(meetings.id, m.id)))
    .get();
  return o?.publicId;
}

/** The interview's event is no longer where it was: a new one is made for its interviewer. */
export function forgetCalendarEvent(tx: Tx, meetingId: number): void {
  tx.update(meetings).set({ calendarEventId: null, meetingUrl: null }).where(eq(meetings.id, meetingId)).run();
}

/** Every session of `fromUserId` but the kept ones now `toUserId`'s; the ids moved. */
export function handSessionsOver(tx: Tx, v: { workspaceId: number; fromUserId: number; toUserId: number }, kept: Set<number>): { id: number }[] {
  return tx
    .update(schedulingSessions)
    .set({ userId: v.toUserId })
    .where(and(eq(schedulingSessions.workspaceId, v.workspaceId), eq(schedulingSessions.userId, v.fromUserId), kept.size ? notInArray(schedulingSessions.id, [...kept]) : undefined))
    .returning({ id: schedulingSessions.id })
    .all();
}

/** The interviews (ids already checked to be the workspace's) now `toUserId`'s; the ids moved. */
export function handInterviewsOver(tx: Tx, meetingIds: number[], toUserId: number): { id: number }[] {
  return tx.update(meetings).set({ userId: toUserId }).where(inArray(meetings.id, meetingIds)).returning({ id: meetings.id }).all();
}

/** One session of the workspace now `toUserId`'s; undefined when the workspace has no such session. */
export function handSessionOver(tx: Tx, workspaceId: number, sessionId: number, toUserId: number): { id: number } | undefined {
  return tx
    .update(schedulingSessions)
    .set({ userId: toUserId })
    .where(and(eq(schedulingSessions.workspaceId, workspaceId), eq(schedulingSessions.id, sessionId)))
    .returning({ id: schedulingSessions.id })
    .get();
}

/** One interview (already checked to be the workspace's) now `toUserId`'s. */
export function handInterviewOver(tx: Tx, meetingId: number, toUserId: number): void {
  tx.update(meetings).set({ userId: toUserId }).where(eq(meetings.id, meetingId)).run();
}

/** The workspace's scheduled interviews after `now` whose interviewer was removed, soonest first (at most 200). */
export function upcomingInterviewsOfRemovedMembers(db: DB, workspaceId: number, now: Date) {
  return db
    .select({ interviewId: meetings.publicId, title: meetings.title, start: meetings.startTime, candidateName: participants.name, name: users.name, email: users.email })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.userId))
    .innerJoin(participants, eq(participants.id, meetings.candidateId))
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.status, "scheduled"), gt(meetings.startTime, now), isNotNull(users.removedAt)))
    .orderBy(asc(meetings.startTime))
    .limit(200)
    .all();
}
