import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { residueSettled } from "../../db/residue";
import type { Deps } from "../../deps";
import type { PackedFiles } from "./backup-files";

/**
 * Whole-database backups: `VACUUM INTO` writes a consistent, compacted snapshot of the live
 * SQLite file (readers and writers go on; WAL content is included) into <data>/backups,
 * on a worker thread with its own connection (backup.worker.ts), so requests never wait
 * for it. The file is written under a temporary name and renamed, so a crash never leaves a
 * half-written file that looks like a backup; it is 0600 and the folder 0700. The newest
 * BACKUP_KEEP are kept.
 *
 * Names start with the database file's own name (frank.db → frank-YYYYMMDD-HHMMSS-mmm.db,
 * UTC), so two databases sharing a data folder never prune each other's backups.
 */
export function backupFolder(dataDir: string): string {
  return join(dataDir, "backups");
}

/** The name stem of a database file: data/frank.db → "frank". */
export function databaseStem(databasePath: string): string {
  return basename(databasePath).replace(/\.(db|sqlite3?)$/i, "") || "frank";
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function backupPattern(stem: string): RegExp {
  return new RegExp(`^${escapeRe(stem)}-\\d{8}-\\d{6}-\\d{3}\\.db$`);
}

/** <stem>-YYYYMMDD-HHMMSS-mmm.db (UTC): names sort by time. */
export function backupName(at: Date, stem: string): string {
  const iso = at.toISOString(); // 2024-05-01T13:05:22.123Z
  return `${stem}-${iso.slice(0, 10).replace(/-/g, "")}-${iso.slice(11, 19).replace(/:/g, "")}-${iso.slice(20, 23)}.db`;
}

/** The time in a backup's name (UTC), or null for another file. */
function timeOfBackup(file: string): number | null {
  const m = /-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})\.db$/.exec(file);
  if (!m) return null;
  const [, y, mo, d, h, mi, se, ms] = m.map(Number) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, se!, ms!);
}

export interface BackupResult {
  file: string;
  bytes: number;
  durationMs: number;
  removed: string[];
  /** The candidates' files in the backup (data folder); null when they are in a bucket, not copied. */
  files: PackedFiles | null;
  /** Where the files are kept (the data folder, or s3://bucket/prefix): the backup's output names it. */
  filesWhere: string;
}

/**
 * Where the backup thread's code is. In the single binary it is an entry point of its own
 * (scripts/build-binary.ts), embedded under the sources' root; import.meta.url there is the path
 * the binary was built from, which the machine running it does not have.
 */
function backupWorkerUrl(): string | URL {
  return Bun.main.startsWith("/$bunfs/") ? "/$bunfs/root/features/monitor/backup.worker.js" : new URL("./backup.worker.ts", import.meta.url);
}

/**
 * Runs snapshotTo on a worker thread with its own connection: the event loop goes on meanwhile.
 * With `dataDir`, the files the snapshot's rows name go into it too (backup-files.ts).
 */
function snapshotInWorker(source: string, target: string, dataDir: string | null = null): Promise<PackedFiles | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(backupWorkerUrl());
    const done = (error?: Error, files: PackedFiles | null = null) => {
      worker.terminate();
      if (error) reject(error);
      else resolve(files);
    };
    worker.onmessage = (e: MessageEvent<{ ok: boolean; error?: string; files?: PackedFiles | null }>) => done(e.data.ok ? undefined : new Error(e.data.error), e.data.files ?? null);
    worker.onerror = (e) => done(new Error(e.message || "backup worker failed"));
    worker.postMessage({ source, target, dataDir });
  });
}

/** Backs up the live database and prunes old backups; one per app (the monitor's), or per command. */
export type BackupQueue = () => Promise<BackupResult>;

/**
 * The app's backups, one after the other: names sort by time and pruning keeps the newest, so
 * two at once could prune each other's file.
 */
export function backupQueue(deps: Deps): BackupQueue {
  let chain: Promise<unknown> = Promise.resolve();
  return () => {
    const next = chain.catch(() => undefined).then(() => backupNow(deps));
    chain = next.catch(() => undefined);
    return next;
  };
}

async function backupNow(deps: Deps): Promise<BackupResult> {
  const started = performance.now();
  const dir = backupFolder(deps.config.dataDir);
  const stem = databaseStem(deps.config.DATABASE_PATH);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Names sort by time, and pruning keeps the last names: a new backup must sort after the
  // newest one even when the clock went back or two backups share a millisecond.
  const newest = listBackups(dir, stem)[0];
  const after = newest ? timeOfBackup(newest) : null;
  const now = deps.clock.now();
  const at = after !== null && after >= now.getTime() ? new Date(after + 1) : now;
  const file = join(dir, backupName(at, stem));
  // An erasure's clean-up first: a backup must not copy what it is about to remove.
  await residueSettled(deps.db);
  // Files in the data folder travel in the backup; a bucket keeps its own (decision 0039).
  const store = deps.files;
  const files = await snapshotInWorker(resolve(deps.config.DATABASE_PATH), file, store.kind === "disk" ? deps.config.dataDir : null);
  const removed = await pruneBackups(dir, stem, deps.config.BACKUP_KEEP);
  const result = {
    file,
    bytes: statSync(file).size,
    durationMs: Math.round(performance.now() - started),
    removed,
    files: store.kind === "disk" ? (files ?? { count: 0, bytes: 0, missing: 0 }) : null,
    filesWhere: store.where,
  };
  deps.log.info("database backup written", { file, bytes: result.bytes, ms: result.durationMs, removed: removed.length, files: result.files?.count ?? null });
  return result;
}

/** The scheduled backups of one database in a folder, newest first (restore's safety copies are not listed). */
export function listBackups(dir: string, stem: string): string[] {
  if (!existsSync(dir)) return [];
  const pattern = backupPattern(stem);
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort()
    .reverse()
    .map((f) => join(dir, f));
}

/** Removes all but the newest `keep` (off the event loop: unlinking a large file takes tens of ms). */
async function pruneBackups(dir: string, stem: string, keep: number): Promise<string[]> {
  const old = listBackups(dir, stem).slice(Math.max(1, keep));
  for (const f of old) await rm(f, { force: true });
  return old;
}
