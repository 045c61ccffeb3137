// The interviews a workspace has booked: the recruiter's list, one interview as its page and the
// API show it, and sending its e-mails again.
import type { Deps } from "../../deps";
import type { SchedulingNeeds } from "./needs";
import { AppError, conflict } from "../../lib/errors";
import { splitName } from "../candidates/classify";
import * as repo from "./repo";
import { enqueueInterviewEmails } from "./notify";
import type { InterviewEmailState, InterviewView, MeetingView } from "./views";
import { interviewFlags, openFlagsByMeeting } from "./meeting-flags";
import { meetingPanels } from "./repo-member-availability";

/** The e-mails about each meeting, with their delivery state. */
function emailsByMeeting(deps: Deps, meetingIds: number[]): Map<number, InterviewEmailState[]> {
  const out = new Map<number, InterviewEmailState[]>();
  for (const { meetingId, createdAt: _c, ...e } of deps.mail.forMeetings(meetingIds)) {
    const list = out.get(meetingId) ?? [];
    list.push(e);
    out.set(meetingId, list);
  }
  return out;
}

export function listMeetings(deps: Deps, workspaceId: number): MeetingView[] {
  const rows = repo.listMeetings(deps.db, workspaceId);
  const emails = emailsByMeeting(
    deps,
    rows.map((r) => r.meeting.id),
  );
  const flags = openFlagsByMeeting(
    deps,
    rows.map((r) => r.meeting.id),
  );
  const panelIds = new Map<number, number[]>();
  for (const p of meetingPanels(
    deps.db,
    rows.map((r) => r.meeting.id),
  ))
    panelIds.set(p.meetingId, [...(panelIds.get(p.meetingId) ?? []), p.userId]);
  return rows.map(({ meeting: m, candidateName, timeZone }) => ({
    flags: flags.get(m.id) ?? [],
    videoUrl: m.videoKind === "none" ? null : m.meetingUrl,
    id: m.publicId,
    interviewerId: m.userId,
    interviewerIds: [m.userId, ...(panelIds.get(m.id) ?? [])],
    emails: emails.get(m.id) ?? [],
    title: m.title,
    candidate: splitName(candidateName),
    startTime: m.startTime.toISOString(),
    endTime: m.endTime.toISOString(),
    timeZone,
    status: m.status,
  }));
}

/**
 * The interview of a public id. Routes reach it through interview-access.ts (staff of its
 * workspace only): its Client line is the real client of the job it is for, confidential or not
 * (null without `interviewClient`: code reached from the calendar's sync, which has no scheduling needs).
 */
export function getInterview(deps: Deps & Partial<Pick<SchedulingNeeds, "interviewClient">>, publicId: string): InterviewView {
  if (!isInterviewId(publicId)) throw interviewNotFound();
  const d = repo.findMeetingByPublicId(deps.db, publicId);
  if (!d) throw interviewNotFound();
  const m = d.meeting;
  return {
    id: m.publicId,
    emails: emailsByMeeting(deps, [m.id]).get(m.id) ?? [],
    title: m.title,
    status: m.status,
    noShowBy: m.status === "no_show" ? m.noShowBy : null,
    scheduledTime: m.startTime.toISOString(),
    endTime: m.endTime.toISOString(),
    duration: Math.round((m.endTime.getTime() - m.startTime.getTime()) / 60_000),
    timeZone: d.timeZone,
    candidateTimeZone: m.candidateTimeZone,
    meetingUrl: m.meetingUrl,
    videoLink: videoLinkOf(m),
    flags: interviewFlags(deps, m.id),
    meetingLocation: m.location,
    description: m.description,
    notes: m.notes,
    candidate: {
      ...splitName(d.candidateName),
      position: d.candidateRole || d.candidateJobTitle || null,
      clientName: deps.interviewClient?.(m.workspaceId, m.candidateId)?.name ?? null,
      hiringManagerName: d.recruiterName,
      email: d.candidateEmail,
      linkedinProfile: d.candidateLinkedin,
    },
    interviewer: { name: d.recruiterName, email: d.recruiterEmail },
    interviewers: [
      { userId: m.userId, name: d.recruiterName, email: d.recruiterEmail, required: true },
      ...meetingPanels(deps.db, [m.id]).map((p) => ({ userId: p.userId, name: p.name, email: p.email, required: p.required })),
    ],
    assignedBy: m.assignedBy,
    assignmentReason: m.assignmentReason,
  };
}

/** The interview's video link as the pages and the API show it (null: booked before video links, no link). */
function videoLinkOf(m: { videoKind: string | null; meetingUrl: string | null }): InterviewView["videoLink"] {
  const kind = m.videoKind === "google_meet" || m.videoKind === "microsoft_teams" || m.videoKind === "fixed" || m.videoKind === "none" ? m.videoKind : m.meetingUrl ? "google_meet" : null;
  if (!kind) return null;
  return { kind, url: kind === "none" ? null : m.meetingUrl, missing: (kind === "google_meet" || kind === "microsoft_teams") && !m.meetingUrl };
}

/** A meeting's public id as links carry it: 16 to 64 URL-safe characters (anything else is looked up nowhere). */
export const isInterviewId = (publicId: string) => /^[A-Za-z0-9_-]{16,64}$/.test(publicId);

export const interviewNotFound = () => new AppError("not_found", 404, "The interview details could not be found. It may have been canceled or the link is invalid.");

/**
 * Resend while an e-mail of this kind still waits (pending or retrying): it is tried now
 * instead of being written again; only an audience whose copy was sent or failed gets a new one.
 */
function bringForwardOrEnqueue(deps: Deps, meetingId: number, kind: "booked" | "canceled"): void {
  deps.db.transaction((tx) => {
    const waiting = deps.mail.bringForward(tx, meetingId, kind);
    if (waiting.has("candidate") && waiting.has("recruiter")) return;
    enqueueInterviewEmails(deps, tx, meetingId, kind, { skipAudiences: waiting });
  });
  deps.jobs.kick();
}

/**
 * POST /api/interviews/{id}/resend: the interview's e-mails again, for its current state
 * (confirmation or cancellation), both sides, freshly written (delivered copies keep no link).
 */
export function resendInterviewEmails(deps: Deps, workspaceId: number, publicId: string): InterviewEmailState[] {
  const d = isInterviewId(publicId) ? repo.findMeetingByPublicId(deps.db, publicId) : undefined;
  if (!d || d.meeting.workspaceId !== workspaceId) throw interviewNotFound();
  const kind = d.meeting.status === "scheduled" ? "booked" : d.meeting.status === "canceled" ? "canceled" : null;
  if (!kind) throw conflict("Only a scheduled or canceled interview's e-mails can be sent again.");
  bringForwardOrEnqueue(deps, d.meeting.id, kind);
  return emailsByMeeting(deps, [d.meeting.id]).get(d.meeting.id) ?? [];
}
