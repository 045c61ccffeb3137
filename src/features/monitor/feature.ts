import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { monitorRoutes } from "./routes";
import { createSyncRunner, type SyncRunner } from "./sync";
import { backupQueue, type BackupQueue } from "./db-backup";
import { monitorJobs } from "./jobs";

/** The participants sync and the database backup, with the developer pages that show them. */
export function createMonitor(deps: Deps, web: Web): Feature<{ sync: SyncRunner; backup: BackupQueue }> {
  const sync = createSyncRunner(deps);
  const backup = backupQueue(deps);
  return { routes: [plugin(monitorRoutes(deps, web, sync))], jobs: [], scheduled: monitorJobs(deps, sync, backup), api: { sync, backup } };
}
