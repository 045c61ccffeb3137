import type { Deps } from "../../deps";
import { PermanentFailure } from "../../lib/jobs";
import { connectedClient, withGoogle } from "./connection";
import { GoogleGrantRevoked, GoogleUnavailable } from "./providers/google";
import { EventGone } from "./providers/provider";
import * as cache from "./repo-cache";
import { eventDeletedInCalendar } from "./reconcile";
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

/**
 * Busy times of the user's checked calendars between from and to, from Frank's own cache
 * (decision 32): synchronous, never a provider call, so a booking never waits for Google.
 */
export function cachedBusy(deps: Deps, userId: number, from: Date, to: Date): (Interval & { calendarId: string; summary: string | null; eventId: string })[] {
  if (!(to > from)) return [];
  return cache.busyBetween(deps.db, userId, from, to);
}

/** Start and end in epoch milliseconds, for the slot function (no row mapping, no dates). */
export function cachedBusyMillis(deps: Deps, userId: number, from: number, to: number): [number, number][] {
  if (!(to > from)) return [];
  return cache.busyMillis(deps.db, userId, from, to);
}

/** Start and end only, for the slot filter (fast: no row mapping). */
export function cachedBusySpans(deps: Deps, userId: number, from: Date, to: Date): Interval[] {
  if (!(to > from)) return [];
  return cache.busySpans(deps.db, userId, from, to);
}

/** The same, as a promise, for callers written against the live check (intro calls). */
export async function busyIntervals(deps: Deps, userId: number, from: Date, to: Date): Promise<Interval[]> {
  return cachedBusySpans(deps, userId, from, to);
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
    if (m.status === "scheduled") {
      if (!eventId) await pushMeeting(deps, c, m);
      else {
        try {
          await moveMeetingEvent(deps, c, { ...m, calendarEventId: eventId });
        } catch (e) {
          if (!(e instanceof EventGone)) throw e;
          // Deleted in the calendar meanwhile: the workspace's setting for deleted events says what follows.
          await eventDeletedInCalendar(deps, m);
        }
      }
    }
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
    const home = cache.eventHomeById(deps.db, userId, eventId);
    await withGoogle(deps, c, (x) => x.client.deleteEvent(home?.calendarId ?? x.calendarId, eventId));
    if (home) cache.setEventHome(deps.db, { meetingId: home.meetingId, remove: true });
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
