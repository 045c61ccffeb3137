import type { z } from "zod";
import type { Tx } from "../db/tx";
import type { Deps } from "../deps";

// What a kind of outside work is made of (defineJob in lib/jobs.ts), apart from the worker that runs it.

/** Thrown by a handler when trying again cannot help (a 4xx other than 429, an SMTP 5xx, 410 Gone). */
export class PermanentFailure extends Error {}

export interface JobContext {
  /** Aborted when the try runs out of time (or the server stops): pass it to fetch and the SDKs. */
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
  deps: Deps;
  /**
   * Runs `write` in a transaction only while this try still holds the task's lease (same
   * lease_token): a try that timed out, or lost its lease to another worker, writes nothing.
   * When another process holds the write lock it waits for it (decision 14), up to the task's
   * time limit: the outside work is already done, and a busy database is not the try's failure
   * (a delivered webhook recorded as failed would be sent again).
   */
  whileLeased(write: (tx: Tx) => void): Promise<boolean>;
}

export interface JobOptions<P> {
  /** Tasks with the same key run one at a time, oldest first (an endpoint, a meeting's event). */
  serialKey?: (payload: P) => string | null;
  timeoutMs?: number;
  /** Runs in the fenced transaction that marks the task done or failed for good. */
  settled?: (tx: Tx, payload: P, outcome: "done" | "failed", deps: Deps) => void;
  /** Whether this process may run the kind now (e-mail only with SMTP_URL). */
  enabled?: (deps: Deps) => boolean;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** "skipped": recorded, never run (an e-mail while mail is off). */
  status?: "pending" | "skipped";
}

export interface Job<P> {
  readonly kind: string;
  readonly schema: z.ZodType<P>;
  readonly handler: (payload: P, ctx: JobContext) => Promise<void>;
  readonly options: JobOptions<P>;
  /** Writes the task in the caller's transaction; a worker runs it after the commit. */
  enqueue(tx: Tx, payload: P, opts?: EnqueueOptions): number;
}
