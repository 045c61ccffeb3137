import type { Database } from "bun:sqlite";
import type { z } from "zod";
import type { DB } from "../db/client";
import type { Tx } from "../db/tx";
import { tasks } from "../db/schema";
import { retryOnBusy } from "../db/busy";
import { systemClock, type Clock } from "./clock";
import type { Logger } from "./log";
import { afterFailure } from "./delivery-policy";
import { DeliveryPump } from "./delivery-pump";
import { CLAIM_SQL, DONE_SQL, DUE_SQL, FAIL_SQL, NEXT_DUE_SQL, type Claimed } from "./task-claims";
import { PermanentFailure, type EnqueueOptions, type Handler, type Job, type JobContext, type RunOptions, type TaskKind } from "./job-types";

export { PermanentFailure } from "./job-types";
export type { EnqueueOptions, Handler, Job, JobContext, RunOptions, TaskKind } from "./job-types";

/** What runs tasks on one database connection: enqueue() finds its clock and wakes it. */
const runners = new WeakMap<Database, Jobs>();
const clientOf = (tx: Tx): Database | undefined => (tx as unknown as { session?: { client?: Database } }).session?.client;

/**
 * Declares a kind of outside work: its name, its payload's zod schema and its serial key. The task
 * row is written by `enqueue(tx, payload)` inside the change's transaction (the type refuses the
 * root database), so the work commits with the change or not at all. The feature that does the
 * work hands `kind.runs(handler)` to the worker.
 */
export function defineJob<S extends z.ZodType>(name: string, schema: S, options: { serialKey?: (payload: z.infer<S>) => string | null } = {}): TaskKind<z.infer<S>> {
  type P = z.infer<S>;
  const kind: TaskKind<P> = {
    name,
    schema: schema as unknown as z.ZodType<P>,
    serialKey: options.serialKey,
    enqueue: (tx, payload, opts) => insertTask(tx, name, schema.parse(payload), options.serialKey?.(payload) ?? null, opts),
    runs: (handler: Handler<P>, runOptions: RunOptions<P> = {}): Job<P> => ({ kind, handler, options: runOptions }),
  };
  return kind;
}

/** Writes one task row (a kind's enqueue). */
export function insertTask(tx: Tx, kind: string, payload: unknown, serialKey: string | null, opts: EnqueueOptions = {}): number {
  const client = clientOf(tx);
  const runner = client ? runners.get(client) : undefined;
  const now = (runner?.clock ?? systemClock).now();
  const skipped = opts.status === "skipped";
  const row = tx
    .insert(tasks)
    .values({
      kind,
      serialKey,
      payload: JSON.stringify(payload),
      status: skipped ? "skipped" : "pending",
      runAt: opts.runAt ?? new Date(0),
      createdAt: now,
      finishedAt: skipped ? now : null,
    })
    .returning({ id: tasks.id })
    .get();
  // A microtask runs after the synchronous transaction has committed (or rolled back).
  if (runner && !skipped) queueMicrotask(() => runner.kick());
  return row.id;
}

export interface JobsOptions {
  clock: Clock;
  log: Logger;
  leaseMs?: number;
  timeoutMs?: number;
  batch?: number;
}

const DEFAULT_LEASE_MS = 3 * 60_000;
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The worker of one process: after each commit that wrote tasks, and when the next one falls
 * due, it claims a batch and runs their handlers. Several workers (processes) may share the
 * database: the claim, the lease token and the serial keys keep them apart.
 */
export class Jobs {
  private readonly pump: DeliveryPump;
  private readonly inFlight = new Map<number, { token: string; controller: AbortController }>();
  private readonly registered = new Map<string, Job<any>>();
  readonly clock: Clock;

  constructor(
    private readonly db: DB,
    private readonly opts: JobsOptions,
  ) {
    this.clock = opts.clock;
    runners.set(db.$client, this);
    this.pump = new DeliveryPump("jobs", () => this.pass(), () => this.nextDue(), opts.clock, opts.log);
  }

  /**
   * The kinds this worker runs, handed over by the features that do them (built with them, in
   * the composition root). An app built again on the same database replaces its handlers.
   */
  register(...jobs: Job<any>[]): void {
    for (const job of jobs) this.registered.set(job.kind.name, job);
  }

  kick(): void {
    this.pump.kick();
  }

  async runDue(): Promise<void> {
    this.pump.kick();
    await this.pump.idle();
  }

