import type { Deps } from "./deps";
import type { ScheduledJob } from "./scheduled-job";
import type { BackgroundLoop } from "./lib/feature";
import { retryOnBusy } from "./db/busy";
import { endScheduledRun, takeScheduledRun, tickOf } from "./lib/scheduled-lease";

/** What the features hand the process that runs scheduled work (app.ts collects them). */
export interface ScheduledParts {
  scheduled: ScheduledJob[];
  background: BackgroundLoop[];
}

/** The task table's own retention: done and failed tasks past OUTBOX_RETENTION_DAYS (infrastructure, not a feature's). */
const tasksRetention: ScheduledJob = { name: "tasks-retention", pattern: "17 4 * * *", run: (d) => void d.jobs.prune(d.config.OUTBOX_RETENTION_DAYS) };

/**
 * Runs `job` for the tick firing now, unless another process has taken it (or a run of it is under
 * way). Each run is taken through its row in scheduled_runs, so it runs once per tick across
 * processes and never overlaps the previous one; a failure is logged, not thrown. (The task worker
 * needs no tick: it watches the table, lib/jobs.ts.)
 */
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

/** Starts the features' scheduled tasks (Bun.cron, minute resolution) and background loops; stop() ends them all. */
export function startJobs(deps: Deps, parts: ScheduledParts): { stop(): void } {
  const handles = [tasksRetention, ...parts.scheduled].map((job) => Bun.cron(job.pattern, () => runScheduled(deps, job)));
  const loops = parts.background.map((start) => start());
  return {
    stop: () => {
      handles.forEach((h: any) => h.stop());
      loops.forEach((l) => l.stop());
    },
  };
}
