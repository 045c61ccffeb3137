import type { DB } from "../db/client";

/**
 * How the outbox and the work queue retry: exponential backoff with full jitter, for at
 * least 48 hours from the first try, and a lease on every row being worked on so that no
 * two workers (in one process or two on one database) ever take the same row.
 */
export const GIVE_UP_AFTER_MS = 48 * 3_600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3_600_000;

/** Delay before the next try after `attempts` failed ones: between half and all of 30 s · 2^(n-1), capped at 1 hour. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The state a row takes after a failed try. */
export function afterFailure(v: { permanent: boolean; createdAt: Date; attempts: number; now: Date }): { status: "failed" | "retrying"; nextAttemptAt: Date } {
  if (v.permanent || v.now.getTime() - v.createdAt.getTime() >= GIVE_UP_AFTER_MS) return { status: "failed", nextAttemptAt: v.now };
  return { status: "retrying", nextAttemptAt: new Date(v.now.getTime() + backoffMs(v.attempts)) };
}

/**
 * Takes up to `limit` due rows of `table` (outbox or work_queue, which share these columns)
 * with a lease until `now + leaseMs`, in one UPDATE: SQLite runs it under its write lock,
 * so a row is taken by one worker only. Returns the ids taken; `attempts` counts this try.
 */
export function claimDue(db: DB, table: "outbox" | "work_queue", now: Date, leaseMs: number, limit: number): number[] {
  const at = now.getTime();
  const rows = db.$client
    .query<{ id: number }, [number, number, number]>(
      `UPDATE ${table} SET lease_until = ?1, attempts = attempts + 1
       WHERE id IN (SELECT id FROM ${table}
                    WHERE status IN ('pending', 'retrying') AND next_attempt_at <= ?2 AND (lease_until IS NULL OR lease_until <= ?2)
                    ORDER BY next_attempt_at, id LIMIT ?3)
       RETURNING id`,
    )
    .all(at + leaseMs, at, limit);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** When the next row of `table` falls due (null when none waits), to sleep until then. */
export function nextDue(db: DB, table: "outbox" | "work_queue"): number | null {
  const row = db.$client
    .query<{ at: number | null }, []>(
      `SELECT min(max(next_attempt_at, coalesce(lease_until, 0))) AS at FROM ${table} WHERE status IN ('pending', 'retrying')`,
    )
    .get();
  return row?.at ?? null;
}