  /**
   * Resolves when nothing due now is waiting or running (tests, the CLI), or when the worker
   * is stopped: a stopped pump ignores kicks, so tasks stay due and waiting for them would
   * loop on resolved promises forever, where no timer (not even a test's limit) can end it.
   * Each further round also waits for the next turn of the event loop, so timers and I/O
   * run between rounds whatever a pass does.
   */
  async idle(): Promise<void> {
    await this.pump.idle();
    while (!this.pump.stopped && this.hasDueNow()) {
      this.pump.kick();
      await this.pump.idle();
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Stops claiming and waits up to `graceMs` for the running tries; those still running are
   * released for the next start (their attempt not counted), so nothing is lost.
   */
  async stop(graceMs = 3000): Promise<void> {
    await this.pump.stop(graceMs);
    for (const [id, { token, controller }] of this.inFlight) {
      controller.abort(new Error("The server is stopping"));
      this.db.$client
        .query("UPDATE tasks SET lease_until = NULL, lease_token = NULL, attempts = max(0, attempts - 1) WHERE id = ?1 AND lease_token = ?2")
        .run(id, token);
    }
    this.inFlight.clear();
  }

  /** Deletes finished tasks older than `days` (with their mail rows, by cascade). */
  prune(days: number): number {
    const before = this.clock.now().getTime() - days * 86_400_000;
    return this.db.$client.query("DELETE FROM tasks WHERE status IN ('done', 'failed', 'skipped') AND created_at < ?1").run(before).changes;
  }

  /** Tasks waiting or failed, for /metrics and the monitor. */
  depth(): { waiting: number; failed: number; held: number } {
    const rows = this.db.$client
      .query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM tasks WHERE status IN ('pending', 'retrying', 'failed', 'held') GROUP BY status")
      .all();
    const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { waiting: n("pending") + n("retrying"), failed: n("failed"), held: n("held") };
  }

  private jobFor(kind: string): Job<any> | undefined {
    return this.registered.get(kind);
  }

  /** The kinds this worker runs now, as the JSON the claim's SQL reads. */
  private kinds(): string {
    return JSON.stringify([...this.registered.values()].filter((j) => !j.options.enabled || j.options.enabled()).map((j) => j.kind.name));
  }

  private hasDueNow(): boolean {
    return !!this.db.$client.query(DUE_SQL).get(this.clock.now().getTime(), this.kinds());
  }

  private nextDue(): number | null {
    try {
      return this.db.$client.query<{ at: number | null }, [string]>(NEXT_DUE_SQL).get(this.kinds())?.at ?? null;
    } catch (e) {
      // The connection was closed without stop() (a CLI verb, a test): nothing more to do here.
      if (e instanceof Error && /closed database/i.test(e.message)) {
        void this.pump.stop(0);
        return null;
      }
      throw e;
    }
  }

  /** Claims up to `limit` due tasks (exported for the bench and the lease tests through runDue). */
  claim(limit = this.opts.batch ?? 10): Claimed[] {
    const now = this.clock.now().getTime();
    const rows = this.db.$client.query<Claimed, [number, number, string, number]>(CLAIM_SQL).all(now + (this.opts.leaseMs ?? DEFAULT_LEASE_MS), now, this.kinds(), limit);
    return rows.sort((a, b) => a.id - b.id);
  }

  private async pass(): Promise<void> {
    for (;;) {
      const claimed = this.claim();
      if (!claimed.length) return;
      await Promise.all(claimed.map((c) => this.run(c)));
    }
  }

  /** A write that ends or reschedules the task: only while it still carries this try's token. */
  private fenced(id: number, token: string, write: (tx: Tx) => void): boolean {
    return this.db.transaction((tx) => {
      const held = this.db.$client.query("SELECT 1 FROM tasks WHERE id = ?1 AND lease_token = ?2").get(id, token);
      if (!held) return false;
      write(tx);
      return true;
    });
  }

  private async run(c: Claimed): Promise<void> {
    const job = this.jobFor(c.kind);
    if (!job) {
      // Not known to this worker yet: later, uncounted.
      this.db.$client
        .query("UPDATE tasks SET lease_until = NULL, lease_token = NULL, attempts = max(0, attempts - 1), run_at = ?3 WHERE id = ?1 AND lease_token = ?2")
        .run(c.id, c.leaseToken, this.clock.now().getTime() + 5000);
      return;
    }
    const controller = new AbortController();
    this.inFlight.set(c.id, { token: c.leaseToken, controller });
    const timeoutMs = job.options.timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
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
        whileLeased: (write) => retryOnBusy(this.db.$client, () => !controller.signal.aborted && this.fenced(c.id, c.leaseToken, write), { waitMs: timeoutMs }),
      };
      await Promise.race([job.handler(payload, ctx), timedOut]);
      clearTimeout(timer);
      const settled = job.options.settled;
      await retryOnBusy(
        this.db.$client,
        () => {
          // One UPDATE matched on id and lease token; with a settle step, both in one transaction.
          const markDone = () => this.db.$client.query(DONE_SQL).all(c.id, c.leaseToken, this.clock.now().getTime()).length > 0;
          if (!settled) return markDone();
          return this.db.transaction((tx) => {
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
      const now = this.clock.now();
      const next = afterFailure({ permanent: e instanceof PermanentFailure, createdAt: new Date(c.createdAt), attempts: c.attempts, now });
      await retryOnBusy(this.db.$client, () =>
        this.db.transaction((tx) => {
          const changed = this.db.$client.query(FAIL_SQL).all(c.id, c.leaseToken, next.status, message, next.nextAttemptAt.getTime(), next.status === "failed" ? now.getTime() : null).length > 0;
          if (changed && next.status === "failed" && payload !== undefined) job.options.settled?.(tx, payload, "failed");
        }),
      ).catch(() => {});
      this.opts.log.error("task failed", { id: c.id, kind: c.kind, error: message, willRetry: next.status === "retrying" });
    } finally {
      this.inFlight.delete(c.id);
    }
  }
}
