import type { Deps } from "../../deps";
import type { ScheduledJob } from "../../jobs";
import { markSyncScheduled, syncAllWorkspaces } from "./sync";
import { backupDatabase } from "./db-backup";

/**
 * The monitor's scheduled work, on SYNC_CRON (hourly by default): the participants sync of
 * every workspace, and a whole-database backup that keeps the newest BACKUP_KEEP.
 */
export function monitorJobs(deps: Deps): ScheduledJob[] {
  markSyncScheduled(deps);
  return [
    { name: "participants-sync", pattern: deps.config.SYNC_CRON, run: async (d) => void (await syncAllWorkspaces(d)) },
    { name: "database-backup", pattern: deps.config.SYNC_CRON, run: async (d) => void (await backupDatabase(d)) },
  ];
}
