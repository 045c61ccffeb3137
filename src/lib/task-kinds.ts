// How a kind of task is declared and a task written (`defineJob`, `kind.enqueue(tx, payload)`),
// apart from the worker that runs them (lib/jobs.ts).
import type { Database } from "bun:sqlite";
import type { z } from "zod";
import type { Tx } from "../db/tx";
import { tasks } from "../db/schema";
import { systemClock, type Clock } from "./clock";
import type { EnqueueOptions, Handler, Job, RunOptions, TaskKind } from "./job-types";

/** What runs tasks on one database connection: enqueue() finds its clock and wakes it. */
const runners = new WeakMap<Database, TaskRunner>();

/** The worker of a connection, as the code that writes tasks sees it. */
export interface TaskRunner {
  readonly clock: Clock;
  kick(): void;
}

/** A worker registers itself for its connection (lib/jobs.ts). */
export function registerRunner(client: Database, runner: TaskRunner): void {
  runners.set(client, runner);
}
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
function insertTask(tx: Tx, kind: string, payload: unknown, serialKey: string | null, opts: EnqueueOptions = {}): number {
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
