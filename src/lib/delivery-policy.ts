/**
 * How tasks retry (src/lib/jobs.ts): exponential backoff with full jitter, for 48 hours from
 * the task's creation; a permanent failure ends it at once.
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
