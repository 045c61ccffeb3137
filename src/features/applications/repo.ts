import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { applicationMoves, applications, participants, pipelineSettings, pipelineStages } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;
export type StageRow = typeof pipelineStages.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;

export function stagesOf(db: Db, workspaceId: number): StageRow[] {
  return db.select().from(pipelineStages).where(inWorkspace(pipelineStages, workspaceId)).orderBy(asc(pipelineStages.position), asc(pipelineStages.id)).all();
}

export function insertStages(db: Db, rows: Omit<typeof pipelineStages.$inferInsert, "id">[]): void {
  if (rows.length) db.insert(pipelineStages).values(rows).run();
}

export function updateStage(db: Db, workspaceId: number, id: number, set: Partial<Pick<StageRow, "name" | "position">>): void {
  db.update(pipelineStages)
    .set(set)
    .where(inWorkspace(pipelineStages, workspaceId, eq(pipelineStages.id, id)))
    .run();
}

export function deleteStage(db: Db, workspaceId: number, id: number): void {
  db.delete(pipelineStages)
    .where(inWorkspace(pipelineStages, workspaceId, eq(pipelineStages.id, id)))
    .run();
}

export function rejectReasonsOf(db: Db, workspaceId: number): string | null {
  return db.select({ r: pipelineSettings.rejectReasons }).from(pipelineSettings).where(eq(pipelineSettings.workspaceId, workspaceId)).get()?.r ?? null;
}

export function setRejectReasons(db: Db, workspaceId: number, json: string): void {
  db.insert(pipelineSettings)
    .values({ workspaceId, rejectReasons: json })
    .onConflictDoUpdate({ target: pipelineSettings.workspaceId, set: { rejectReasons: json } })
    .run();
}

/** The candidate's campaign now, as a value of the statement that writes it (decision 59). */
const campaignOf = (participantId: number) => sql<number | null>`(select ${participants.campaignId} from ${participants} where ${participants.id} = ${participantId})`;

/** A new application, with its candidate's campaign kept on it. */
export function insertApplication(db: Db, v: Omit<typeof applications.$inferInsert, "id" | "campaignId">): ApplicationRow | undefined {
  return db
    .insert(applications)
    .values({ ...v, campaignId: campaignOf(v.participantId) })
    .onConflictDoNothing()
    .returning()
    .get();
}

/**
 * Keeps the candidate's campaign on each of their applications (decision 59): run in the
 * transaction that may have changed it (a candidate coming again through another campaign link).
 */
export function keepCampaign(db: Db, workspaceId: number, participantId: number): void {
  db.update(applications)
    .set({ campaignId: campaignOf(participantId) })
    .where(inWorkspace(applications, workspaceId, eq(applications.participantId, participantId), sql`${applications.campaignId} is not ${campaignOf(participantId)}`))
    .run();
}

export function findApplication(db: Db, workspaceId: number, id: number): ApplicationRow | undefined {
  return db
    .select()
    .from(applications)
    .where(inWorkspace(applications, workspaceId, eq(applications.id, id)))
    .get();
}

export function findByJobAndCandidate(db: Db, workspaceId: number, jobId: number, participantId: number): ApplicationRow | undefined {
  return db
    .select()
    .from(applications)
    .where(inWorkspace(applications, workspaceId, and(eq(applications.jobId, jobId), eq(applications.participantId, participantId))))
    .get();
}

/** A job's applications with the few candidate fields a card shows, oldest move first within a stage. */
export function applicationsOfJob(db: Db, workspaceId: number, jobId: number, stageId?: number) {
  return db
    .select({ a: applications, name: participants.name, city: participants.city, email: participants.emailAddress })
    .from(applications)
    .innerJoin(participants, eq(participants.id, applications.participantId))
    .where(inWorkspace(applications, workspaceId, eq(applications.jobId, jobId), stageId ? eq(applications.stageId, stageId) : undefined, eq(participants.erased, false)))
    .orderBy(asc(applications.movedAt), asc(applications.id))
    .all();
}

export function applicationsOfParticipant(db: Db, workspaceId: number, participantId: number): ApplicationRow[] {
  return db
    .select()
    .from(applications)
    .where(inWorkspace(applications, workspaceId, eq(applications.participantId, participantId)))
    .orderBy(asc(applications.id))
    .all();
}

export function moveApplication(db: Db, workspaceId: number, id: number, set: { stageId: number; rejectedReason: string | null; movedAt: Date; ownerUserId?: number }): void {
  db.update(applications)
    .set(set)
    .where(inWorkspace(applications, workspaceId, eq(applications.id, id)))
    .run();
}

/**
 * Records a move and, in the same transaction, the summaries it changes (decision 57): the stay
 * it ends (the move before it in (at, id) order gets `left_at`), its own end when a later move
 * exists (one written back with an older time), and the application's `reached` stages and `stays`.
 */
