// One try of a claimed task (the worker, lib/jobs.ts, starts one per free slot): the handler with
// its abort signal and time limit, and the fenced writes that end the try.
import type { DB } from "../db/client";
import type { Tx } from "../db/tx";
import { retryOnBusy } from "../db/busy";
import type { Clock } from "./clock";
import type { Logger } from "./log";
import { afterFailure } from "./delivery-policy";
import { DONE_SQL, FAIL_SQL, type Claimed } from "./task-claims";
import { PermanentFailure, type Job, type JobContext } from "./job-types";

export interface TryEnv {
  db: DB;
  clock: Clock;
  log: Logger;
  /** The limit of a kind that sets none. */
  timeoutMs: number;
}

/** A write that ends or reschedules the task: only while it still carries this try's token. */
function fenced(db: DB, id: number, token: string, write: (tx: Tx) => void): boolean {
  return db.transaction((tx) => {
    const held = db.$client.query("SELECT 1 FROM tasks WHERE id = ?1 AND lease_token = ?2").get(id, token);
    if (!held) return false;
    write(tx);
    return true;
  });
}

/**
 * One try of one claimed task: its handler raced against its time limit, then "done", or the
 * failure with its backoff, each written only while the try still holds the lease.
 */
export async function runTry(env: TryEnv, job: Job<any> | undefined, c: Claimed, controller: AbortController): Promise<void> {
  const { db, clock, log } = env;
  if (!job) {
    // Not known to this worker yet: later, uncounted.
    db.$client
      .query("UPDATE tasks SET lease_until = NULL, lease_token = NULL, lease_boot = NULL, attempts = max(0, attempts - 1), run_at = ?3 WHERE id = ?1 AND lease_token = ?2")
      .run(c.id, c.leaseToken, clock.now().getTime() + 5000);
    return;
  }
  const timeoutMs = job.options.timeoutMs ?? env.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let payload: unknown = undefined;
  try {
    const parsed = job.kind.schema.safeParse(JSON.parse(c.payload));
    if (!parsed.success) throw new PermanentFailure(`Bad payload: ${parsed.error.issues.map((i) => i.message).join("; ")}`.slice(0, 300));
    payload = parsed.data;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const e = new Error(`No answer within ${timeoutMs / 1000} s`);
        controller.abort(e);
        reject(e);
      }, timeoutMs);
    });
    const ctx: JobContext = {
      signal: controller.signal,
      attempt: c.attempts,
      whileLeased: (write) => retryOnBusy(db.$client, () => !controller.signal.aborted && fenced(db, c.id, c.leaseToken, write), { waitMs: timeoutMs }),
    };
    await Promise.race([job.handler(payload, ctx), timedOut]);
    clearTimeout(timer);
    const settled = job.options.settled;
    await retryOnBusy(
      db.$client,
      () => {
        // One UPDATE matched on id and lease token; with a settle step, both in one transaction.
        const markDone = () => db.$client.query(DONE_SQL).all(c.id, c.leaseToken, clock.now().getTime()).length > 0;
        if (!settled) return markDone();
        return db.transaction((tx) => {
          if (markDone()) settled(tx, payload, "done");
        });
      },
      { waitMs: 60_000 },
    ).catch(() => {
      // Still locked: the lease runs out and the task is tried again.
    });
  } catch (e) {
    clearTimeout(timer);
    if (!controller.signal.aborted) controller.abort(e);
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    const now = clock.now();
    const next = afterFailure({ permanent: e instanceof PermanentFailure, createdAt: new Date(c.createdAt), attempts: c.attempts, now });
    await retryOnBusy(db.$client, () =>
      db.transaction((tx) => {
        const changed = db.$client.query(FAIL_SQL).all(c.id, c.leaseToken, next.status, message, next.nextAttemptAt.getTime(), next.status === "failed" ? now.getTime() : null).length > 0;
        if (changed && next.status === "failed" && payload !== undefined) job.options.settled?.(tx, payload, "failed");
      }),
    ).catch(() => {});
    log.error("task failed", { id: c.id, kind: c.kind, error: message, willRetry: next.status === "retrying" });
  }
}
