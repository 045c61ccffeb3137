import type { Deps } from "../../deps";
import type { ScheduledJob } from "../../scheduled-job";
import { markSyncScheduled, syncAllWorkspaces } from "./sync";
import { backupWithUpload } from "./offsite-backup";

/**
 * The monitor's scheduled work: the participants sync of every workspace on SYNC_CRON
 * (hourly by default), and a whole-database backup on BACKUP_CRON (daily at 03:00) that
 * keeps the newest BACKUP_KEEP, uploaded to BACKUP_S3_URL when it is set.
 */
export function monitorJobs(deps: Deps): ScheduledJob[] {
  markSyncScheduled(deps);
  return [
    { name: "participants-sync", pattern: deps.config.SYNC_CRON, run: async (d) => void (await syncAllWorkspaces(d)) },
    { name: "database-backup", pattern: deps.config.BACKUP_CRON, run: async (d) => void (await backupWithUpload(d)) },
  ];
}
