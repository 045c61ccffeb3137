import type { Deps } from "../../deps";
import { connectedClient, withGoogle } from "./connection";
import { meetingForCalendar } from "./meetings";
import { pushMeeting } from "./sync";

/**
 * What scheduling asks of the calendar. Both never throw: a Google failure must not
 * lose or block a booking (the background sync creates a missing event later).
 */
export interface Interval {
  start: Date;
  end: Date;
}

/** A booking waits at most this long for Google. */
export const HOOK_TIMEOUT_MS = 4000;

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from Google within ${ms} ms`)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Busy times of the user's primary calendar between from and to ([] when not connected or on failure). */
export async function busyIntervals(deps: Deps, userId: number, from: Date, to: Date): Promise<Interval[]> {
  try {
    if (!(to > from)) return [];
    const c = await connectedClient(deps, userId);
    if (!c) return [];
    return await within(HOOK_TIMEOUT_MS, withGoogle(deps, c, (x) => x.client.busy(x.calendarId, from, to)));
  } catch (e) {
    deps.log.error("calendar busy times unavailable", { userId, error: e instanceof Error ? e.message : String(e) });
    return [];
  }
}

/** Called after a booking is committed: creates the calendar event (or leaves it to the sync). */
export async function afterBooking(deps: Deps, meetingId: number): Promise<void> {
  try {
    const m = meetingForCalendar(deps, meetingId);
    if (!m || m.calendarEventId || m.status !== "scheduled") return;
    const c = await connectedClient(deps, m.userId);
    if (!c) return;
    await within(HOOK_TIMEOUT_MS, pushMeeting(deps, c, m));
  } catch (e) {
    deps.log.error("calendar event not created after booking (the sync will retry)", { meetingId, error: e instanceof Error ? e.message : String(e) });
  }
}
