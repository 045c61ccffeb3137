// The job table's fenced SQL: how a worker takes due tasks with a lease, and how a try's end is
// written only while that lease is still its own.

export interface Claimed {
  id: number;
  kind: string;
  payload: string;
  attempts: number;
  leaseToken: string;
  createdAt: number;
}

const UNFINISHED = "('pending', 'retrying', 'held')";

/**
 * Takes due tasks with a fresh lease in one UPDATE (SQLite runs it under its write lock, so a
 * task is taken by one worker only). A task with a serial_key is taken only when no older
 * unfinished task has the same key. The SQL is fixed: kinds come in as a JSON parameter.
 */
export const CLAIM_SQL = `UPDATE tasks SET lease_token = lower(hex(randomblob(12))), lease_until = ?1, attempts = attempts + 1
  WHERE id IN (
    SELECT t.id FROM tasks t
    WHERE t.status IN ('pending', 'retrying') AND t.run_at <= ?2 AND (t.lease_until IS NULL OR t.lease_until <= ?2)
      AND t.kind IN (SELECT value FROM json_each(?3))
      AND (t.serial_key IS NULL OR NOT EXISTS (
        SELECT 1 FROM tasks o WHERE o.serial_key = t.serial_key AND o.id < t.id AND o.status IN ${UNFINISHED}))
    ORDER BY t.run_at, t.id LIMIT ?4)
  RETURNING id, kind, payload, attempts, lease_token AS leaseToken, created_at AS createdAt`;

export const DUE_SQL = `SELECT 1 AS due FROM tasks t
  WHERE t.status IN ('pending', 'retrying') AND t.run_at <= ?1 AND (t.lease_until IS NULL OR t.lease_until <= ?1)
    AND t.kind IN (SELECT value FROM json_each(?2))
    AND (t.serial_key IS NULL OR NOT EXISTS (
      SELECT 1 FROM tasks o WHERE o.serial_key = t.serial_key AND o.id < t.id AND o.status IN ${UNFINISHED}))
  LIMIT 1`;

export const NEXT_DUE_SQL = `SELECT min(max(run_at, coalesce(lease_until, 0))) AS at FROM tasks
  WHERE status IN ('pending', 'retrying') AND kind IN (SELECT value FROM json_each(?1))`;

/** The writes that end or reschedule a try: matched on id and lease token, so a stale try's write changes nothing. */
export const DONE_SQL = "UPDATE tasks SET status = 'done', finished_at = ?3, lease_token = NULL, lease_until = NULL, last_error = NULL WHERE id = ?1 AND lease_token = ?2 RETURNING id";
export const FAIL_SQL = "UPDATE tasks SET status = ?3, last_error = ?4, run_at = ?5, finished_at = ?6, lease_token = NULL, lease_until = NULL WHERE id = ?1 AND lease_token = ?2 RETURNING id";
