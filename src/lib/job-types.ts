import type { z } from "zod";
import type { Tx } from "../db/tx";

// What a kind of outside work is made of (lib/jobs.ts), apart from the worker that runs it. A kind
// is declared where its tasks are written (`defineJob`: the name, the payload's schema, the serial
// key); what runs it is handed to the worker by the feature that does the work (`kind.runs(...)`),
// built with that feature, so no handler needs the whole app and no import registers anything.

/** Thrown by a handler when trying again cannot help (a 4xx other than 429, an SMTP 5xx, 410 Gone). */
export class PermanentFailure extends Error {}

export interface JobContext {
  /** Aborted when the try runs out of time (or the server stops): pass it to fetch and the SDKs. */
  signal: AbortSignal;
  /** 1 for the first try. */
  attempt: number;
  /**
   * Runs `write` in a transaction only while this try still holds the task's lease (same
   * lease_token): a try that timed out, or lost its lease to another worker, writes nothing.
   * When another process holds the write lock it waits for it (decision 14), up to the task's
   * time limit: the outside work is already done, and a busy database is not the try's failure
   * (a delivered webhook recorded as failed would be sent again).
   */
  whileLeased(write: (tx: Tx) => void): Promise<boolean>;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** "skipped": recorded, never run (an e-mail while mail is off). */
  status?: "pending" | "skipped";
}

export interface RunOptions<P> {
  timeoutMs?: number;
  /** Runs in the fenced transaction that marks the task done or failed for good. */
  settled?: (tx: Tx, payload: P, outcome: "done" | "failed") => void;
  /**
   * How many tasks of this kind one worker runs at once (default 8): a slow or hung one holds
   * its own slot and its serial key, never the others'.
   */
  concurrency?: number;
  /** Whether this process may run the kind now (e-mail only with SMTP_URL). */
  enabled?: () => boolean;
}

export type Handler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/** A kind of task and what runs it: what a feature hands to the worker. */
export interface Job<P> {
  readonly kind: TaskKind<P>;
  readonly handler: Handler<P>;
  readonly options: RunOptions<P>;
}

/** A kind of task as the code that writes it sees it. */
export interface TaskKind<P> {
  readonly name: string;
  readonly schema: z.ZodType<P>;
  /** Tasks with the same key run one at a time, oldest first (an endpoint, a meeting's event). */
  readonly serialKey?: (payload: P) => string | null;
  /** Writes the task in the caller's transaction; a worker runs it after the commit. */
  enqueue(tx: Tx, payload: P, opts?: EnqueueOptions): number;
  /** What runs it, for the worker (the feature that does the work builds it). */
  runs(handler: Handler<P>, options?: RunOptions<P>): Job<P>;
}
