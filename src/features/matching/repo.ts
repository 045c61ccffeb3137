import { eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { jobCriteria, matchDismissals, matchJudgments } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Reader = DB | Tx;
export type CriteriaRow = typeof jobCriteria.$inferSelect;
export type JudgmentRow = typeof matchJudgments.$inferSelect;

export function findCriteria(db: Reader, workspaceId: number, jobId: number): CriteriaRow | undefined {
  return db
    .select()
    .from(jobCriteria)
    .where(inWorkspace(jobCriteria, workspaceId, eq(jobCriteria.jobId, jobId)))
    .get();
}

export function criteriaOfJobs(db: Reader, workspaceId: number, jobIds: number[]): CriteriaRow[] {
  if (!jobIds.length) return [];
  return db
    .select()
    .from(jobCriteria)
    .where(inWorkspace(jobCriteria, workspaceId, inArray(jobCriteria.jobId, jobIds)))
    .all();
}

export function saveCriteria(tx: Tx, v: { workspaceId: number; jobId: number; criteria: string; source: string; updatedBy: number | null; updatedAt: Date }): void {
  tx.insert(jobCriteria)
    .values(v)
    .onConflictDoUpdate({ target: jobCriteria.jobId, set: { criteria: v.criteria, source: v.source, updatedBy: v.updatedBy, updatedAt: v.updatedAt } })
    .run();
}

/** Writes the model's proposal only when nobody saved criteria meanwhile. */
export function saveCriteriaIfNone(tx: Tx, v: { workspaceId: number; jobId: number; criteria: string; source: string; updatedAt: Date }): boolean {
  return (
    tx
      .insert(jobCriteria)
      .values({ ...v, updatedBy: null })
      .onConflictDoNothing()
      .returning({ jobId: jobCriteria.jobId })
      .all().length > 0
  );
}

export function dismissedOf(db: Reader, workspaceId: number, jobId: number): Set<number> {
  return new Set(
    db
      .select({ id: matchDismissals.participantId })
      .from(matchDismissals)
      .where(inWorkspace(matchDismissals, workspaceId, eq(matchDismissals.jobId, jobId)))
      .all()
      .map((r) => r.id),
  );
}

export function dismissedJobsOf(db: Reader, workspaceId: number, participantId: number): Set<number> {
  return new Set(
    db
      .select({ id: matchDismissals.jobId })
      .from(matchDismissals)
      .where(inWorkspace(matchDismissals, workspaceId, eq(matchDismissals.participantId, participantId)))
      .all()
      .map((r) => r.id),
  );
}

export function insertDismissal(tx: Tx, v: { workspaceId: number; jobId: number; participantId: number; reason: string; userId: number | null; createdAt: Date }): void {
  tx.insert(matchDismissals)
    .values(v)
    .onConflictDoUpdate({ target: [matchDismissals.jobId, matchDismissals.participantId], set: { reason: v.reason, userId: v.userId, createdAt: v.createdAt } })
    .run();
}

export function judgmentsOf(db: Reader, workspaceId: number, jobId: number, participantIds: number[]): JudgmentRow[] {
  if (!participantIds.length) return [];
  return db
    .select()
    .from(matchJudgments)
    .where(inWorkspace(matchJudgments, workspaceId, eq(matchJudgments.jobId, jobId), inArray(matchJudgments.participantId, participantIds)))
    .all();
}

export function saveJudgment(tx: Tx, v: Omit<JudgmentRow, "createdAt"> & { createdAt: Date }): void {
  tx.insert(matchJudgments)
    .values(v)
    .onConflictDoUpdate({ target: [matchJudgments.jobId, matchJudgments.participantId], set: { inputHash: v.inputHash, model: v.model, verdicts: v.verdicts, createdAt: v.createdAt } })
    .run();
}
