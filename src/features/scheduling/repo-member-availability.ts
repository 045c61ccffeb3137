import { and, eq, gt, inArray, lt, ne } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, memberAvailability } from "../../db/schema";
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
  tx.insert(memberAvailability).values({ userId: v.userId, ...values }).onConflictDoUpdate({ target: memberAvailability.userId, set: values }).run();
}

export function deleteAvailability(tx: Tx, userId: number) {
  tx.delete(memberAvailability).where(eq(memberAvailability.userId, userId)).run();
}

/** Scheduled meetings of these members overlapping [from, to), other than `exceptMeetingId`: busy times and the daily cap's count. */
export function scheduledMeetingsOf(db: DB | Tx, userIds: number[], from: Date, to: Date, exceptMeetingId = 0): { userId: number; start: number; end: number }[] {
  if (!userIds.length) return [];
  return db
    .select({ userId: meetings.userId, start: meetings.startTime, end: meetings.endTime })
    .from(meetings)
    .where(and(inArray(meetings.userId, userIds), eq(meetings.status, "scheduled"), lt(meetings.startTime, to), gt(meetings.endTime, from), ne(meetings.id, exceptMeetingId)))
    .all()
    .map((m) => ({ userId: m.userId, start: m.start.getTime(), end: m.end.getTime() }));
}
