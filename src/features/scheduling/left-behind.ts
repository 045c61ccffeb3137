import { and, asc, eq, gt, isNotNull } from "drizzle-orm";
import type { DB } from "../../db/client";
import { meetings, participants, users } from "../../db/schema";

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
  return db
    .select({ interviewId: meetings.publicId, title: meetings.title, start: meetings.startTime, candidateName: participants.name, name: users.name, email: users.email })
    .from(meetings)
    .innerJoin(users, eq(users.id, meetings.userId))
    .innerJoin(participants, eq(participants.id, meetings.candidateId))
    .where(and(eq(meetings.workspaceId, workspaceId), eq(meetings.status, "scheduled"), gt(meetings.startTime, now), isNotNull(users.removedAt)))
    .orderBy(asc(meetings.startTime))
    .limit(200)
    .all()
    .map((r) => ({ interviewId: r.interviewId, title: r.title, startTime: r.start.toISOString(), candidateName: r.candidateName, formerInterviewer: r.name || r.email }));
}
