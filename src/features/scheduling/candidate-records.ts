import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import { meetings, schedulingSessions } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import { sessionState } from "./service";
import { findMeetingById, findMeetingByPublicId } from "./repo";
import { guestsOf } from "./guests";

/**
 * What the candidates feature asks of scheduling about one person: their sessions and
 * interviews (timeline, export), moving them to another record (merge) and anonymising
 * them (erasure: the interviews stay for the recruiter's records, without the person).
 */
type Writer = Pick<DB, "update" | "select">;

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
  const sessions = deps.db
    .select()
    .from(schedulingSessions)
    .where(inWorkspace(schedulingSessions, workspaceId, eq(schedulingSessions.candidateId, candidateId)))
    .orderBy(asc(schedulingSessions.id))
    .all()
    .map((s) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      state: sessionState(s, now),
      duration: s.duration,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    }));
  const interviews = deps.db
    .select()
    .from(meetings)
    .where(inWorkspace(meetings, workspaceId, eq(meetings.candidateId, candidateId)))
    .orderBy(asc(meetings.id))
    .all()
    .map((m) => ({
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

/** Merge: the sessions and interviews of the duplicates now belong to the record that stays. */
export function moveCandidateSchedule(tx: Writer, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  tx.update(schedulingSessions).set({ candidateId: toId }).where(and(eq(schedulingSessions.workspaceId, workspaceId), inArray(schedulingSessions.candidateId, fromIds))).run();
  tx.update(meetings).set({ candidateId: toId }).where(and(eq(meetings.workspaceId, workspaceId), inArray(meetings.candidateId, fromIds))).run();
}

const scrub = (column: typeof meetings.title | typeof meetings.description | typeof meetings.notes | typeof schedulingSessions.title | typeof schedulingSessions.description, words: string[]) =>
  words.reduce((acc, w) => sql`replace(${acc}, ${w}, 'the candidate')`, sql`${column}`);

/**
 * Erasure: the candidate's sessions and interviews are given to the workspace's stand-in
 * for erased candidates, and their name or e-mail in titles, descriptions and notes is
 * replaced, so the recruiter keeps the record of the interview and nothing about the person.
 * Pending sessions are cancelled (their links stop working).
 */
export function anonymiseCandidateInterviews(tx: Writer, workspaceId: number, candidateId: number, standInId: number, words: string[]): void {
  const w = words.map((x) => x.trim()).filter((x) => x.length >= 2);
  tx.update(schedulingSessions)
    .set({
      candidateId: standInId,
      status: sql`case when ${schedulingSessions.status} = 'pending' then 'cancelled' else ${schedulingSessions.status} end`,
      title: scrub(schedulingSessions.title, w),
      description: scrub(schedulingSessions.description, w),
      tokenSealed: null,
    })
    .where(and(eq(schedulingSessions.workspaceId, workspaceId), eq(schedulingSessions.candidateId, candidateId)))
    .run();
  tx.update(meetings)
    .set({ candidateId: standInId, title: scrub(meetings.title, w), description: scrub(meetings.description, w), notes: scrub(meetings.notes, w), candidateTimeZone: null })
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.candidateId, candidateId)))
    .run();
}

/** Interview ids of a candidate (the e-mails about them are theirs too). */
export function interviewIdsOf(deps: Deps, workspaceId: number, candidateId: number): number[] {
  return deps.db.select({ id: meetings.id }).from(meetings).where(inWorkspace(meetings, workspaceId, eq(meetings.candidateId, candidateId))).all().map((r) => r.id);
}

/** The next scheduled interview of each candidate of the workspace (a job's board shows it on each card). */
export function nextInterviews(deps: Deps, workspaceId: number): Map<number, { publicId: string; startTime: string }> {
  const rows = deps.db
    .select({ candidateId: meetings.candidateId, publicId: meetings.publicId, startTime: meetings.startTime })
    .from(meetings)
    .where(inWorkspace(meetings, workspaceId, gte(meetings.startTime, deps.clock.now()), eq(meetings.status, "scheduled")))
    .orderBy(asc(meetings.startTime))
    .all();
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
