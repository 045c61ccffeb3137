import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { calendarCalendars } from "../../db/schema";

/**
 * The read whose changes are not yet all applied to the interviews (calendar_calendars.pending_read):
 * written with the read's sync token (repo-cache's applyRead), cleared once reconciling it finished.
 */
export function pendingReadOf(db: DB, userId: number, calendarId: string): string | null {
  const row = db
    .select({ pending: calendarCalendars.pendingRead })
    .from(calendarCalendars)
    .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, calendarId)))
    .get();
  return row?.pending ?? null;
}

/** Clears the pending read when it is still the one applied (another read meanwhile stored its own with it). */
export function clearPendingRead(db: DB, userId: number, calendarId: string, applied: string): void {
  db.update(calendarCalendars)
    .set({ pendingRead: null })
    .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, calendarId), eq(calendarCalendars.pendingRead, applied)))
    .run();
}
