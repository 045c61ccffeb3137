import type { Deps } from "../../deps";
import * as cache from "./repo-cache";
import { meetingsOfUser, type CalendarMeeting } from "./meetings";
import type { ProviderEvent } from "./providers/provider";
import { cancelFromCalendar, clashMessage, clearFlag, DECLINED, DELETED_IN_CALENDAR, flagInterview, moveFromCalendar, MOVED_IN_CALENDAR } from "../scheduling/calendar-changes";

/**
 * Changes made in a calendar come back (decision 32). The sync hands over what it read; each
 * interview event is compared with the interview as it is now, through the scheduling
 * service (so e-mails, invitations, webhooks and reminders follow as for a recruiter's move).
 * Frank's own writes are not echoed: an event carries the interview version Frank last wrote
 * into it; one older than the interview is waiting for Frank's write, and an up-to-date one
 * at the interview's time is no change at all.
 */
export async function reconcile(deps: Deps, r: { userId: number; workspaceId: number; calendarId: string; full: boolean; events: ProviderEvent[]; receiving: boolean }): Promise<void> {
  const now = deps.clock.now();
  const meetings = meetingsOfUser(deps, r.workspaceId, r.userId).filter((m) => m.status === "scheduled" && m.endTime > now);
  const byEvent = new Map(meetings.flatMap((m) => (m.calendarEventId ? [[m.calendarEventId, m] as const] : [])));
  const checked = !!cache.findCalendar(deps.db, r.userId, r.calendarId)?.checkConflicts;
  // An interview's event is compared in the calendar Frank wrote it to (events from before homes: the receiving one).
  const homes = cache.eventHomesOf(deps.db, r.userId);
  const livesHere = (m: CalendarMeeting) => (homes.has(m.id) ? homes.get(m.id) === r.calendarId : r.receiving);
  const seen = new Set<string>();

  for (const e of r.events) {
    seen.add(e.id);
    const candidate = byEvent.get(e.id);
    const m = candidate && livesHere(candidate) ? candidate : undefined;
    if (m) {
      interviewEventChanged(deps, m, e);
      continue;
    }
    if (e.frankMeeting) continue; // Frank's event of an interview that is over or elsewhere.
    // Another event of the interviewer's: does it now clash with an interview, or no longer?
    const busy = checked && e.status !== "cancelled" && !e.transparent && e.start && e.end;
    for (const x of meetings) {
      const overlaps = busy && e.start! < x.endTime && x.startTime < e.end!;
      if (overlaps) flagInterview(deps, x.id, { kind: "clash", message: clashMessage(e.summary), subject: e.id });
      else clearFlag(deps, x.id, "clash", e.id);
    }
  }

  // The full comparison: an interview whose event is no longer in the calendar was deleted there.
  if (r.full) {
    for (const m of meetings) if (m.calendarEventId && livesHere(m) && !seen.has(m.calendarEventId)) await eventDeletedInCalendar(deps, m);
  }
}

function interviewEventChanged(deps: Deps, m: CalendarMeeting, e: ProviderEvent): void {
  // Frank's own write of a newer version is on its way: this is the old event, not a change (and
  // not taken in: that write is conditional on the version before it, so a change made here
  // meanwhile refuses it).
  if (e.frankVersion !== null && e.frankVersion < m.sequence) return;
  // Taken in as it is now: Frank's next write is conditional on this version.
  if (e.version && m.calendarEventId) cache.setEventVersion(deps.db, m.id, m.calendarEventId, e.version, { start: e.start, end: e.end });
  if (e.status === "cancelled") {
    void eventDeletedInCalendar(deps, m);
    return;
  }
  if (e.start && e.end && (e.start.getTime() !== m.startTime.getTime() || e.end.getTime() !== m.endTime.getTime())) {
    eventMovedInCalendar(deps, m, e.start, e.end);
  }
  const candidate = m.candidateEmail?.toLowerCase();
  const answer = candidate ? e.attendees.find((a) => a.email.toLowerCase() === candidate)?.responseStatus : null;
  if (answer === "declined") flagInterview(deps, m.id, { kind: "declined", message: DECLINED });
  else if (answer) clearFlag(deps, m.id, "declined");
}

function eventMovedInCalendar(deps: Deps, m: CalendarMeeting, start: Date, end: Date): void {
  const flag = () => flagInterview(deps, m.id, { kind: "moved_in_calendar", message: MOVED_IN_CALENDAR, startTime: start, endTime: end });
  if (start.getTime() <= deps.clock.now().getTime()) return void flag();
  if (cache.eventChangeMode(deps.db, m.workspaceId) === "flag") return void flag();
  // Follow, unless the new time clashes with another interview of the recruiter's: then it is flagged.
  if (moveFromCalendar(deps, m.id, start, end) === "clash") flag();
}

/** The interview's event is gone from the calendar: cancel (Follow) or flag (Only flag), per the workspace's setting. */
export async function eventDeletedInCalendar(deps: Deps, m: Pick<CalendarMeeting, "id" | "workspaceId">): Promise<void> {
  if (cache.eventChangeMode(deps.db, m.workspaceId) === "flag") flagInterview(deps, m.id, { kind: "deleted_in_calendar", message: DELETED_IN_CALENDAR });
  else cancelFromCalendar(deps, m.id);
}
