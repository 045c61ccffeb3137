// A worker that starts again takes back at once the leases of a worker process that died (its
// boot's lock is free), and never those of a worker that is alive.
import { afterAll, expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";
import { openDatabase } from "../db/client";
import { systemClock } from "./clock";
import { Jobs } from "./jobs";
import { adHocKinds } from "../../test/kits/ad-hoc-kinds";

const t = makeTestApp();
const path = t.deps.config.DATABASE_PATH;

function worker() {
  const db = openDatabase(path, { busyTimeoutMs: 2000 });
  // The real clock: the leases (3 minutes) do not run out during the test.
  const jobs = new Jobs(db, { clock: systemClock, log: t.deps.log });
  afterAll(() => jobs.stop(0).then(() => db.$client.close()));
  return { db, jobs, work: adHocKinds(jobs) };
}

/** Starts the holding worker and resolves once it has claimed `count` tasks. */
async function holder(count: number) {
  const proc = Bun.spawn([process.execPath, "test/kits/hold-a-lease.ts", path, "test.held"], { stdout: "pipe", stderr: "inherit" });
  afterAll(() => proc.kill(9));
  const reader = proc.stdout.getReader();
  let out = "";
  while ((out.match(/claimed/g) ?? []).length < count) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the holding worker ended: ${out}`);
    out += new TextDecoder().decode(value);
  }
  return proc;
}

const rows = () =>
  t.deps.db.$client
    .query<{ id: number; status: string; attempts: number; lease_boot: string | null }, []>("SELECT id, status, attempts, lease_boot FROM tasks WHERE kind = 'test.held' ORDER BY id")
    .all();

test("the leases of a killed worker are taken back at once; a live worker's are not", async () => {
  const done: number[] = [];
  const worker_ = () => {
    const w = worker();
    w.work.register("test.held", async (p) => void done.push(Number(p.id)));
    return w;
  };
  const other = worker_();
  const ids = t.deps.db.transaction((tx) => [0, 1, 2].map((id) => adHocKinds(t.deps.jobs).enqueue(tx, "test.held", { id })));
  const proc = await holder(3);
  const held = rows();
  expect(held.every((r) => r.status === "pending" && r.attempts === 1 && r.lease_boot !== null)).toBe(true);
  // Alive: its leases stay its own, however often this worker looks.
  await other.jobs.runDue();
  await worker_().jobs.runDue(); // a worker that starts while it lives
  expect(done).toEqual([]);
  proc.kill(9);
  await proc.exited;
  // Dead: a worker that starts again takes its three tasks back and runs them, long before their leases end.
  const started = performance.now();
  await worker_().jobs.runDue();
  expect(done.sort()).toEqual([0, 1, 2]);
  expect(performance.now() - started).toBeLessThan(5000);
  expect(rows().map((r) => [r.id, r.status, r.attempts])).toEqual(ids.map((id) => [id, "done", 2]));
});
