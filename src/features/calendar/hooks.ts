import type { Deps } from "../../deps";
import { PermanentFailure } from "../../lib/work-queue";
import { connectedClient, withGoogle } from "./connection";
import { GoogleGrantRevoked, GoogleUnavailable } from "./google";
import { meetingForCalendar } from "./meetings";
import { moveMeetingEvent, pushMeeting, removeMeetingEvent } from "./sync";

/**
 * What scheduling asks of the calendar. Busy times never throw and are bounded in time: a
 * Google failure must not lose or hold a booking. Events are not made while a person waits:
 * scheduling writes a work item in the change's transaction and syncMeetingEvent does it.
 */
export interface Interval {
  start: Date;
  end: Date;
}

/** Busy times are waited for at most this long unless the caller asks for less. */
export const BUSY_TIMEOUT_MS = 2000;

function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from Google within ${ms} ms`)), ms)));
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** Busy times of the user's primary calendar between from and to ([] when not connected, on failure or past the time limit). */
export async function busyIntervals(deps: Deps, userId: number, from: Date, to: Date, opts: { timeoutMs?: number } = {}): Promise<Interval[]> {
  try {
    if (!(to > from)) return [];
    const limit = opts.timeoutMs ?? BUSY_TIMEOUT_MS;
    const c = await within(limit, connectedClient(deps, userId));
    if (!c) return [];
    return await within(limit, withGoogle(deps, c, (x) => x.client.busy(x.calendarId, from, to)));
  } catch (e) {
    deps.log.error("calendar busy times unavailable", { userId, error: e instanceof Error ? e.message : String(e) });
    return [];
  }
}

/**
 * The work item of a meeting change: brings the recruiter's Google event in line with the
 * meeting as it is now (state, not history, so a late or repeated item does no harm): a
 * scheduled meeting has its event at its time, a canceled one has none. Google's 4xx answers
 * other than 429 and a revoked grant cannot get better by trying again; others are retried.
 */
export async function syncMeetingEvent(deps: Deps, meetingId: number): Promise<void> {
  const m = meetingForCalendar(deps, meetingId);
  if (!m) return;
  const c = await connectedClient(deps, m.userId);
  if (!c) return;
  try {
    const eventId = m.calendarEventId;
    if (m.status === "scheduled") await (eventId ? moveMeetingEvent(deps, c, { ...m, calendarEventId: eventId }) : pushMeeting(deps, c, m));
    // Canceled, or waiting for the candidate to pick a new time: the time is free again.
    else if ((m.status === "canceled" || m.status === "pending") && eventId) await removeMeetingEvent(deps, c, { ...m, calendarEventId: eventId });
  } catch (e) {
    throw failureKind(e);
  }
}

/** The work item of a reassigned interview: its event leaves the former interviewer's calendar. */
export async function removeEventOf(deps: Deps, userId: number, eventId: string): Promise<void> {
  const c = await connectedClient(deps, userId);
  if (!c) return;
  try {
    await withGoogle(deps, c, (x) => x.client.deleteEvent(x.calendarId, eventId));
  } catch (e) {
    throw failureKind(e);
  }
}

/** Google's 4xx answers other than 429 and a revoked grant cannot get better by trying again. */
function failureKind(e: unknown): unknown {
  if (e instanceof GoogleGrantRevoked) return new PermanentFailure(e.message);
  if (e instanceof GoogleUnavailable && e.status && e.status >= 400 && e.status < 500 && e.status !== 429) return new PermanentFailure(e.message);
  return e;
}
