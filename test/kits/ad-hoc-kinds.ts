// Kinds of task made up by a test: a name and a handler, any payload, on one worker. The lease
// and retry tests give two workers on one database different handlers for one kind.
import { z } from "zod";
import type { Tx } from "../../src/db/tx";
import { defineJob, type Handler, type Jobs } from "../../src/lib/jobs";

const anyPayload = z.record(z.string(), z.unknown());
type Payload = Record<string, unknown>;

export function adHocKinds(jobs: Jobs) {
  return {
    register(name: string, handler: Handler<Payload>, options: { serialKey?: (p: Payload) => string | null; timeoutMs?: number; concurrency?: number } = {}): void {
      jobs.register(defineJob(name, anyPayload, { serialKey: options.serialKey }).runs(handler, { timeoutMs: options.timeoutMs, concurrency: options.concurrency }));
    },
    /** Writes a task in the caller's transaction; it runs after the commit. */
    enqueue(tx: Tx, name: string, payload: Payload, opts: { serialKey?: (p: Payload) => string | null } = {}): number {
      return defineJob(name, anyPayload, opts).enqueue(tx, payload);
    },
  };
}
