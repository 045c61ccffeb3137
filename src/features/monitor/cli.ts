// The `backup` and `restore FILE | s3://… | --from-replica [--at TIME]` verbs of the command line (src/cli.ts).
import { mkdirSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Config } from "../../config/env";
import { CLI_BUSY_TIMEOUT_MS, createDeps } from "../../bootstrap";
import { restoreDatabase, RestoreRefused, type RestoreResult } from "./db-restore";
import { backupWithUpload, downloadBackup, OffsiteBackupFailed } from "./offsite-backup";
import { unpackFiles } from "./backup-files";
import { fileStoreOf } from "../../lib/files/store-for";
import type { BackupResult } from "./db-backup";
import { describeReplica } from "../../config/replica";
import { serveLockHeld } from "../../db/serve-lock";
import { ReplicaRestoreFailed, restoreFromReplica } from "./litestream";

/** What the backup did with the candidates' files, in one line (an operator must know where they are). */
function filesLine(r: BackupResult): string {
  if (!r.files) return `Candidate files: not in this backup; they are kept in ${r.filesWhere} (back the bucket up with its own versioning or replication).`;
  const missing = r.files.missing ? ` (${r.files.missing} named by the database were already deleted)` : "";
  return `Candidate files: ${r.files.count} file${r.files.count === 1 ? "" : "s"} (${r.files.bytes} bytes) from ${r.filesWhere} are in the backup${missing}.`;
}

export async function backupCommand(config: Config): Promise<number> {
  const deps = createDeps(config, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    const r = await backupWithUpload(deps);
    console.log(`Backup written: ${r.file} (${r.bytes} bytes in ${r.durationMs} ms)`);
    console.log(filesLine(r));
    for (const f of r.removed) console.log(`Removed old backup: ${f}`);
    if (r.upload) {
      console.log(`Uploaded: ${r.upload.url}`);
      for (const u of r.upload.removed) console.log(`Removed old backup: ${u}`);
    }
    return 0;
  } catch (e) {
    if (e instanceof OffsiteBackupFailed) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    deps.db.$client.close();
  }
}

export async function restoreCommand(config: Config, source: string | undefined): Promise<number> {
  if (!source) {
    console.error("Usage: frank restore FILE | s3://bucket/prefix/NAME");
    return 2;
  }
  let file = source;
  if (source.startsWith("s3://")) {
    try {
      file = await downloadBackup(config, source);
    } catch (e) {
      console.error(`Restore refused: cannot download ${source}: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
    console.log(`Downloaded ${source}`);
  }
  try {
    const r = restoreDatabase(file, config.DATABASE_PATH);
    if (r.safetyCopy) console.log(`The previous database was kept as ${r.safetyCopy}`);
    console.log(`Restored ${source} into ${r.target} (${r.migrations} migrations; the next start applies any newer ones).`);
    const store = fileStoreOf(config);
    try {
      const f = await unpackFiles(file, store);
      if (f.count) console.log(`Restored ${f.count} candidate file${f.count === 1 ? "" : "s"} (${f.bytes} bytes) into ${store.where}.`);
      else console.log(store.kind === "s3" ? `This backup holds no candidate files: they are kept in ${store.where}.` : "This backup holds no candidate files.");
      if (f.skipped) console.log(`Left out ${f.skipped} archive entr${f.skipped === 1 ? "y" : "ies"} that are not Frank's files.`);
    } catch (e) {
      console.error(`The database is restored, but its files could not be written to ${store.where}: ${e instanceof Error ? e.message : String(e)}. Run the same restore again.`);
      return 1;
    }
    await printHeld(r.held, "backup");
    return 0;
  } catch (e) {
    if (e instanceof RestoreRefused) {
      console.error(`Restore refused: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    if (file !== source) rmSync(file, { force: true });
  }
}

async function printHeld(held: RestoreResult["held"], what: "backup" | "replica") {
  const { describeHeld } = await import("../../lib/held-tasks");
  const total = held.emails + held.calendar + held.webhooks + held.other;
  if (total) {
    console.log(
      `Held ${describeHeld(held)} that were waiting in the ${what}: the old server may have sent them after the ${what === "backup" ? "snapshot" : "last change the replica has"}, so the server starts with them paused.`,
    );
    console.log("Send them with: frank jobs release   (see what is held with: frank jobs)");
  } else console.log(`No outgoing work was waiting in the ${what}.`);
}

/**
 * `frank restore --from-replica [--at TIME]`: Litestream writes the replica's latest state (or
 * its state at TIME) to a new file beside the database, which then goes through the same
 * restore as a backup: checked, the current database kept as a safety copy, pending outside
 * work held.
 */
export async function restoreFromReplicaCommand(config: Config, at: string | null): Promise<number> {
  if (!config.replica) {
    console.error("Restore refused: REPLICA_URL is not set, so there is no replica to restore from.");
    return 1;
  }
  const when = at === null ? null : new Date(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(at) ? `${at.replace(" ", "T")}Z` : at);
  if (when && Number.isNaN(when.getTime())) {
    console.error(`Restore refused: --at ${at} is not a time (for example 2025-03-14T09:30:00Z; without a zone it is UTC).`);
    return 2;
  }
  const where = describeReplica(config.replica);
  const target = resolve(config.DATABASE_PATH);
  // Refused before anything is downloaded (restoreDatabase checks again before it replaces the file).
  if (serveLockHeld(target)) {
    console.error(`Restore refused: ${target} is in use (is Frank running?). Stop the server, then restore.`);
    return 1;
  }
  const file = `${target}.from-replica`;
  const drop = () => {
    for (const ext of ["", "-wal", "-shm", ".tmp", ".tmp-wal", ".tmp-shm"]) rmSync(file + ext, { force: true });
  };
  drop();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const started = performance.now();
  try {
    await restoreFromReplica(config.DATABASE_PATH, config.replica, file, when);
  } catch (e) {
    drop();
    console.error(`Restore refused: cannot restore from the replica at ${where}: ${e instanceof ReplicaRestoreFailed ? e.message : String(e)}`);
    return 1;
  }
  console.log(`Brought the database back from the replica at ${where}${when ? ` as it was at ${when.toISOString()}` : ""} (${Math.round(performance.now() - started)} ms)`);
  try {
    const r = restoreDatabase(file, config.DATABASE_PATH);
    if (r.safetyCopy) console.log(`The previous database was kept as ${r.safetyCopy}`);
    console.log(`Restored the replica into ${r.target} (${r.migrations} migrations; the next start applies any newer ones).`);
    const store = fileStoreOf(config);
    console.log(
      store.kind === "s3"
        ? `Candidate files are kept in ${store.where}: the replica does not carry them.`
        : "The replica carries the database only: candidate files in the data folder come back from a backup (frank restore FILE), or are missing.",
    );
    await printHeld(r.held, "replica");
    return 0;
  } catch (e) {
    if (e instanceof RestoreRefused) {
      console.error(`Restore refused: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    drop();
  }
}
