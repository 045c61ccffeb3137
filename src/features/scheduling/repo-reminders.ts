import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { meetings } from "../../db/schema";

// The reminder job's queries: which meetings are due, and claiming one exactly once.

/**
 * Scheduled meetings starting in (now, until] whose reminder has not gone out. One booked
 * less than `lead` before its start needs none: the confirmation has just arrived.
 */
export function meetingsDueForReminder(db: DB, now: Date, until: Date, lead: number) {
  return db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.status, "scheduled"),
        isNull(meetings.reminderSentAt),
        gt(meetings.startTime, now),
        lte(meetings.startTime, until),
        lte(meetings.createdAt, sql`${meetings.startTime} - ${lead}`),
      ),
    )
    .all()
    .map((r) => r.id);
}

/** Claims a reminder once (a second run, or a second process, finds it taken). */
export function claimReminder(db: DB, meetingId: number, now: Date): boolean {
  const r = db
    .update(meetings)
    .set({ reminderSentAt: now })
    .where(and(eq(meetings.id, meetingId), isNull(meetings.reminderSentAt)))
    .returning({ id: meetings.id })
    .get();
  return !!r;
}
