import type { Deps } from "../../deps";
import { getMeetingForCalendar, listMeetingsForCalendar, setMeetingCalendarEvent, type MeetingForCalendar } from "../scheduling/meetings-for-calendar";

/**
 * What the calendar needs to know about an interview, in one shape, whatever the
 * scheduling feature's own shape is. Every read and write of meetings goes through here,
 * and from here only through the scheduling service (never its tables).
 */
export interface CalendarMeeting {
  id: number;
  publicId: string;
  workspaceId: number;
  userId: number;
  title: string;
  description: string | null;
  location: string | null;
  status: string;
  startTime: Date;
  endTime: Date;
  sequence: number;
  timeZone: string | null;
  calendarEventId: string | null;
  meetingUrl: string | null;
  videoKind: string | null;
  candidateName: string | null;
  candidateEmail: string | null;
  recruiterName: string | null;
  recruiterEmail: string | null;
  /** A panel's other interviewers (issue 36): attendees of the holder's event. */
  panelists: { name: string | null; email: string }[];
  createdAt: Date;
}

function toCalendarMeeting(m: MeetingForCalendar): CalendarMeeting {
  return {
    id: m.id,
    publicId: m.publicId,
    workspaceId: m.workspaceId,
    userId: m.recruiterUserId,
    title: m.title,
    description: m.description,
    location: m.location,
    status: m.status,
    startTime: m.start,
    endTime: m.end,
    sequence: m.sequence,
    timeZone: m.timeZone,
    calendarEventId: m.calendarEventId,
    meetingUrl: m.meetingUrl,
    videoKind: m.videoKind,
    candidateName: m.candidateName,
    candidateEmail: m.candidateEmail,
    recruiterName: m.recruiterName,
    recruiterEmail: m.recruiterEmail,
    panelists: m.panelists,
    createdAt: m.createdAt,
  };
}

export function meetingForCalendar(deps: Deps, meetingId: number): CalendarMeeting | null {
  const m = getMeetingForCalendar(deps, meetingId);
  return m ? toCalendarMeeting(m) : null;
}

/** The interviews a user runs (their own meetings in their workspace), oldest first. */
export function meetingsOfUser(deps: Deps, workspaceId: number, userId: number): CalendarMeeting[] {
  return listMeetingsForCalendar(deps, { workspaceId, userId }).map(toCalendarMeeting);
}

/** Stores the event id, and the video link when Google gave one (an existing link is kept by the caller). */
export function recordCalendarEvent(deps: Deps, meetingId: number, v: { eventId: string | null; meetingUrl: string | null }) {
  setMeetingCalendarEvent(deps, meetingId, { eventId: v.eventId, meetingUrl: v.meetingUrl ?? undefined });
}
