import { and, desc, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { placements, placementSplits } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;
export type PlacementRow = typeof placements.$inferSelect;
export type NewPlacementRow = Omit<typeof placements.$inferInsert, "id">;
export type SplitRow = typeof placementSplits.$inferSelect;

export function insertPlacement(db: Db, v: NewPlacementRow): PlacementRow | undefined {
  return db.insert(placements).values(v).onConflictDoNothing().returning().get();
}

export function updatePlacement(db: Db, workspaceId: number, id: number, set: Partial<NewPlacementRow>): PlacementRow | undefined {
  return db
    .update(placements)
    .set(set)
    .where(inWorkspace(placements, workspaceId, eq(placements.id, id)))
    .returning()
    .get();
}

export function findPlacement(db: Db, workspaceId: number, id: number): PlacementRow | undefined {
  return db
    .select()
    .from(placements)
    .where(inWorkspace(placements, workspaceId, eq(placements.id, id)))
    .get();
}

export function findByApplication(db: Db, workspaceId: number, applicationId: number): PlacementRow | undefined {
  return db
    .select()
    .from(placements)
    .where(inWorkspace(placements, workspaceId, eq(placements.applicationId, applicationId)))
    .get();
}

export function replaceSplits(db: Db, workspaceId: number, placementId: number, splits: { userId: number; basisPoints: number }[]): void {
  db.delete(placementSplits)
    .where(inWorkspace(placementSplits, workspaceId, eq(placementSplits.placementId, placementId)))
    .run();
  if (splits.length)
    db.insert(placementSplits)
      .values(splits.map((s) => ({ placementId, workspaceId, userId: s.userId, basisPoints: s.basisPoints })))
      .run();
}

export function splitsOf(db: Db, workspaceId: number, placementIds: number[]): SplitRow[] {
  if (!placementIds.length) return [];
  return db
    .select()
    .from(placementSplits)
    .where(inWorkspace(placementSplits, workspaceId, inArray(placementSplits.placementId, placementIds)))
    .all();
}

export interface ListFilter {
  from?: string;
  to?: string;
  clientId?: number;
  jobId?: number;
  applicationId?: number;
  /** Only the placements this member shares (a recruiter's own, or a recruiter filter). */
  memberId?: number;
}

/** Placements by start date, newest first, at most `limit`: the list page and GET /api/placements. */
export function listPlacements(db: DB, workspaceId: number, f: ListFilter, limit: number): PlacementRow[] {
  const where: string[] = ["p.workspace_id = ?1"];
  const args: (string | number)[] = [workspaceId];
  const add = (clause: string, v: string | number | undefined) => {
    if (v === undefined) return;
    args.push(v);
    where.push(clause.replace("$", `?${args.length}`));
  };
  add("p.start_date >= $", f.from);
  add("p.start_date <= $", f.to);
  add("p.client_id = $", f.clientId);
  add("p.job_id = $", f.jobId);
  add("p.application_id = $", f.applicationId);
  add("p.id IN (SELECT placement_id FROM placement_splits WHERE workspace_id = ?1 AND user_id = $)", f.memberId);
  args.push(limit);
  const ids = db.$client
    .query<{ id: number }, (string | number)[]>(`SELECT p.id FROM placements p WHERE ${where.join(" AND ")} ORDER BY p.start_date DESC, p.id DESC LIMIT ?${args.length}`)
    .all(...args)
    .map((r) => r.id);
  if (!ids.length) return [];
  return db
    .select()
    .from(placements)
    .where(and(eq(placements.workspaceId, workspaceId), inArray(placements.id, ids)))
    .orderBy(desc(placements.startDate), desc(placements.id))
    .all();
}

/** Placements made in [from, to) (by when they were recorded) with their fee, for the dashboard's month. */
export function placedBetween(db: DB, workspaceId: number, from: Date, to: Date, memberId?: number) {
  const mine = memberId ? "AND p.id IN (SELECT placement_id FROM placement_splits WHERE workspace_id = ?1 AND user_id = ?4)" : "";
  return db.$client
    .query<{ currency: string; n: number; fees: number }, (number | string)[]>(
      `SELECT p.currency, count(*) AS n, sum(p.fee_cents - p.refund_cents) AS fees FROM placements p
       WHERE p.workspace_id = ?1 AND p.created_at >= ?2 AND p.created_at < ?3 ${mine} GROUP BY p.currency ORDER BY n DESC`,
    )
    .all(...(memberId ? [workspaceId, from.getTime(), to.getTime(), memberId] : [workspaceId, from.getTime(), to.getTime()]));
}

/** Applications in the closing success stage without a placement yet (the list page's "to record"). */
export function placedWithoutPlacement(db: DB, workspaceId: number, stageId: number, limit: number) {
  return db.$client
    .query<{ id: number; participantId: number; jobId: number; movedAt: number }, [number, number, number]>(
      `SELECT a.id, a.participant_id AS participantId, a.job_id AS jobId, a.moved_at AS movedAt FROM applications a
       WHERE a.workspace_id = ?1 AND a.stage_id = ?2 AND NOT EXISTS (SELECT 1 FROM placements p WHERE p.application_id = a.id)
       ORDER BY a.moved_at DESC LIMIT ?3`,
    )
    .all(workspaceId, stageId, limit);
}

/** The jobs that have at least one placement (a filled job is no longer open). */
export function filledJobIds(db: DB, workspaceId: number): number[] {
  return db.$client
    .query<{ jobId: number }, [number]>("SELECT DISTINCT job_id AS jobId FROM placements WHERE workspace_id = ?1")
    .all(workspaceId)
    .map((r) => r.jobId);
}
