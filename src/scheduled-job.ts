import type { Deps } from "./deps";

/**
 * One of the in-process scheduled tasks (src/scheduled-tasks.ts): a name for the log and the
 * metrics, a 5-field cron pattern (minute resolution), and the work.
 */
export interface ScheduledJob {
  name: string;
  pattern: string;
  run: (deps: Deps) => Promise<void> | void;
}
