import { z } from "zod";
import type { Tx } from "../db/tx";
import { insertTask, PermanentFailure, type JobContext, type Jobs } from "./jobs";

export { PermanentFailure } from "./jobs";

export type WorkHandler = (payload: Record<string, unknown>, ctx: JobContext) => Promise<void>;

const anyPayload = z.record(z.string(), z.unknown());

/**
 * Kinds whose handler is given per app at run time, over the one task table (src/lib/jobs.ts):
 * same claim, lease token, timeout signal and serial keys as defineJob. Features define their
 * kinds with defineJob (the calendar's through scheduling/calendar-jobs.ts and a port); this is
 * left for the lease tests, which give two workers on one database different handlers, and
 * `idle()`/`runDue()` wait for every kind.
 */
export class WorkQueue {
  private readonly serialKeys = new Map<string, (p: Record<string, unknown>) => string | null>();

  constructor(private readonly jobs: Jobs) {}

  register(kind: string, handler: WorkHandler, options: { serialKey?: (p: Record<string, unknown>) => string | null; timeoutMs?: number } = {}): void {
    if (options.serialKey) this.serialKeys.set(kind, options.serialKey);
    this.jobs.register({
      kind,
      schema: anyPayload,
      handler,
      options: { timeoutMs: options.timeoutMs },
      enqueue: (tx, payload, opts) => insertTask(tx, kind, payload, options.serialKey?.(payload) ?? null, opts),
    });
  }

  /** Writes a task in the caller's transaction; it runs after the commit. */
  enqueue(tx: Tx, kind: string, payload: Record<string, unknown>, opts: { serialKey?: string | null } = {}): number {
    return insertTask(tx, kind, payload, opts.serialKey ?? this.serialKeys.get(kind)?.(payload) ?? null);
  }

  async runDue(): Promise<void> {
    await this.jobs.runDue();
  }

  async idle(): Promise<void> {
    await this.jobs.idle();
  }

  async stop(graceMs = 3000): Promise<void> {
    await this.jobs.stop(graceMs);
  }

  prune(days: number): number {
    return this.jobs.prune(days);
  }

  depth(): { waiting: number; failed: number } {
    return this.jobs.depth();
  }
}

// Kept for handlers that import it from here.
void PermanentFailure;
