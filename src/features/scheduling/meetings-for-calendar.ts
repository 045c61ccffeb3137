// What the calendar feature reads and writes of an interview (decision 32): the event's fields
// (one meeting, or a workspace's for the iCal feed and the sync), and the event and video link
// the calendar made for it. Scheduling owns the meetings; the calendar reaches them only here.
import type { Deps } from "../../deps";
import { badRequest, notFound } from "../../lib/errors";
import * as repo from "./repo";
import { enqueueInterviewEmails } from "./notify";
import { meetingPanels } from "./repo-member-availability";

/** What the calendar feature needs for a meeting: its Google event and its iCal feed entry. */
export interface MeetingForCalendar {
  id: number;
  publicId: string;
  workspaceId: number;
  title: string;
  description: string | null;
  location: string | null;
  start: Date;
  end: Date;
  /** iCalendar SEQUENCE: bumped on every move or cancellation. */
  sequence: number;
  timeZone: string;
  status: string;
  candidateName: string | null;
  candidateEmail: string | null;
  recruiterUserId: number;
  recruiterName: string | null;
  recruiterEmail: string;
  meetingUrl: string | null;
  /** google_meet | microsoft_teams | fixed | none; null for interviews booked before video links (Meet, as then). */
  videoKind: string | null;
  calendarEventId: string | null;
  /** A panel's interviewers beside the holder (issue 36). */
  panelists: { name: string | null; email: string }[];
  createdAt: Date;
}

function toCalendar(d: repo.MeetingDetail, panels: Map<number, { name: string | null; email: string }[]>): MeetingForCalendar {
  const m = d.meeting;
  return {
    id: m.id,
    publicId: m.publicId,
    workspaceId: m.workspaceId,
    title: m.title,
    description: m.description,
    location: m.location,
    start: m.startTime,
    end: m.endTime,
    sequence: m.sequence,
    timeZone: d.timeZone,
    status: m.status,
    candidateName: d.candidateName,
    candidateEmail: d.candidateEmail,
    recruiterUserId: m.userId,
    recruiterName: d.recruiterName,
    recruiterEmail: d.recruiterEmail,
    meetingUrl: m.meetingUrl,
    videoKind: m.videoKind,
    calendarEventId: m.calendarEventId,
    panelists: panels.get(m.id) ?? [],
    createdAt: m.createdAt,
  };
}

/** For the calendar feature (afterBooking): the meeting's event fields, or null. */
export function getMeetingForCalendar(deps: Deps, meetingId: number): MeetingForCalendar | null {
  const d = repo.findMeetingById(deps.db, meetingId);
  return d ? toCalendar(d, panelsOf(deps, [d.meeting.id])) : null;
}

/**
 * For the calendar feature (the iCal feed and the sync): a workspace's meetings, or only
 * those one of its users runs, oldest first, in the same shape as getMeetingForCalendar.
 */
export function listMeetingsForCalendar(deps: Deps, q: { workspaceId: number; userId?: number }): MeetingForCalendar[] {
  const rows = repo.listMeetingsWithPeople(deps.db, q);
  const panels = panelsOf(
    deps,
    rows.map((r) => r.meeting.id),
  );
  return rows.map((r) => toCalendar(r, panels));
}

/** For the calendar feature: records the created event and its video link. */
export function setMeetingCalendarEvent(deps: Deps, meetingId: number, v: { eventId?: string | null; meetingUrl?: string | null }): void {
  const patch: { calendarEventId?: string | null; meetingUrl?: string | null } = {};
  if (v.eventId !== undefined) patch.calendarEventId = v.eventId;
  if (v.meetingUrl !== undefined) {
    if (v.meetingUrl && !/^https?:\/\//i.test(v.meetingUrl)) throw badRequest("Meeting URL must be http(s)");
    patch.meetingUrl = v.meetingUrl;
  }
  if (!Object.keys(patch).length) return;
  deps.db.transaction((tx) => {
    const before = repo.findMeetingById(deps.db, meetingId)?.meeting;
    if (!repo.setCalendarEvent(tx, meetingId, patch)) throw notFound("Meeting not found");
    // A video link made by the calendar after the booking (Meet, Teams) reaches the candidate:
    // the invitation again with the link (same UID; a new location is no rescheduling, so the
    // SEQUENCE stays and the newer DTSTAMP updates it), since the confirmation went out before
    // the calendar was asked (nothing a person waits for calls a provider).
    if (patch.meetingUrl && before && !before.meetingUrl && before.status === "scheduled" && before.startTime.getTime() > deps.clock.now().getTime()) {
      enqueueInterviewEmails(deps, tx, meetingId, "video_link", { skipAudiences: new Set(["recruiter"]) });
    }
  });
}

/** The panel members of these meetings, by meeting. */
function panelsOf(deps: Deps, meetingIds: number[]) {
  const out = new Map<number, { name: string | null; email: string }[]>();
  for (const p of meetingPanels(deps.db, meetingIds)) out.set(p.meetingId, [...(out.get(p.meetingId) ?? []), { name: p.name, email: p.email }]);
  return out;
}
