import type { Deps } from "../../deps";

/**
 * What scheduling asks of the calendar (issue: calendar fills these in).
 * Both must never throw: a Google failure must not lose or block a booking.
 */
export interface Interval {
  start: Date;
  end: Date;
}

/** Busy times of the user's primary calendar between from and to ([] when not connected). */
export async function busyIntervals(_deps: Deps, _userId: number, _from: Date, _to: Date): Promise<Interval[]> {
  return [];
}

/** Called after a booking is committed: creates the calendar event (or leaves it to the sync). */
export async function afterBooking(_deps: Deps, _meetingId: number): Promise<void> {}