export function insertMove(db: Db, v: Omit<typeof applicationMoves.$inferInsert, "id" | "leftAt" | "at"> & { at: Date }): void {
  const at = v.at.getTime();
  const later = sql`(select min(at) from application_moves where workspace_id = ${v.workspaceId} and application_id = ${v.applicationId} and at > ${at})`;
  const id = db
    .insert(applicationMoves)
    .values({ ...v, leftAt: later })
    .returning({ id: applicationMoves.id })
    .get().id;
  db.run(sql`update application_moves set left_at = ${at} where id = (
    select id from application_moves where workspace_id = ${v.workspaceId} and application_id = ${v.applicationId} and id <> ${id} and at <= ${at}
    order by at desc, id desc limit 1)`);
  db.run(sql`update applications set reached = (
      select group_concat(value, ',' order by value) from (select value from json_each('[' || reached || ']') union select ${v.toStageId}))
    where id = ${v.applicationId} and instr(',' || reached || ',', ',' || ${v.toStageId} || ',') = 0`);
  db.run(sql`update applications set stays = coalesce((
      select group_concat(to_stage_id || ':' || (left_at - at), ',' order by at, id) from application_moves
      where workspace_id = ${v.workspaceId} and application_id = ${v.applicationId} and left_at is not null), '')
    where id = ${v.applicationId}`);
}

export function countInStage(db: Db, workspaceId: number, stageId: number): number {
  return (
    db
      .select({ n: count() })
      .from(applications)
      .where(inWorkspace(applications, workspaceId, eq(applications.stageId, stageId)))
      .get()?.n ?? 0
  );
}

/** Moves every application of one stage to another (a stage removed in Settings → Pipeline). */
export function reassignStage(db: Db, workspaceId: number, fromStageId: number, toStageId: number, at: Date): number[] {
  const ids = db
    .select({ id: applications.id })
    .from(applications)
    .where(inWorkspace(applications, workspaceId, eq(applications.stageId, fromStageId)))
    .all()
    .map((r) => r.id);
  if (ids.length)
    db.update(applications)
      .set({ stageId: toStageId, movedAt: at, rejectedReason: sql`NULL` })
      .where(inWorkspace(applications, workspaceId, inArray(applications.id, ids)))
      .run();
  return ids;
}

/**
 * A merge: the duplicates' applications become the kept record's, except to a job it already
 * has one for (that one stays and the duplicate's goes with the duplicate).
 */
export function moveToParticipant(db: Db, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  const taken = new Set(applicationsOfParticipant(db, workspaceId, toId).map((a) => a.jobId));
  const rows = db
    .select()
    .from(applications)
    .where(inWorkspace(applications, workspaceId, inArray(applications.participantId, fromIds)))
    .orderBy(asc(applications.id))
    .all();
  for (const a of rows) {
    if (taken.has(a.jobId)) continue;
    taken.add(a.jobId);
    db.update(applications)
      .set({ participantId: toId, campaignId: campaignOf(toId) })
      .where(eq(applications.id, a.id))
      .run();
  }
}

/** The board's rows in one plain query (no ORM mapping: 2,000 rows are read on every board view). */
export function boardRows(db: DB, workspaceId: number, jobId: number) {
  return db.$client
    .query<
      { id: number; participantId: number; stageId: number; rejectedReason: string | null; movedAt: number; source: string | null; flags: string | null; name: string | null; city: string | null },
      [number, number]
    >(
      `SELECT a.id, a.participant_id AS participantId, a.stage_id AS stageId, a.rejected_reason AS rejectedReason, a.moved_at AS movedAt, a.source, a.flags, p.name, p.city
       FROM applications a JOIN participants p ON p.id = a.participant_id
       WHERE a.workspace_id = ?1 AND a.job_id = ?2 AND p.erased = 0
       ORDER BY a.moved_at, a.id`,
    )
    .all(workspaceId, jobId);
}

/** The funnel's moves in one plain query, in order per application. */
export function funnelMoves(db: DB, workspaceId: number, jobIds: number[]) {
  if (!jobIds.length) return [];
  return db.$client
    .query<{ applicationId: number; toStageId: number; at: number }, [number, string]>(
      `SELECT m.application_id AS applicationId, m.to_stage_id AS toStageId, m.at
       FROM application_moves m JOIN applications a ON a.id = m.application_id
       WHERE m.workspace_id = ?1 AND a.job_id IN (SELECT value FROM json_each(?2))
       ORDER BY m.application_id, m.at, m.id`,
    )
    .all(workspaceId, JSON.stringify(jobIds));
}

/** Applications per job, source (null: unknown) and stages reached (`reached`), of one job or all: one pass, no log read. */
export function reachBySource(db: DB, workspaceId: number, jobId?: number) {
  // Without a source of its own, the campaign the candidate arrived through (kept on the application, decision 59).
  return db.$client
    .query<{ jobId: number; source: string | null; campaign: string | null; reached: string; n: number }, number[]>(
      `SELECT a.job_id AS jobId, a.source, c.name AS campaign, a.reached, count(*) AS n FROM applications a
       LEFT JOIN campaigns c ON a.source IS NULL AND c.id = a.campaign_id
       WHERE a.workspace_id = ?1${jobId ? " AND a.job_id = ?2" : ""} GROUP BY a.job_id, a.source, c.name, a.reached`,
    )
    .all(...(jobId ? [workspaceId, jobId] : [workspaceId]));
}

/** The sources applications came from (most used first), from the index on (workspace, source). */
export function sourcesSeen(db: DB, workspaceId: number): string[] {
  return db.$client
    .query<{ source: string }, [number]>("SELECT source FROM applications WHERE workspace_id = ?1 AND source IS NOT NULL GROUP BY source ORDER BY count(*) DESC, source")
    .all(workspaceId)
    .map((r) => r.source);
}
