// The job table's fenced SQL: how a worker takes due tasks with a lease, and how a try's end is
// written only while that lease is still its own.
import { and, desc, eq, inArray, isNotNull, isNull, notInArray, or } from "drizzle-orm";
import type { DB } from "../db/client";
import { tasks } from "../db/schema";

export interface Claimed {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  leaseToken: string;
  createdAt: number;
}

const UNFINISHED = "('pending', 'retrying', 'held')";

/** Due now (`now`), of a kind named in the JSON object `kinds`, and first of its serial key. */
const dueWhere = (now: string, kinds: string) => `t.status IN ('pending', 'retrying') AND t.run_at <= ${now} AND (t.lease_until IS NULL OR t.lease_until <= ${now})
      AND t.kind IN (SELECT key FROM json_each(${kinds}))
      AND (t.serial_key IS NULL OR NOT EXISTS (
        SELECT 1 FROM tasks o WHERE o.serial_key = t.serial_key AND o.id < t.id AND o.status IN ${UNFINISHED}))`;

/**
 * Takes due tasks with a fresh lease in one UPDATE (SQLite runs it under its write lock, so a
 * task is taken by one worker only), at most as many of each kind as the worker has free slots
 * for it (?3 is a JSON object: kind -> free slots), oldest first. A task with a serial_key is
 * taken only when no older unfinished task has the same key, so a running task holds its key
 * and nothing else. The lease names the worker's boot (?5), so a restarted worker knows it.
 */
export const CLAIM_SQL = `UPDATE tasks SET lease_token = lower(hex(randomblob(12))), lease_until = ?1, lease_boot = ?5, attempts = attempts + 1
  WHERE id IN (
    SELECT d.id FROM (
      SELECT t.id, t.kind, t.run_at, row_number() OVER (PARTITION BY t.kind ORDER BY t.run_at, t.id) AS n
      FROM tasks t WHERE ${dueWhere("?2", "?3")}) d
    JOIN json_each(?3) k ON k.key = d.kind
    WHERE d.n <= k.value
    ORDER BY d.run_at, d.id LIMIT ?4)
  RETURNING id, kind, payload, attempts, lease_token AS leaseToken, created_at AS createdAt`;

/** Whether a claim would take anything (a read: no write lock is taken when nothing is due). */
export const DUE_SQL = `SELECT 1 AS due FROM tasks t WHERE ${dueWhere("?1", "?2")} LIMIT 1`;

export const NEXT_DUE_SQL = `SELECT min(max(run_at, coalesce(lease_until, 0))) AS at FROM tasks
  WHERE status IN ('pending', 'retrying') AND kind IN (SELECT value FROM json_each(?1))`;

/** The writes that end or reschedule a try: matched on id and lease token, so a stale try's write changes nothing. */
export const DONE_SQL =
  "UPDATE tasks SET status = 'done', finished_at = ?3, lease_token = NULL, lease_until = NULL, lease_boot = NULL, last_error = NULL WHERE id = ?1 AND lease_token = ?2 RETURNING id";
export const FAIL_SQL =
  "UPDATE tasks SET status = ?3, last_error = ?4, run_at = ?5, finished_at = ?6, lease_token = NULL, lease_until = NULL, lease_boot = NULL WHERE id = ?1 AND lease_token = ?2 RETURNING id";

/**
 * Whether a task of this kind and serial key is written and not yet started (a run already
 * waiting makes a second request pointless). Read in the caller's transaction, so it sees what
 * that transaction wrote; any process's tasks count.
 */
export function hasWaitingTask(tx: Pick<DB, "select">, kind: string, serialKey: string, payload?: string): boolean {
  const row = tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        eq(tasks.serialKey, serialKey),
        eq(tasks.kind, kind),
        inArray(tasks.status, ["pending", "retrying"]),
        isNull(tasks.leaseToken),
        payload === undefined ? undefined : eq(tasks.payload, payload),
      ),
    )
    .limit(1)
    .get();
  return !!row;
}

/**
 * When the newest task of a kind and serial key that has started (running or ended) was due: its
 * run time, or its creation when it was due at once; null when none has.
 */
export function lastStartedDue(tx: Pick<DB, "select">, kind: string, serialKey: string): Date | null {
  const row = tx
    .select({ runAt: tasks.runAt, createdAt: tasks.createdAt })
    .from(tasks)
    .where(and(eq(tasks.serialKey, serialKey), eq(tasks.kind, kind), or(isNotNull(tasks.leaseToken), notInArray(tasks.status, ["pending", "retrying"]))))
    .orderBy(desc(tasks.id))
    .limit(1)
    .get();
  return row ? new Date(Math.max(row.runAt.getTime(), row.createdAt.getTime())) : null;
}

/** A task still waiting (pending or retrying) is made due now; false when it is running or finished. */
export function hurryWaitingTask(tx: Pick<DB, "update">, taskId: number, now: Date): boolean {
  return (
    tx
      .update(tasks)
      .set({ runAt: now })
      .where(and(eq(tasks.id, taskId), inArray(tasks.status, ["pending", "retrying"])))
      .returning({ id: tasks.id })
      .all().length > 0
  );
}
