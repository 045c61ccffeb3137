import type { Deps } from "./deps";
import type { ScheduledJob } from "./scheduled-job";
import { syncAllConnected } from "./features/calendar/sync";
import { startCalendarPolling } from "./features/calendar/work";
import { sendDueReminders } from "./features/scheduling/reminders";
import { monitorJobs } from "./features/monitor/jobs";
import { eraseIdleCandidates } from "./features/people/retention";
import { pruneDeliveries } from "./features/webhooks/record";

/**
 * In-process scheduled tasks (one process serves everything; not the job postings of src/features/jobs). Each job is guarded so a
 * run never overlaps the previous one and a failure is logged, not thrown.
 */
export function scheduledJobs(deps: Deps): ScheduledJob[] {
  return [
    // Tasks start after each commit and wake when a retry falls due; this is the safety net
    // (and picks up what another process wrote, e.g. a CLI verb).
    { name: "tasks", pattern: "* * * * *", run: (d) => d.jobs.runDue() },
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
    ...monitorJobs(deps),
  ];
}

export function startJobs(deps: Deps): { stop(): void } {
  const handles = scheduledJobs(deps).map((job) => {
    let running = false;
    return Bun.cron(job.pattern, async () => {
      if (running) return;
      running = true;
      const started = performance.now();
      let ok = false;
      try {
        await job.run(deps);
        ok = true;
      } catch (e) {
        deps.log.error("scheduled job failed", { job: job.name, error: e instanceof Error ? e.message : String(e) });
      } finally {
        running = false;
        deps.metrics.observeJob(job.name, ok, (performance.now() - started) / 1000);
      }
    });
  });
  // The busy cache's polling runs at seconds, below cron's minute (CALENDAR_POLL_SECONDS).
  const polling = startCalendarPolling(deps);
  return {
    stop: () => {
      handles.forEach((h: any) => h.stop());
      polling.stop();
    },
  };
}
