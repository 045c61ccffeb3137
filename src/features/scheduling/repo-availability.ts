import { and, eq, getTableName, gt, notExists, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetingInterviewers, meetings, schedulingSlots } from "../../db/schema";
import { param, preparedQuery } from "../../db/prepared";

// What can still be booked: the recruiter's one calendar (no two scheduled meetings of a user
// overlap) applied to the slots offered, counted and booked.

type SlotRow = typeof schedulingSlots.$inferSelect;

// Drizzle writes bare column names in a single-table select; inside a subquery every name
// is spelled with its table so none can resolve against the wrong one.
export const qualified = (c: SQLiteColumn) => sql`${sql.identifier(getTableName(c.table))}.${sql.identifier(c.name)}`;

/**
 * A scheduled meeting of `userId` that overlaps [start, end): the recruiter's one calendar,
 * across every session and intro call, and every panel they sit on (issue 36). `slotStart`/`slotEnd` are SQL expressions or values.
 */
const overlapping = (userId: unknown, start: unknown, end: unknown, exceptMeetingId: unknown) =>
  sql`(exists (select 1 from ${meetings} o where o.user_id = ${userId} and o.status = 'scheduled' and o.start_time < ${end} and o.end_time > ${start} and o.id <> ${exceptMeetingId})
    or exists (select 1 from ${meetingInterviewers} pi join ${meetings} o on o.id = pi.meeting_id where pi.user_id = ${userId} and o.status = 'scheduled' and o.start_time < ${end} and o.end_time > ${start} and o.id <> ${exceptMeetingId}))`;

/** True when the user has a scheduled meeting (other than `exceptMeetingId`) overlapping [start, end). */
export function userBusy(db: DB | Tx, v: { userId: number; start: Date; end: Date; exceptMeetingId?: number }): boolean {
  // drizzle's get() on raw SQL gives the row as an array of values.
  const row = db.get<[number]>(sql`select ${overlapping(v.userId, v.start.getTime(), v.end.getTime(), v.exceptMeetingId ?? 0)}`);
  return !!row?.[0];
}

// Flat columns (not a nested { slot }) so rows come back as SlotRow without regrouping.
const openSlotsOf = preparedQuery((db) =>
  db
    .select({ id: schedulingSlots.id, sessionId: schedulingSlots.sessionId, workspaceId: schedulingSlots.workspaceId, startTime: schedulingSlots.startTime, endTime: schedulingSlots.endTime })
    .from(schedulingSlots)
    .where(
      and(
        eq(schedulingSlots.sessionId, param("sessionId")),
        gt(schedulingSlots.startTime, param<Date>("now")),
        notExists(
          db
            .select({ one: sql`1` })
            .from(meetings)
            .where(eq(meetings.slotId, schedulingSlots.id)),
        ),
        sql`not ${overlapping(param("userId"), qualified(schedulingSlots.startTime), qualified(schedulingSlots.endTime), param("exceptMeetingId"))}`,
      ),
    )
    .prepare(),
);
/**
 * Slots of one session that can be booked now: not past, held by no meeting, and free in
 * the recruiter's calendar (no scheduled meeting of theirs overlaps, other than
 * `exceptMeetingId`, the meeting being moved). Earliest first.
 */
export function openSlots(db: DB, v: { sessionId: number; userId: number; now: Date; exceptMeetingId?: number }): SlotRow[] {
  return openSlotsOf(db)
    .all({ sessionId: v.sessionId, userId: v.userId, now: v.now.getTime(), exceptMeetingId: v.exceptMeetingId ?? 0 })
    .sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}
