import type { Deps } from "./deps";
import type { ScheduledJob } from "./scheduled-job";
import { syncAllConnected } from "./features/calendar/sync";
import { startCalendarPolling } from "./features/calendar/work";
import { startMailboxPolling } from "./features/messages/work";
import { startMailboxIdle } from "./features/messages/idle";
import { sendDueReminders } from "./features/scheduling/reminders";
import { monitorJobs } from "./features/monitor/jobs";
import { eraseIdleCandidates } from "./features/people/retention";
import { pruneDeliveries } from "./features/webhooks/record";
import { pruneSuggestions } from "./features/suggestions/service";
import { sweepOrphanFiles } from "./features/candidate-files/orphans";
import { retryOnBusy } from "./db/busy";
import { endScheduledRun, takeScheduledRun, tickOf } from "./lib/scheduled-lease";

/**
 * Scheduled tasks (not the job postings of src/features/jobs), run by the worker's process. Each
 * run is taken through its row in scheduled_runs, so it runs once per tick across processes and
 * never overlaps the previous one; a failure is logged, not thrown. (The task worker needs no
 * tick: it watches the table, lib/jobs.ts.)
 */
function scheduledJobs(deps: Deps): ScheduledJob[] {
  return [
    {
      name: "tasks-retention",
      pattern: "17 4 * * *",
      run: (d) => {
        d.jobs.prune(d.config.OUTBOX_RETENTION_DAYS);
        pruneDeliveries(d, d.config.OUTBOX_RETENTION_DAYS);
      },
    },
    { name: "calendar-sync", pattern: "*/10 * * * *", run: (d) => syncAllConnected(d) },
    { name: "interview-reminders", pattern: "*/5 * * * *", run: (d) => sendDueReminders(d).then(() => {}) },
    // Off unless a workspace sets a retention period (candidate settings).
    { name: "candidate-retention", pattern: "43 3 * * *", run: (d) => void eraseIdleCandidates(d) },
    // Suggestions about candidates, past the workspace's retention (at least 6 months, issue 57).
    { name: "suggestions-retention", pattern: "53 3 * * *", run: (d) => void pruneSuggestions(d) },
    // Stored files no row names, a day after they were written (issue 59 item 5).
    { name: "orphan-files", pattern: "7 5 * * *", run: (d) => sweepOrphanFiles(d).then(() => {}) },
    ...monitorJobs(deps),
  ];
}

/** Runs `job` for the tick firing now, unless another process has taken it (or a run of it is under way). */
export async function runScheduled(deps: Deps, job: ScheduledJob): Promise<boolean> {
  const db = deps.db.$client;
  const boot = deps.jobs.holdBoot();
  const taken = await retryOnBusy(db, () => takeScheduledRun(db, job.name, tickOf(deps.clock.now()), boot, deps.clock.now().getTime())).catch((e) => {
    deps.log.error("scheduled job not taken", { job: job.name, error: e instanceof Error ? e.message : String(e) });
    return false;
  });
  if (!taken) return false;
  const started = performance.now();
  let ok = false;
  try {
    await job.run(deps);
    ok = true;
  } catch (e) {
    deps.log.error("scheduled job failed", { job: job.name, error: e instanceof Error ? e.message : String(e) });
  } finally {
    await retryOnBusy(db, () => endScheduledRun(db, job.name, boot)).catch(() => {});
    deps.metrics.observeJob(job.name, ok, (performance.now() - started) / 1000);
  }
  return true;
}

export function startJobs(deps: Deps): { stop(): void } {
  const handles = scheduledJobs(deps).map((job) => Bun.cron(job.pattern, () => runScheduled(deps, job)));
  // The busy cache's polling runs at seconds, below cron's minute (CALENDAR_POLL_SECONDS).
  const polling = startCalendarPolling(deps);
  const mailboxPolling = startMailboxPolling(deps);
  // New mail in a mailbox whose server offers IDLE queues its sync at once (polling stays the net).
  const mailboxIdle = startMailboxIdle(deps);
  return {
    stop: () => {
      handles.forEach((h: any) => h.stop());
      polling.stop();
      mailboxPolling.stop();
      mailboxIdle.stop();
    },
  };
}
