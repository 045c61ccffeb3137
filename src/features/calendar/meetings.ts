import { and, asc, eq } from "drizzle-orm";
import type { Deps } from "../../deps";
import { meetings, participants, schedulingSessions, users } from "../../db/schema";
import { getMeetingForCalendar, setMeetingCalendarEvent } from "../scheduling/service";

/**
 * What the calendar needs to know about an interview, in one shape, whatever the
 * scheduling feature's own shape is. Every read and write of meetings goes through here:
 * one meeting and its event through the scheduling service; the list through the
 * ADAPTER below (see meetingsOfUser).
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
  candidateName: string | null;
  candidateEmail: string | null;
  recruiterName: string | null;
  recruiterEmail: string | null;
  createdAt: Date;
}

function select(deps: Deps) {
  return deps.db
    .select({
      meeting: meetings,
      timeZone: schedulingSessions.timeZone,
      candidateName: participants.name,
      candidateEmail: participants.emailAddress,
      recruiterName: users.name,
      recruiterEmail: users.email,
    })
    .from(meetings)
    .innerJoin(schedulingSessions, eq(schedulingSessions.id, meetings.sessionId))
    .innerJoin(participants, eq(participants.id, meetings.candidateId))
    .innerJoin(users, eq(users.id, meetings.userId));
}

type Row = Awaited<ReturnType<ReturnType<typeof select>["get"]>>;

function toCalendarMeeting(r: NonNullable<Row>): CalendarMeeting {
  const m = r.meeting;
  return {
    id: m.id,
    publicId: m.publicId,
    workspaceId: m.workspaceId,
    userId: m.userId,
    title: m.title,
    description: m.description,
    location: m.location,
    status: m.status,
    startTime: m.startTime,
    endTime: m.endTime,
    sequence: m.sequence,
    timeZone: r.timeZone,
    calendarEventId: m.calendarEventId,
    meetingUrl: m.meetingUrl,
    candidateName: r.candidateName,
    candidateEmail: r.candidateEmail,
    recruiterName: r.recruiterName,
    recruiterEmail: r.recruiterEmail,
    createdAt: m.createdAt,
  };
}

export function meetingForCalendar(deps: Deps, meetingId: number): CalendarMeeting | null {
  const m = getMeetingForCalendar(deps, meetingId);
  if (!m) return null;
  return {
    id: m.id,
    publicId: m.publicId,
    workspaceId: m.workspaceId,
    userId: m.recruiterUserId,
    title: m.title,
    description: m.description,
    location: null,
    status: m.status,
    startTime: m.start,
    endTime: m.end,
    sequence: 0,
    timeZone: m.timeZone,
    calendarEventId: m.calendarEventId,
    meetingUrl: m.meetingUrl,
    candidateName: m.candidateName,
    candidateEmail: m.candidateEmail,
    recruiterName: null,
    recruiterEmail: null,
    createdAt: m.start,
  };
}

/**
 * The interviews a user runs (their own meetings in their workspace), oldest first.
 *
 * ADAPTER (clearly marked): the scheduling service's listMeetings gives the dashboard's
 * view (public id, no owner, no event id, 200 newest), which the feed and the sync cannot
 * use, so this one read goes to the meetings table directly. To be replaced by a
 * scheduling service function such as listMeetingsForCalendar(deps, workspaceId, userId).
 */
export function meetingsOfUser(deps: Deps, workspaceId: number, userId: number): CalendarMeeting[] {
  return select(deps)
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.userId, userId)))
    .orderBy(asc(meetings.startTime))
    .limit(2000)
    .all()
    .map(toCalendarMeeting);
}

/** Stores the event id, and the video link when Google gave one (an existing link is kept by the caller). */
export function recordCalendarEvent(deps: Deps, meetingId: number, v: { eventId: string; meetingUrl: string | null }) {
  setMeetingCalendarEvent(deps, meetingId, { eventId: v.eventId, meetingUrl: v.meetingUrl ?? undefined });
}
