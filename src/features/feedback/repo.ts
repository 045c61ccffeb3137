import { and, asc, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { interviewFeedback, jobScorecards } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;
export type FeedbackRow = typeof interviewFeedback.$inferSelect;

export function criteriaOf(db: Db, workspaceId: number, jobId: number): string | null {
  return (
    db
      .select({ c: jobScorecards.criteria })
      .from(jobScorecards)
      .where(inWorkspace(jobScorecards, workspaceId, eq(jobScorecards.jobId, jobId)))
      .get()?.c ?? null
  );
}

export function setCriteria(db: Db, workspaceId: number, jobId: number, criteria: string): void {
  db.insert(jobScorecards).values({ jobId, workspaceId, criteria }).onConflictDoUpdate({ target: jobScorecards.jobId, set: { criteria } }).run();
}

export function insertRequest(db: Db, v: Omit<typeof interviewFeedback.$inferInsert, "id">): FeedbackRow | undefined {
  return db.insert(interviewFeedback).values(v).onConflictDoNothing().returning().get();
}

export function findByToken(db: Db, tokenHash: string): FeedbackRow | undefined {
  return db.select().from(interviewFeedback).where(eq(interviewFeedback.tokenHash, tokenHash)).get();
}

export function findByReviewer(db: Db, workspaceId: number, meetingId: number, email: string): FeedbackRow | undefined {
  return db
    .select()
    .from(interviewFeedback)
    .where(inWorkspace(interviewFeedback, workspaceId, and(eq(interviewFeedback.meetingId, meetingId), eq(interviewFeedback.reviewerEmail, email))))
    .get();
}

export function saveAnswer(db: Db, id: number, v: Pick<FeedbackRow, "recommendation" | "ratings" | "notes" | "submittedAt">): FeedbackRow {
  return db.update(interviewFeedback).set(v).where(eq(interviewFeedback.id, id)).returning().get()!;
}

export function ofMeeting(db: Db, workspaceId: number, meetingId: number): FeedbackRow[] {
  return db
    .select()
    .from(interviewFeedback)
    .where(inWorkspace(interviewFeedback, workspaceId, eq(interviewFeedback.meetingId, meetingId)))
    .orderBy(asc(interviewFeedback.id))
    .all();
}

export function ofParticipant(db: Db, workspaceId: number, participantId: number): FeedbackRow[] {
  return db
    .select()
    .from(interviewFeedback)
    .where(inWorkspace(interviewFeedback, workspaceId, eq(interviewFeedback.participantId, participantId)))
    .orderBy(asc(interviewFeedback.id))
    .all();
}

/** Given answers of a workspace (the board's summaries read them all at once). */
export function answersOf(db: Db, workspaceId: number): Pick<FeedbackRow, "participantId" | "recommendation">[] {
  return db
    .select({ participantId: interviewFeedback.participantId, recommendation: interviewFeedback.recommendation })
    .from(interviewFeedback)
    .where(inWorkspace(interviewFeedback, workspaceId))
    .all();
}

export function moveToParticipant(db: Db, workspaceId: number, fromIds: number[], toId: number): void {
  if (fromIds.length)
    db.update(interviewFeedback)
      .set({ participantId: toId })
      .where(inWorkspace(interviewFeedback, workspaceId, inArray(interviewFeedback.participantId, fromIds)))
      .run();
}
