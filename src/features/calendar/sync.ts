import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { sha256 } from "../../lib/crypto";
import * as repo from "./repo";
import * as cache from "./repo-cache";
import { receivingCalendarId } from "./cache-sync";
import { GoogleGrantRevoked } from "./providers/google";
import { connectedClient, withGoogle, type Connected } from "./connection";
import { meetingsOfUser, recordCalendarEvent, type CalendarMeeting } from "./meetings";
import type { SyncReport } from "./model";
import { EventChanged, EventGone } from "./providers/provider";
import { CHANGED_ON_THE_WAY, flagInterview } from "../scheduling/calendar-changes";

/**
 * Interviews → Google Calendar events. Each meeting has one event id derived from its
 * public id (Google accepts ids of base32hex characters), so pushing twice, from the
 * booking hook and from the sync, can never make two events.
 */
export function eventIdFor(m: Pick<CalendarMeeting, "publicId">): string {
  return "fk" + sha256(`frank-calendar-event:${m.publicId}`).slice(0, 40);
}

function describe(deps: Deps, m: CalendarMeeting): string {
  const lines = [
    m.description,
    m.candidateName || m.candidateEmail ? `Candidate: ${[m.candidateName, m.candidateEmail].filter(Boolean).join(" – ")}` : null,
    `Interview details: ${deps.config.APP_URL}/interview-details/${m.publicId}`,
  ];
  return lines.filter(Boolean).join("\n\n");
}

/** The event's fields for a meeting, as it is now. */
function eventFields(deps: Deps, m: CalendarMeeting) {
  return {
    summary: m.candidateName ? `${m.title} – ${m.candidateName}` : m.title,
    description: describe(deps, m),
    // A fixed room is the event's place; a Meet link comes with the event itself.
    location: m.videoKind === "fixed" && m.meetingUrl ? m.meetingUrl : m.location,
    start: m.startTime,
    end: m.endTime,
    timeZone: m.timeZone ?? undefined,
    attendees: [...(m.candidateEmail ? [{ email: m.candidateEmail, name: m.candidateName }] : []), ...m.panelists],
    // Marks the event as Frank's, at the interview's version: the sync tells Frank's own
    // writes from changes made in the calendar by it (decision 32).
    frankMeeting: m.publicId,
    frankVersion: m.sequence,
  };
}

/**
 * The provider's own video meeting (Meet, Teams) is made with the event when the interview asked
 * for it (and, Meet, for interviews from before the choice).
 */
const wantsMeet = (m: CalendarMeeting) => m.videoKind === "google_meet" || m.videoKind === "microsoft_teams" || (m.videoKind === null && !m.meetingUrl);

/** Creates (or finds) the meeting's event and stores its id and video link on the meeting. */
export async function pushMeeting(deps: Deps, c: Connected, m: CalendarMeeting): Promise<"created" | "existed"> {
  const result = await withGoogle(deps, c, (x) => x.client.insertEvent(x.calendarId, { id: eventIdFor(m), ...eventFields(deps, m), createVideo: wantsMeet(m) }));
  recordCalendarEvent(deps, m.id, { eventId: result.eventId, meetingUrl: m.meetingUrl || !wantsMeet(m) ? null : result.videoUrl });
  // The home by the calendar's own id ("primary" is Google's alias of the account's primary calendar).
  cache.setEventHome(deps.db, {
    meetingId: m.id,
    userId: m.userId,
    calendarId: receivingCalendarId(deps, m.userId) ?? c.calendarId,
    eventId: result.eventId,
    version: result.version,
    start: m.startTime,
    end: m.endTime,
  });
  // Found rather than made (a retry after a lost answer, or a move before the first push): bring it up to date.
  if (result.existed) {
    const r = await withGoogle(deps, c, (x) => x.client.patchEvent(x.calendarId, result.eventId, { ...eventFields(deps, m), createVideo: false }));
    cache.setEventVersion(deps.db, m.id, result.eventId, r.version ?? null, { start: m.startTime, end: m.endTime });
  }
  return result.existed ? "existed" : "created";
}

/**
 * The calendar holding the meeting's event: where Frank wrote it (the member may have chosen
 * another calendar for new interviews since), or the receiving one for events from before homes.
 */
function homeOf(deps: Deps, m: CalendarMeeting & { calendarEventId: string }, receiving: string): string {
  const home = cache.eventHome(deps.db, m.id);
  return home && home.eventId === m.calendarEventId ? home.calendarId : receiving;
}

/**
 * A moved meeting: the event takes its new time, on the condition that it is still the version
 * Frank last wrote or took in (issue 59 item 2). An event changed in the calendar meanwhile is
 * not written over: it is read again and the interview flagged for the recruiter to choose
 * (Apply takes the calendar's time, Keep writes Frank's), nobody told anything.
 */
