import type { DB } from "../../db/client";
import { upcomingInterviewsOfRemovedMembers } from "./repo-hand-over";

export interface LeftBehindInterview {
  interviewId: string;
  title: string;
  startTime: string;
  candidateName: string | null;
  formerInterviewer: string;
}

/**
 * Upcoming interviews still held by removed members: a hand-over leaves an interview with its
 * owner when it would overlap one of the new interviewer's (issue 41), and the members page lists
 * them so each can be handed to someone free at that time.
 */
export function interviewsOfFormerMembers(db: DB, workspaceId: number, now: Date): LeftBehindInterview[] {
  return upcomingInterviewsOfRemovedMembers(db, workspaceId, now).map((r) => ({
    interviewId: r.interviewId,
    title: r.title,
    startTime: r.start.toISOString(),
    candidateName: r.candidateName,
    formerInterviewer: r.name || r.email,
  }));
}
