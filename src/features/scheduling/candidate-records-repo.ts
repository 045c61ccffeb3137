// The SQL of what the candidates feature asks of scheduling about one person (candidate-records.ts).
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { meetings, schedulingSessions } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Writer = Pick<DB, "update" | "select">;

/** A candidate's sessions, oldest first. */
export function sessionsOfCandidate(db: DB, workspaceId: number, candidateId: number) {
  return db
    .select()
    .from(schedulingSessions)
    .where(inWorkspace(schedulingSessions, workspaceId, eq(schedulingSessions.candidateId, candidateId)))
    .orderBy(asc(schedulingSessions.id))
    .all();
}

/** A candidate's interviews, oldest first. */
export function interviewsOfCandidate(db: DB, workspaceId: number, candidateId: number) {
  return db
    .select()
    .from(meetings)
    .where(inWorkspace(meetings, workspaceId, eq(meetings.candidateId, candidateId)))
    .orderBy(asc(meetings.id))
    .all();
}

/** Merge: the sessions and interviews of the duplicates now belong to the record that stays. */
export function moveCandidateSchedule(tx: Writer, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  tx.update(schedulingSessions)
    .set({ candidateId: toId })
    .where(and(eq(schedulingSessions.workspaceId, workspaceId), inArray(schedulingSessions.candidateId, fromIds)))
    .run();
  tx.update(meetings)
    .set({ candidateId: toId })
    .where(and(eq(meetings.workspaceId, workspaceId), inArray(meetings.candidateId, fromIds)))
    .run();
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

/** The workspace's scheduled interviews from `now` on, soonest first. */
export function upcomingInterviews(db: DB, workspaceId: number, now: Date) {
  return db
    .select({ candidateId: meetings.candidateId, publicId: meetings.publicId, startTime: meetings.startTime })
    .from(meetings)
    .where(inWorkspace(meetings, workspaceId, gte(meetings.startTime, now), eq(meetings.status, "scheduled")))
    .orderBy(asc(meetings.startTime))
    .all();
}
