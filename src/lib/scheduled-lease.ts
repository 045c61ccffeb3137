// A scheduled job runs once per tick however many processes run scheduled jobs (a worker beside
// another, a server in one process beside a worker): every one of them fires the same cron ticks,
// and the one whose write takes the job's row for that tick runs it. While it runs, the row's
// lease names its boot, so a run never overlaps the previous one, even in another process; a
// boot that dies mid-run has its lease taken back by the next worker start (lib/worker-boot.ts).
import type { Database } from "bun:sqlite";

/** The longest a run may hold its job before another process may run the job again. */
const RUN_LEASE_MS = 60 * 60_000;

const TAKE_SQL = `INSERT INTO scheduled_runs (name, tick, boot, lease_until) VALUES (?1, ?2, ?3, ?4)
  ON CONFLICT (name) DO UPDATE SET tick = excluded.tick, boot = excluded.boot, lease_until = excluded.lease_until
  WHERE scheduled_runs.tick < excluded.tick AND (scheduled_runs.lease_until IS NULL OR scheduled_runs.lease_until <= ?5)`;

/** The minute a cron pattern fired for (patterns have minute resolution). */
export const tickOf = (at: Date) => Math.floor(at.getTime() / 60_000) * 60_000;

/** Takes `name`'s run for `tick` for `boot`: true if this process runs it, false if another one does (or did). */
export function takeScheduledRun(db: Database, name: string, tick: number, boot: string, now: number): boolean {
  return db.query(TAKE_SQL).run(name, tick, boot, now + RUN_LEASE_MS, now).changes > 0;
}

/** The run has ended: the job may run at its next tick, here or elsewhere. */
export function endScheduledRun(db: Database, name: string, boot: string): void {
  db.query("UPDATE scheduled_runs SET boot = NULL, lease_until = NULL WHERE name = ?1 AND boot = ?2").run(name, boot);
}
