// The `backup` and `restore FILE` verbs of the command line (src/main.ts).
import type { Config } from "../../config/env";
import { CLI_BUSY_TIMEOUT_MS, createDeps } from "../../bootstrap";
import { backupDatabase } from "./db-backup";
import { restoreDatabase, RestoreRefused } from "./db-restore";

export async function backupCommand(config: Config): Promise<number> {
  const deps = createDeps(config, { quiet: true, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    const r = await backupDatabase(deps);
    console.log(`Backup written: ${r.file} (${r.bytes} bytes in ${r.durationMs} ms)`);
    for (const f of r.removed) console.log(`Removed old backup: ${f}`);
    return 0;
  } finally {
    deps.db.$client.close();
  }
}

export function restoreCommand(config: Config, file: string | undefined): number {
  if (!file) {
    console.error("Usage: frank restore FILE");
    return 2;
  }
  try {
    const r = restoreDatabase(file, config.DATABASE_PATH);
    if (r.safetyCopy) console.log(`The previous database was kept as ${r.safetyCopy}`);
    console.log(`Restored ${file} into ${r.target} (${r.migrations} migrations; the next start applies any newer ones).`);
    return 0;
  } catch (e) {
    if (e instanceof RestoreRefused) {
      console.error(`Restore refused: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