export async function moveMeetingEvent(deps: Deps, c: Connected, m: CalendarMeeting & { calendarEventId: string }): Promise<void> {
  // A Meet link that could not be made with the event is asked for again (the page's Retry queues this).
  const missingMeet = wantsMeet(m) && !m.meetingUrl;
  const home = cache.eventHome(deps.db, m.id);
  const known = home && home.eventId === m.calendarEventId ? home : null;
  const write = (ifMatch: string | null) =>
    withGoogle(deps, c, (x) => x.client.patchEvent(homeOf(deps, m, x.calendarId), m.calendarEventId, { ...eventFields(deps, m), createVideo: missingMeet }, { ifMatch }));
  const written = (r: { videoUrl: string | null; version?: string | null }) => {
    cache.setEventVersion(deps.db, m.id, m.calendarEventId, r.version ?? null, { start: m.startTime, end: m.endTime });
    if (missingMeet && r.videoUrl) recordCalendarEvent(deps, m.id, { eventId: m.calendarEventId, meetingUrl: r.videoUrl });
  };
  try {
    return written(await write(known?.version ?? null));
  } catch (e) {
    if (!(e instanceof EventChanged)) throw e;
    const now = await withGoogle(deps, c, async (x) => (x.client.getEvent ? x.client.getEvent(homeOf(deps, m, x.calendarId), m.calendarEventId) : null));
    if (!now || now.status === "cancelled") throw new EventGone("the event is gone");
    // Changed where Frank does not write (an attendee's answer): still at the times Frank knew, so
    // written again on the condition of this version (the sync reads the answer).
    const sameTimes = !!known?.versionStart && now.start?.getTime() === known.versionStart.getTime() && now.end?.getTime() === known.versionEnd?.getTime();
    if (sameTimes && now.version) {
      try {
        return written(await write(now.version));
      } catch (again) {
        if (!(again instanceof EventChanged)) throw again;
      }
    }
    // Taken in: the recruiter's choice (Keep) writes over this version, and only this one.
    cache.setEventVersion(deps.db, m.id, m.calendarEventId, now.version ?? null, { start: now.start, end: now.end });
    flagInterview(deps, m.id, { kind: "moved_in_calendar", message: CHANGED_ON_THE_WAY, startTime: now.start ?? m.startTime, endTime: now.end ?? m.endTime });
    deps.log.info("calendar event changed in the calendar while Frank's change was on its way: flagged", { meetingId: m.id });
  }
}

/**
 * A canceled meeting: its event is removed, and the time is free again. Where the provider takes
 * a condition (Microsoft), only the version Frank last wrote or took in is removed; one changed in
 * the calendar meanwhile is read again and the version read removed: the cancel stands (the
 * candidate was told, and a cancelled interview carries no flag for the recruiter to choose).
 */
export async function removeMeetingEvent(deps: Deps, c: Connected, m: CalendarMeeting & { calendarEventId: string }): Promise<void> {
  const home = cache.eventHome(deps.db, m.id);
  const remove = (ifMatch: string | null) => withGoogle(deps, c, (x) => x.client.deleteEvent(homeOf(deps, m, x.calendarId), m.calendarEventId, { ifMatch }));
  try {
    await remove(home && home.eventId === m.calendarEventId ? home.version : null);
  } catch (e) {
    if (!(e instanceof EventChanged)) throw e;
    const now = await withGoogle(deps, c, async (x) => (x.client.getEvent ? x.client.getEvent(homeOf(deps, m, x.calendarId), m.calendarEventId) : null));
    deps.log.info("calendar event changed in the calendar while Frank's cancel was on its way: removed as read", { meetingId: m.id });
    if (now && now.status !== "cancelled") await remove(now.version ?? null);
  }
  recordCalendarEvent(deps, m.id, { eventId: null, meetingUrl: null });
  cache.setEventHome(deps.db, { meetingId: m.id, remove: true });
}

const isScheduled = (m: CalendarMeeting) => m.status === "scheduled";

/**
 * /sync-ical: pushes every scheduled interview of the user that has no event yet, and
 * counts what was created, what was already there and what failed.
 */
export async function syncUser(deps: Deps, user: { id: number; workspaceId: number }, opts: { onlyUpcoming?: boolean } = {}): Promise<SyncReport> {
  const c = await connectedClient(deps, user.id);
  if (!c) throw new AppError("not_connected", 409, "Connect Google Calendar first.");
  const now = deps.clock.now().getTime();
  const report: SyncReport = { created: 0, alreadyThere: 0, failed: 0 };
  let revoked = false;
  for (const m of meetingsOfUser(deps, user.workspaceId, user.id).filter(isScheduled)) {
    if (m.calendarEventId) {
      report.alreadyThere++;
      continue;
    }
    if (opts.onlyUpcoming && m.endTime.getTime() < now) continue;
    if (revoked) {
      report.failed++;
      continue;
    }
    try {
      if ((await pushMeeting(deps, c, m)) === "created") report.created++;
      else report.alreadyThere++;
    } catch (e) {
      report.failed++;
      if (e instanceof GoogleGrantRevoked) revoked = true;
      deps.log.error("calendar sync: event not created", { meetingId: m.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  return report;
}

/** The background job: catches up the events a Google failure left out, for every connected user. */
export async function syncAllConnected(deps: Deps): Promise<void> {
  for (const userId of repo.connectedUserIds(deps.db)) {
    const account = repo.findAccount(deps.db, userId);
    if (!account) continue;
    try {
      const r = await syncUser(deps, { id: userId, workspaceId: account.workspaceId }, { onlyUpcoming: true });
      if (r.created || r.failed) deps.log.info("calendar sync", { userId, ...r });
    } catch (e) {
      deps.log.error("calendar sync failed", { userId, error: e instanceof Error ? e.message : String(e) });
    }
  }
}
