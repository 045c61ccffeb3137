import type { Deps } from "../../deps";
import * as repo from "./repo";
import { countParticipants, latestParticipants, participantBatch, workspacesWithParticipants, type ParticipantRecord } from "../candidates/service";
import { describeCron } from "./cron-text";
import { toMonitorParticipant, type MonitorBackupRow, type MonitorParticipant, type SyncStatus, type SyncTriggerResult } from "./view";
import { retryOnBusy } from "../../db/busy";

/**
 * The participants sync: copies a workspace's participants into participants_backup.
 *
 * - Runs never overlap: one run at a time per app. A trigger for a workspace whose run is
 *   in flight joins that run (two triggers at once → one run, one answer); a trigger for
 *   another workspace waits for the current run to end.
 * - The copy goes in batches of BATCH rows in id order, each batch one transaction, and
 *   yields between batches, so requests (and participant writes) go on during a long run.
 *   Ids only grow, so a row written during the run is either copied by a later batch or
 *   by the next run; the unique (workspace, participant) index means never twice.
 * - Every run is logged in sync_runs; a failed run is recorded as failed with its error.
 */
const BATCH = 500;

interface SyncOptions {
  trigger?: "manual" | "schedule";
  batchSize?: number;
  /** Called after each committed batch (tests use it to write or fail mid-run). */
  onBatch?: (copiedSoFar: number) => void | Promise<void>;
}

interface SyncRunResult extends SyncTriggerResult {
  runId: number;
}

/** The sync's state in one app: the run under way, whether a scheduler runs it, whether runs left by a stopped process were closed. */
export interface SyncRunner {
  run(workspaceId: number, opts?: SyncOptions): Promise<SyncRunResult>;
  /** The scheduled job: every workspace, one after the other (each run is still exclusive). */
  runAll(opts?: Omit<SyncOptions, "trigger">): Promise<SyncRunResult[]>;
  status(workspaceId: number): SyncStatus;
  /** The scheduler registered the sync job (the Cron Job card shows Running). */
  markScheduled(on?: boolean): void;
}

interface MonitorState {
  current: { workspaceId: number; promise: Promise<SyncRunResult> } | null;
  scheduled: boolean;
  recovered: boolean;
}

