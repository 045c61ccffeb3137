import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { DB } from "../db/client";
import { workQueue } from "../db/schema";
import type { Clock } from "./clock";
import type { Logger } from "./log";
import type { Writer } from "./mail";
import { afterFailure, claimDue, nextDue } from "./delivery-policy";
import { DeliveryPump } from "./delivery-pump";
import { retryOnBusy } from "../db/busy";

/** Thrown by a handler when trying again cannot help (e.g. Google answered 4xx other than 429). */
export class PermanentFailure extends Error {}

/**
 * Thrown by a handler whose item must wait for something else (a webhook behind an earlier
 * one to the same endpoint): tried again at `until`, or when woken; not a failed try.
 */
export class NotYet extends Error {
  constructor(readonly until: Date) {
    super("waiting");
  }
}

export type WorkHandler = (payload: Record<string, unknown>) => Promise<void>;

/** What became of a failed try, for a feature that mirrors it on its own row (webhook deliveries). */
export interface WorkFailure {
  status: "failed" | "retrying";
  nextAttemptAt: Date;
  error: string;
}
export interface WorkOptions {
  /** Called after a failed try was recorded (not after a NotYet). */
  onFailure?: (payload: Record<string, unknown>, failure: WorkFailure) => void;
}

const LEASE_MS = 2 * 60_000;
const HANDLER_TIMEOUT_MS = 30_000;
const BATCH = 5;

/**
 * Outside work caused by a change (calendar events, webhooks): enqueue() writes a row in the
 * change's transaction; after the commit a worker runs the handler registered for its kind,
 * with the outbox's lease and backoff. Features register handlers at start-up (app.ts), so
 * the feature that causes the work never imports the one that does it.
 */
export class WorkQueue {
  private readonly handlers = new Map<string, WorkHandler>();
  private readonly options = new Map<string, WorkOptions>();
  private readonly pump: DeliveryPump;
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly db: DB,
    private readonly opts: { clock: Clock; log: Logger },
  ) {
    this.pump = new DeliveryPump("work queue", () => this.pass(), () => nextDue(db, "work_queue"), opts.clock, opts.log);
  }

  register(kind: string, handler: WorkHandler, options: WorkOptions = {}): void {
    this.handlers.set(kind, handler);
    this.options.set(kind, options);
  }

  /**
   * Makes a waiting item due now (the thing it waited for is done); in the caller's transaction.
   * Due "since ever", like a new item, so it is taken in id order among them, before items that
   * were told to wait.
   */
  wake(tx: Writer, id: number): void {
    tx.update(workQueue)
      .set({ nextAttemptAt: new Date(0) })
      .where(and(eq(workQueue.id, id), inArray(workQueue.status, ["pending", "retrying"])))
      .run();
    queueMicrotask(() => this.pump.kick());
  }

  enqueue(tx: Writer, kind: string, payload: Record<string, unknown>): number {
    const row = tx
      .insert(workQueue)
      .values({ kind, payload: JSON.stringify(payload), status: "pending", nextAttemptAt: new Date(0), createdAt: this.opts.clock.now() })
      .returning({ id: workQueue.id })
      .get();
    queueMicrotask(() => this.pump.kick());
    return row.id;
  }

  async runDue(): Promise<void> {
    this.pump.kick();
    await this.pump.idle();
  }

  async idle(): Promise<void> {
    await this.pump.idle();
  }

  async stop(graceMs = 3000): Promise<void> {
    await this.pump.stop(graceMs);
    if (this.inFlight.size) {
      this.db
        .update(workQueue)
        .set({ leaseUntil: null, attempts: sql`max(0, ${workQueue.attempts} - 1)` })
        .where(inArray(workQueue.id, [...this.inFlight]))
        .run();
    }
  }

  prune(days: number): number {
    const before = new Date(this.opts.clock.now().getTime() - days * 86_400_000);
    return this.db.delete(workQueue).where(and(inArray(workQueue.status, ["done", "failed"]), lt(workQueue.createdAt, before))).returning({ id: sql`1` }).all().length;
  }

  /** Rows waiting or failed, for /metrics and the monitor. */
  depth(): { waiting: number; failed: number } {
    const rows = this.db.select({ status: workQueue.status, n: sql<number>`count(*)` }).from(workQueue).where(inArray(workQueue.status, ["pending", "retrying", "failed"])).groupBy(workQueue.status).all();
    const n = (s: string) => rows.find((r) => r.status === s)?.n ?? 0;
    return { waiting: n("pending") + n("retrying"), failed: n("failed") };
  }

  private async pass(): Promise<void> {
    for (;;) {
      const ids = claimDue(this.db, "work_queue", this.opts.clock.now(), LEASE_MS, BATCH);
      if (!ids.length) return;
      await Promise.all(ids.map((id) => this.run(id)));
    }
  }

  private async run(id: number): Promise<void> {
    const row = this.db.select().from(workQueue).where(eq(workQueue.id, id)).get();
    if (!row) return;
    this.inFlight.add(id);
    try {
      const handler = this.handlers.get(row.kind);
      if (!handler) {
        // Not registered yet (work written before the app was wired, e.g. by the demo seed): later, uncounted.
        this.db
          .update(workQueue)
          .set({ leaseUntil: null, attempts: sql`max(0, ${workQueue.attempts} - 1)`, nextAttemptAt: new Date(this.opts.clock.now().getTime() + 5000) })
          .where(eq(workQueue.id, id))
          .run();
        return;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${HANDLER_TIMEOUT_MS / 1000} s`)), HANDLER_TIMEOUT_MS)));
      await Promise.race([handler(JSON.parse(row.payload) as Record<string, unknown>), timeout]).finally(() => clearTimeout(timer));
      await retryOnBusy(this.db.$client, () =>
        this.db.update(workQueue).set({ status: "done", doneAt: this.opts.clock.now(), leaseUntil: null, lastError: null }).where(eq(workQueue.id, id)).run(),
      );
    } catch (e) {
      if (e instanceof NotYet) {
        // Not a try: the attempt is given back and the item sleeps until `until` (or a wake).
        const until = e.until;
        await retryOnBusy(this.db.$client, () =>
          this.db.update(workQueue).set({ leaseUntil: null, attempts: sql`max(0, ${workQueue.attempts} - 1)`, nextAttemptAt: until }).where(eq(workQueue.id, id)).run(),
        ).catch(() => {});
        return;
      }
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const next = afterFailure({ permanent: e instanceof PermanentFailure, createdAt: row.createdAt, attempts: row.attempts, now: this.opts.clock.now() });
      await retryOnBusy(this.db.$client, () =>
        this.db.update(workQueue).set({ status: next.status, lastError: message, nextAttemptAt: next.nextAttemptAt, leaseUntil: null }).where(eq(workQueue.id, id)).run(),
      ).catch(() => {
        // Still locked: the lease runs out and the item is tried again.
      });
      this.opts.log.error("work item failed", { id, kind: row.kind, error: message, willRetry: next.status === "retrying" });
      try {
        this.options.get(row.kind)?.onFailure?.(JSON.parse(row.payload) as Record<string, unknown>, { ...next, error: message });
      } catch (hookError) {
        this.opts.log.error("work item failure hook failed", { id, kind: row.kind, error: hookError instanceof Error ? hookError.message : String(hookError) });
      }
    } finally {
      this.inFlight.delete(id);
    }
  }
}
