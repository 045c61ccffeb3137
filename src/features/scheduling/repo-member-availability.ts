import { and, asc, eq, gt, gte, inArray, lt, ne, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { interviewTypes, meetingInterviewers, meetings, memberAvailability, sessionInterviewers, users } from "../../db/schema";
import type { Availability } from "./offer-slots";

// A member's availability row (scheduling's table member_availability).

export type AvailabilityRow = typeof memberAvailability.$inferSelect;

export function availabilityRows(db: DB | Tx, userIds: number[]): AvailabilityRow[] {
  if (!userIds.length) return [];
  return db.select().from(memberAvailability).where(inArray(memberAvailability.userId, userIds)).all();
}

export function saveAvailability(tx: Tx, v: { userId: number; workspaceId: number; availability: Availability; now: Date }) {
  const a = v.availability;
  const values = {
    workspaceId: v.workspaceId,
    timeZone: a.timeZone,
    weekly: a.weekly,
    overrides: a.overrides,
    bufferBeforeMinutes: a.bufferBeforeMinutes,
    bufferAfterMinutes: a.bufferAfterMinutes,
    minimumNoticeMinutes: a.minimumNoticeMinutes,
    maxInterviewsPerDay: a.maxInterviewsPerDay,
    updatedAt: v.now,
  };
  tx.insert(memberAvailability)
    .values({ userId: v.userId, ...values })
    .onConflictDoUpdate({ target: memberAvailability.userId, set: values })
    .run();
}

/** Scheduled meetings of these members (held or on a panel) overlapping [from, to), other than `exceptMeetingId`: busy times and the daily cap's count. */
export function scheduledMeetingsOf(db: DB | Tx, userIds: number[], from: Date, to: Date, exceptMeetingId = 0): { userId: number; start: number; end: number }[] {
  if (!userIds.length) return [];
  const overlap = and(eq(meetings.status, "scheduled"), lt(meetings.startTime, to), gt(meetings.endTime, from), ne(meetings.id, exceptMeetingId));
  const held = db
    .select({ userId: meetings.userId, start: meetings.startTime, end: meetings.endTime })
    .from(meetings)
    .where(and(inArray(meetings.userId, userIds), overlap))
    .all();
  const panels = db
    .select({ userId: meetingInterviewers.userId, start: meetings.startTime, end: meetings.endTime })
    .from(meetingInterviewers)
    .innerJoin(meetings, eq(meetings.id, meetingInterviewers.meetingId))
    .where(and(inArray(meetingInterviewers.userId, userIds), overlap))
    .all();
  return [...held, ...panels].map((m) => ({ userId: m.userId, start: m.start.getTime(), end: m.end.getTime() }));
}

// ---- Panels and pools (session_interviewers, meeting_interviewers) ----

export type SessionInterviewerRow = typeof sessionInterviewers.$inferSelect;

export function insertSessionInterviewers(tx: Tx, sessionId: number, rows: { userId: number; kind: "required" | "optional" | "pool" }[]) {
  if (rows.length)
    tx.insert(sessionInterviewers)
      .values(rows.map((r, position) => ({ sessionId, position, ...r })))
      .run();
}

export function sessionInterviewersOf(db: DB | Tx, sessionIds: number[]): SessionInterviewerRow[] {
  if (!sessionIds.length) return [];
  return db.select().from(sessionInterviewers).where(inArray(sessionInterviewers.sessionId, sessionIds)).orderBy(asc(sessionInterviewers.position)).all();
}

export function insertMeetingInterviewers(tx: Tx, meetingId: number, rows: { userId: number; required: boolean }[]) {
  if (rows.length)
    tx.insert(meetingInterviewers)
      .values(rows.map((r) => ({ meetingId, ...r })))
      .onConflictDoNothing()
      .run();
}

/** The panel of these meetings (beyond their holders), with names and addresses for invitations and pages. */
export function meetingPanels(db: DB | Tx, meetingIds: number[]) {
  if (!meetingIds.length) return [];
  return db
    .select({ meetingId: meetingInterviewers.meetingId, userId: meetingInterviewers.userId, required: meetingInterviewers.required, name: users.name, email: users.email })
    .from(meetingInterviewers)
    .innerJoin(users, eq(users.id, meetingInterviewers.userId))
    .where(inArray(meetingInterviewers.meetingId, meetingIds))
    .orderBy(asc(meetingInterviewers.meetingId), asc(users.id))
    .all();
}

/** Per member: interviews booked from pools since `since` (not cancelled) and the last one's booking time. */
export function poolLoad(db: DB | Tx, userIds: number[], since: Date): Map<number, { count: number; last: number | null }> {
  const out = new Map(userIds.map((id) => [id, { count: 0, last: null as number | null }]));
  if (!userIds.length) return out;
  const rows = db
    .select({ userId: meetings.userId, count: sql<number>`count(*)`, last: sql<number | null>`max(${meetings.createdAt})` })
    .from(meetings)
    .where(and(inArray(meetings.userId, userIds), eq(meetings.assignedBy, "pool"), gte(meetings.createdAt, since), ne(meetings.status, "canceled")))
    .groupBy(meetings.userId)
    .all();
  for (const r of rows) out.set(r.userId, { count: r.count, last: r.last });
  return out;
}

export function setAssignment(tx: Tx, meetingId: number, reason: string) {
  tx.update(meetings).set({ assignedBy: "pool", assignmentReason: reason }).where(eq(meetings.id, meetingId)).run();
}

/** An interview type's location, or null. */
export function typeLocation(db: DB | Tx, interviewTypeId: number): string | null {
  return db.select({ location: interviewTypes.location }).from(interviewTypes).where(eq(interviewTypes.id, interviewTypeId)).get()?.location ?? null;
}

export function setMeetingLocation(tx: Tx, meetingId: number, location: string) {
  return tx.update(meetings).set({ location }).where(eq(meetings.id, meetingId)).returning().get();
}
