import type { Deps } from "../../deps";
import type { ScheduledJob } from "../../scheduled-job";
import type { SyncRunner } from "./sync";
import type { BackupQueue } from "./db-backup";
import { backupWithUpload } from "./offsite-backup";

/**
 * The monitor's scheduled work: the participants sync of every workspace on SYNC_CRON
 * (hourly by default), and a whole-database backup on BACKUP_CRON (daily at 03:00) that
 * keeps the newest BACKUP_KEEP, uploaded to BACKUP_S3_URL when it is set.
 */
export function monitorJobs(deps: Deps, sync: SyncRunner, backup: BackupQueue): ScheduledJob[] {
  return [
    { name: "participants-sync", pattern: deps.config.SYNC_CRON, run: async () => void (await sync.runAll()) },
    { name: "database-backup", pattern: deps.config.BACKUP_CRON, run: async (d) => void (await backupWithUpload(d, backup)) },
  ];
}
