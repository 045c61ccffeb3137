import type { Deps } from "../../deps";
import { sessionState } from "./service";
import { findMeetingById, findMeetingByPublicId } from "./repo";
import { guestsOf } from "./guests";
import * as records from "./candidate-records-repo";
export { anonymiseCandidateInterviews, moveCandidateSchedule } from "./candidate-records-repo";

/**
 * What the candidates feature asks of scheduling about one person: their sessions and
 * interviews (timeline, export), moving them to another record (merge) and anonymising
 * them (erasure: the interviews stay for the recruiter's records, without the person).
 * The SQL is candidate-records-repo.ts's.
 */

export interface CandidateSession {
  id: number;
  title: string;
  description: string | null;
  state: string;
  duration: number;
  createdAt: string;
  expiresAt: string;
}

export interface CandidateInterview {
  id: number;
  publicId: string;
  sessionId: number;
  title: string;
  description: string | null;
  notes: string | null;
  location: string | null;
  status: string;
  startTime: string;
  endTime: string;
  meetingUrl: string | null;
  createdAt: string;
}

export function candidateSchedule(deps: Deps, workspaceId: number, candidateId: number): { sessions: CandidateSession[]; interviews: CandidateInterview[] } {
  const now = deps.clock.now();
  const sessions = records.sessionsOfCandidate(deps.db, workspaceId, candidateId).map((s) => ({
    id: s.id,
    title: s.title,
    description: s.description,
    state: sessionState(s, now),
    duration: s.duration,
    createdAt: s.createdAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
  }));
  const interviews = records.interviewsOfCandidate(deps.db, workspaceId, candidateId).map((m) => ({
    id: m.id,
    publicId: m.publicId,
    sessionId: m.sessionId,
    title: m.title,
    description: m.description,
    notes: m.notes,
    location: m.location,
    status: m.status,
    startTime: m.startTime.toISOString(),
    endTime: m.endTime.toISOString(),
    meetingUrl: m.meetingUrl,
    createdAt: m.createdAt.toISOString(),
  }));
  return { sessions, interviews };
}

/** The next scheduled interview of each candidate of the workspace (a job's board shows it on each card). */
export function nextInterviews(deps: Deps, workspaceId: number): Map<number, { publicId: string; startTime: string }> {
  const rows = records.upcomingInterviews(deps.db, workspaceId, deps.clock.now());
  const next = new Map<number, { publicId: string; startTime: string }>();
  for (const r of rows) if (!next.has(r.candidateId)) next.set(r.candidateId, { publicId: r.publicId, startTime: r.startTime.toISOString() });
  return next;
}

/** What interview feedback needs of a meeting (by id, or by public id within a workspace), or null. */
export interface MeetingForFeedback {
  id: number;
  publicId: string;
  workspaceId: number;
  candidateId: number;
  candidateName: string | null;
  interviewer: { userId: number; name: string | null; email: string };
  /** Guests who are not members (a client's contact): they are asked for feedback too. */
  guests: { email: string; name: string | null }[];
  title: string;
  startTime: Date;
  endTime: Date;
  status: string;
}
export function meetingForFeedback(deps: Deps, by: { id: number } | { workspaceId: number; publicId: string }): MeetingForFeedback | null {
  const d = "id" in by ? findMeetingById(deps.db, by.id) : /^[A-Za-z0-9_-]{16,64}$/.test(by.publicId) ? findMeetingByPublicId(deps.db, by.publicId) : undefined;
  if (!d || ("workspaceId" in by && d.meeting.workspaceId !== by.workspaceId)) return null;
  const m = d.meeting;
  return {
    id: m.id,
    publicId: m.publicId,
    workspaceId: m.workspaceId,
    candidateId: m.candidateId,
    candidateName: d.candidateName,
    interviewer: { userId: m.userId, name: d.recruiterName, email: d.recruiterEmail },
    guests: guestsOf(deps.db, m.sessionId),
    title: m.title,
    startTime: m.startTime,
    endTime: m.endTime,
    status: m.status,
  };
}