export function createSyncRunner(deps: Deps): SyncRunner {
  const state: MonitorState = { current: null, scheduled: false, recovered: false };
  const run = (workspaceId: number, opts: SyncOptions = {}) => runSync(deps, state, workspaceId, opts);
  return {
    run,
    runAll: (opts = {}) => syncAllWorkspaces(deps, run, opts),
    status: (workspaceId) => syncStatus(deps, state, workspaceId),
    markScheduled: (on = true) => void (state.scheduled = on),
  };
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runSync(deps: Deps, state: MonitorState, workspaceId: number, opts: SyncOptions): Promise<SyncRunResult> {
  for (;;) {
    const cur = state.current;
    if (!cur) break;
    if (cur.workspaceId === workspaceId) return cur.promise;
    await cur.promise.catch(() => undefined);
  }
  // No await between the check above and this assignment: nobody else can start meanwhile.
  const promise = copyWorkspace(deps, state, workspaceId, opts);
  state.current = { workspaceId, promise };
  promise
    .finally(() => {
      if (state.current?.promise === promise) state.current = null;
    })
    .catch(() => undefined);
  return promise;
}

// Writes wait for another process's write lock without blocking the event loop (src/db/busy.ts).
async function copyWorkspace(deps: Deps, state: MonitorState, workspaceId: number, opts: SyncOptions): Promise<SyncRunResult> {
  if (!state.recovered) {
    // Runs still marked 'running' belong to a process that stopped mid-run.
    await retryOnBusy(deps.db.$client, () => repo.failInterruptedRuns(deps.db, deps.clock.now()));
    state.recovered = true;
  }
  const batchSize = opts.batchSize ?? BATCH;
  const started = performance.now();
  const run = await retryOnBusy(deps.db.$client, () => repo.insertRun(deps.db, { workspaceId, trigger: opts.trigger ?? "manual", startedAt: deps.clock.now() }));
  let copied = 0;
  const elapsed = () => Math.round(performance.now() - started);
  try {
    let cursor = 0;
    for (;;) {
      const rows = participantBatch(deps, workspaceId, cursor, batchSize);
      if (rows.length === 0) break;
      const values = rows.map(toBackupValues);
      await retryOnBusy(deps.db.$client, () => repo.upsertBackupRows(deps.db, workspaceId, run.id, deps.clock.now(), values));
      copied += rows.length;
      cursor = rows[rows.length - 1]!.id;
      await opts.onBatch?.(copied);
      if (rows.length < batchSize) break;
      await nextTick();
    }
    await retryOnBusy(deps.db.$client, () => repo.markUnseenDeleted(deps.db, workspaceId, run.id, deps.clock.now()));
    const duration = elapsed();
    await retryOnBusy(deps.db.$client, () => repo.finishRun(deps.db, run.id, { status: "success", recordCount: copied, durationMs: duration, finishedAt: deps.clock.now() }));
    return { success: true, recordCount: copied, duration, message: `Synchronized ${copied} records in ${duration}ms`, runId: run.id };
  } catch (e) {
    const duration = elapsed();
    const error = e instanceof Error ? e.message : String(e);
    deps.log.error("participants sync failed", { workspaceId, runId: run.id, error });
    try {
      await retryOnBusy(deps.db.$client, () =>
        repo.finishRun(deps.db, run.id, { status: "failed", recordCount: copied, durationMs: duration, error: error.slice(0, 500), finishedAt: deps.clock.now() }),
      );
    } catch (e2) {
      deps.log.error("could not record the failed sync run", { runId: run.id, error: e2 instanceof Error ? e2.message : String(e2) });
    }
    return { success: false, recordCount: copied, duration, message: "Sync failed", runId: run.id };
  }
}

function toBackupValues(p: ParticipantRecord): { participantId: number; values: repo.BackupValues } {
  const v = toMonitorParticipant(p);
  return {
    participantId: p.id,
    values: { name: v.name, email: v.email, position: v.position, department: v.department, status: v.status, data: JSON.stringify(p) },
  };
}

async function syncAllWorkspaces(deps: Deps, runSync: SyncRunner["run"], opts: Omit<SyncOptions, "trigger">) {
  const results: SyncRunResult[] = [];
  const workspaces = [...new Set([...workspacesWithParticipants(deps), ...repo.workspacesWithBackups(deps.db)])].sort((a, b) => a - b);
  for (const ws of workspaces) results.push(await runSync(ws, { ...opts, trigger: "schedule" }));
  const failed = results.filter((r) => !r.success).length;
  if (failed) throw new Error(`${failed} of ${results.length} workspace sync run(s) failed (see sync_runs)`);
  return results;
}

function syncStatus(deps: Deps, state: MonitorState, workspaceId: number): SyncStatus {
  const originalExists = repo.tableExists(deps.db, "participants");
  const backupExists = repo.tableExists(deps.db, "participants_backup");
  const lastOk = backupExists ? repo.lastRun(deps.db, workspaceId, "success") : undefined;
  const latest = backupExists ? repo.lastRun(deps.db, workspaceId) : undefined;
  return {
    isInitialized: originalExists && backupExists,
    originalExists,
    originalCount: originalExists ? countParticipants(deps, workspaceId) : 0,
    backupExists,
    backupCount: backupExists ? repo.countBackupRows(deps.db, workspaceId) : 0,
    lastSync: (lastOk?.finishedAt ?? null)?.toISOString() ?? null,
    cronActive: state.scheduled,
    cronSchedule: describeCron(deps.config.SYNC_CRON),
    running: state.current?.workspaceId === workspaceId,
    lastRun: latest ? { status: latest.status, recordCount: latest.recordCount, durationMs: latest.durationMs, error: latest.error, startedAt: latest.startedAt.toISOString() } : null,
  };
}

export function latestBackup(deps: Deps, workspaceId: number, limit: number): MonitorBackupRow[] {
  return repo.latestBackupRows(deps.db, workspaceId, limit).map((r) => ({
    id: r.participantId,
    name: r.name,
    email: r.email,
    position: r.position,
    department: r.department,
    status: r.status ?? "",
    sync_timestamp: r.syncTimestamp.toISOString(),
    sync_status: r.syncStatus,
  }));
}

export function latestOriginal(deps: Deps, workspaceId: number, limit: number): MonitorParticipant[] {
  return latestParticipants(deps, workspaceId, limit).map(toMonitorParticipant);
}
