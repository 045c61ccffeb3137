// The `backup` and `restore FILE | s3://…` verbs of the command line (src/cli.ts).
import { rmSync } from "node:fs";
import type { Config } from "../../config/env";
import { CLI_BUSY_TIMEOUT_MS, createDeps } from "../../bootstrap";
import { restoreDatabase, RestoreRefused } from "./db-restore";
import { backupWithUpload, downloadBackup, OffsiteBackupFailed } from "./offsite-backup";

export async function backupCommand(config: Config): Promise<number> {
  const deps = createDeps(config, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    const r = await backupWithUpload(deps);
    console.log(`Backup written: ${r.file} (${r.bytes} bytes in ${r.durationMs} ms)`);
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
    const { describeHeld } = await import("../../lib/held-tasks");
    const total = r.held.emails + r.held.calendar + r.held.webhooks + r.held.other;
    if (total) {
      console.log(`Held ${describeHeld(r.held)} that were waiting in the backup: the old server may have sent them after the snapshot, so the server starts with them paused.`);
      console.log("Send them with: frank jobs release   (see what is held with: frank jobs)");
    } else console.log("No outgoing work was waiting in the backup.");
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
