import { count, desc, eq, ne, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantsBackup, syncRuns } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

// The backup table and the sync runs. Participants are read through the candidates service.

export type BackupRow = typeof participantsBackup.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;
export type BackupValues = Omit<typeof participantsBackup.$inferInsert, "id" | "workspaceId" | "participantId" | "runId" | "syncTimestamp" | "syncStatus">;

/** Workspaces with backup rows (which may need marking deleted even with no participants left). */
export function workspacesWithBackups(db: DB): number[] {
  return db
    .selectDistinct({ id: participantsBackup.workspaceId })
    .from(participantsBackup)
    .all()
    .map((r) => r.id);
}

const upserts = new WeakMap<DB, ReturnType<DB["$client"]["prepare"]>>();

/**
 * Copies one batch in one transaction: a row already backed up is updated in place, never
 * duplicated (unique workspace + participant). A prepared statement: this is the hot loop.
 */
export function upsertBackupRows(db: DB, workspaceId: number, runId: number, at: Date, rows: { participantId: number; values: BackupValues }[]) {
  let stmt = upserts.get(db);
  if (!stmt) {
    stmt = db.$client.prepare(
      `insert into participants_backup (workspace_id, participant_id, name, email, position, department, status, data, sync_timestamp, sync_status, run_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'synced', ?)
       on conflict (workspace_id, participant_id) do update set name = excluded.name, email = excluded.email, position = excluded.position,
         department = excluded.department, status = excluded.status, data = excluded.data, sync_timestamp = excluded.sync_timestamp,
         sync_status = 'synced', run_id = excluded.run_id`,
    );
    upserts.set(db, stmt);
  }
  const s = stmt;
  const ts = at.getTime();
  db.$client.transaction(() => {
    for (const { participantId, values: v } of rows) {
      s.run(workspaceId, participantId, v.name ?? null, v.email ?? null, v.position ?? null, v.department ?? null, v.status ?? null, v.data, ts, runId);
    }
  })();
}

/** Rows the finished run did not see were deleted at the source; they stay, marked 'deleted'. */
export function markUnseenDeleted(db: DB, workspaceId: number, runId: number, at: Date): void {
  db.update(participantsBackup)
    .set({ syncStatus: "deleted", syncTimestamp: at })
    .where(inWorkspace(participantsBackup, workspaceId, ne(participantsBackup.runId, runId), eq(participantsBackup.syncStatus, "synced")))
    .run();
}

export function latestBackupRows(db: DB, workspaceId: number, limit: number): BackupRow[] {
  return db
    .select()
    .from(participantsBackup)
    .where(inWorkspace(participantsBackup, workspaceId))
    .orderBy(desc(participantsBackup.syncTimestamp), desc(participantsBackup.participantId))
    .limit(limit)
    .all();
}

export function countBackupRows(db: DB, workspaceId: number): number {
  return db.select({ n: count() }).from(participantsBackup).where(inWorkspace(participantsBackup, workspaceId)).get()?.n ?? 0;
}

/** Whether a table exists (the status card says 'Not Found' otherwise). */
export function tableExists(db: DB, name: string): boolean {
  return !!db.get(sql`select 1 as x from sqlite_master where type = 'table' and name = ${name}`);
}

export function insertRun(db: DB, v: { workspaceId: number; trigger: string; startedAt: Date }): SyncRunRow {
  return db
    .insert(syncRuns)
    .values({ ...v, status: "running" })
    .returning()
    .get();
}

export function finishRun(db: DB, id: number, v: { status: "success" | "failed"; recordCount: number; durationMs: number; error?: string | null; finishedAt: Date }) {
  db.update(syncRuns).set(v).where(eq(syncRuns.id, id)).run();
}

/** A run left 'running' by a process that stopped mid-run is recorded as failed, not lost. */
export function failInterruptedRuns(db: DB, at: Date): void {
  db.update(syncRuns).set({ status: "failed", error: "Interrupted (the server stopped during the run)", finishedAt: at }).where(eq(syncRuns.status, "running")).run();
}

export function lastRun(db: DB, workspaceId: number, status?: "success" | "failed"): SyncRunRow | undefined {
  return db
    .select()
    .from(syncRuns)
    .where(inWorkspace(syncRuns, workspaceId, status ? eq(syncRuns.status, status) : undefined))
    .orderBy(desc(syncRuns.id))
    .limit(1)
    .get();
}
