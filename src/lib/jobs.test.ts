// Fenced leases: two workers (each its own connection, as two processes would have) on one
// database, with a handler that outlives its time limit or its lease. The stale worker's late
// writes (its fenced write, its "done", its failure) change nothing; the signal aborts on timeout.
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../test/helpers";
import { holdWriteLock } from "../../test/hold-write-lock";
import { openDatabase } from "../db/client";
import { tasks } from "../db/schema";
import type { Tx } from "../db/tx";
import { Jobs, type JobContext } from "./jobs";
import { adHocKinds } from "../../test/kits/ad-hoc-kinds";

const t = makeTestApp();

/** A worker of its own: its connection, its runner, its registered kinds. */
function worker(opts: { leaseMs?: number; timeoutMs?: number; busyTimeoutMs?: number } = {}) {
  const db = openDatabase(t.deps.config.DATABASE_PATH, { busyTimeoutMs: opts.busyTimeoutMs ?? 2000 });
  const jobs = new Jobs(db, { clock: t.clock, log: t.deps.log, ...opts });
  const work = adHocKinds(jobs);
  afterAll(() => db.$client.close());
  return { db, jobs, work };
}

const row = (id: number) => t.deps.db.select().from(tasks).where(eq(tasks.id, id)).get()!;

describe("fenced leases", () => {
  test("a handler that outlives its time limit: its signal aborts, another worker does the task, the late writes change nothing", async () => {
    const a = worker({ timeoutMs: 150 });
    const b = worker({ timeoutMs: 5000 });
    const seen: { by: string; attempt: number; abortedAtEnd?: boolean; lateWrite?: boolean }[] = [];
    let releaseA!: () => void;
    const aMayEnd = new Promise<void>((r) => (releaseA = r));
    const aEnded = Promise.withResolvers<void>();
    a.work.register("test.slow", async (_p, ctx: JobContext) => {
      const mine = { by: "A", attempt: ctx.attempt } as (typeof seen)[number];
      seen.push(mine);
      await aMayEnd; // ignores its signal, as a careless SDK call would
      mine.abortedAtEnd = ctx.signal.aborted;
      mine.lateWrite = await ctx.whileLeased((tx: Tx) => void tx.update(tasks).set({ lastError: "late write by A" }).where(eq(tasks.id, id)).run());
      aEnded.resolve();
    });
    b.work.register("test.slow", async (_p, ctx) => {
      seen.push({ by: "B", attempt: ctx.attempt });
    });
    const id = a.db.transaction((tx) => a.work.enqueue(tx, "test.slow", {}));
    await a.jobs.runDue(); // A's try times out after 150 ms
    expect(row(id)).toMatchObject({ status: "retrying", attempts: 1, lastError: "No answer within 0.15 s", leaseToken: null });
    t.clock.advance(60_000);
    await b.jobs.runDue();
    const done = row(id);
    expect(done).toMatchObject({ status: "done", attempts: 2, lastError: null });
    releaseA();
    await aEnded.promise;
    await Bun.sleep(20);
    expect(seen.map((s) => [s.by, s.attempt])).toEqual([
      ["A", 1],
      ["B", 2],
    ]);
    expect(seen[0]).toMatchObject({ abortedAtEnd: true, lateWrite: false });
    expect(row(id)).toEqual(done);
  });

  test("a worker whose lease ran out: the other worker's claim wins, the stale try's late failure and late done change nothing", async () => {
    const a = worker({ leaseMs: 1000, timeoutMs: 10_000 });
    const b = worker({ leaseMs: 60_000, timeoutMs: 10_000 });
    const gates = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    const ended = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    let n = 0;
    a.work.register("test.stale", async (p) => {
      const i = Number(p.i);
      await gates[i]!.promise;
      ended[i]!.resolve();
      if (i === 0) throw new Error("late failure from a stale worker");
    });
    b.work.register("test.stale", async () => void n++);
    const ids = a.db.transaction((tx) => [a.work.enqueue(tx, "test.stale", { i: 0 }), a.work.enqueue(tx, "test.stale", { i: 1 })]);
    const aRun = a.jobs.runDue(); // A claims both and hangs
    await Bun.sleep(50);
    expect(ids.map((id) => row(id).leaseToken)).not.toContain(null);
    const staleTokens = ids.map((id) => row(id).leaseToken);
    t.clock.advance(5000); // A's lease (1 s) has run out; B takes both with fresh tokens
    await b.jobs.runDue();
    expect(n).toBe(2);
    const after = ids.map(row);
    expect(after.map((r) => r.status)).toEqual(["done", "done"]);
    expect(after.map((r) => r.attempts)).toEqual([2, 2]);
    // A now ends: a failure for the first task, a success for the second; neither is written.
    gates[0]!.resolve();
    gates[1]!.resolve();
    await Promise.all(ended.map((e) => e.promise));
    await aRun;
    expect(ids.map(row)).toEqual(after);
    expect(staleTokens.every((tok) => typeof tok === "string" && tok.length === 24)).toBe(true);
  });

  test("a try that lost its lease while its handler ran: its fenced write and its done leave the new holder's try alone", async () => {
    // Its signal never fired (a long time limit): only the lease token tells it from the new holder.
    const a = worker({ leaseMs: 1000, timeoutMs: 10_000 });
    const b = worker({ leaseMs: 60_000, timeoutMs: 10_000 });
    const aMayEnd = Promise.withResolvers<void>();
    const bStarted = Promise.withResolvers<void>();
    const bMayEnd = Promise.withResolvers<void>();
    let aWrote: boolean | undefined;
    let aAborted: boolean | undefined;
    a.work.register("test.lost", async (_p, ctx) => {
      await aMayEnd.promise;
      aAborted = ctx.signal.aborted;
      aWrote = await ctx.whileLeased((tx) => void tx.update(tasks).set({ lastError: "written by the stale try" }).where(eq(tasks.id, id)).run());
    });
    b.work.register("test.lost", async (_p, ctx) => {
      bStarted.resolve();
      await bMayEnd.promise;
      expect(await ctx.whileLeased((tx) => void tx.update(tasks).set({ lastError: "written by the holder" }).where(eq(tasks.id, id)).run())).toBe(true);
    });
    const id = a.db.transaction((tx) => a.work.enqueue(tx, "test.lost", {}));
    const aRun = a.jobs.runDue();
    await Bun.sleep(50);
    const aToken = row(id).leaseToken;
    t.clock.advance(5000); // A's lease (1 s) has run out; B claims the task and is still running it
    const bRun = b.jobs.runDue();
    await bStarted.promise;
    const held = row(id);
    expect(held).toMatchObject({ status: "pending", attempts: 2, finishedAt: null });
    expect(held.leaseToken).not.toBe(aToken);
    // A ends now: its whileLeased writes nothing and its "done" does not end B's try.
    aMayEnd.resolve();
    await aRun;
    expect([aAborted, aWrote]).toEqual([false, false]);
    expect(row(id)).toEqual(held);
    bMayEnd.resolve();
    await bRun;
    expect(row(id)).toMatchObject({ status: "done", attempts: 2, lastError: null, leaseToken: null });
  });

  test("a try whose outside work is done waits for another process's write lock to record it: done, not failed", async () => {
    // The server's connection does not sleep in SQLite (busy_timeout 0, decision 14).
    const a = worker({ busyTimeoutMs: 0, timeoutMs: 10_000 });
    const sent = Promise.withResolvers<void>();
    const mayWrite = Promise.withResolvers<void>();
    let recorded: boolean | undefined;
    a.work.register("test.outside", async (_p, ctx) => {
      sent.resolve(); // the webhook was delivered, the e-mail accepted
      await mayWrite.promise;
      recorded = await ctx.whileLeased((tx) => void tx.update(tasks).set({ lastError: "recorded" }).where(eq(tasks.id, id)).run());
    });
    const id = a.db.transaction((tx) => a.work.enqueue(tx, "test.outside", {}));
    const run = a.jobs.runDue();
    await sent.promise;
    const lock = await holdWriteLock(t.deps.config.DATABASE_PATH, 400);
    mayWrite.resolve();
    await run;
    await lock.released;
    expect(recorded).toBe(true);
    expect(row(id)).toMatchObject({ status: "done", attempts: 1 });
  });
});

describe("idle", () => {
  test("a stopped worker's idle() returns though tasks are due, instead of looping where no timer can end it", async () => {
    const a = worker();
    a.work.register("test.after-stop", async () => {});
    await a.jobs.stop(0);
    a.db.transaction((tx) => a.work.enqueue(tx, "test.after-stop", {}));
    // The loop this guards against awaits only resolved promises: a test's time limit cannot
    // end it, so the check is counted instead and throws past a bound.
    let checks = 0;
    const jobs = a.jobs as unknown as { hasDueNow: () => boolean };
    const hasDueNow = jobs.hasDueNow.bind(a.jobs);
    jobs.hasDueNow = () => {
      if (++checks > 100) throw new Error("idle() kept checking for due tasks after stop()");
      return hasDueNow();
    };
    await a.jobs.idle();
    expect(checks).toBeLessThanOrEqual(1);
  });
});
