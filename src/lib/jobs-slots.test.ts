// No task waits for another: a hung task holds its own slot and its own serial key, and the
// worker keeps claiming and running the other due tasks beside it, up to each kind's limit.
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";
import { openDatabase } from "../db/client";
import { Jobs } from "./jobs";
import { adHocKinds } from "../../test/kits/ad-hoc-kinds";

const t = makeTestApp();

function worker() {
  const db = openDatabase(t.deps.config.DATABASE_PATH, { busyTimeoutMs: 2000 });
  const jobs = new Jobs(db, { clock: t.clock, log: t.deps.log });
  afterAll(() => db.$client.close());
  return { db, jobs, work: adHocKinds(jobs) };
}

async function until(check: () => boolean, limitMs = 30_000): Promise<boolean> {
  for (const end = performance.now() + limitMs; performance.now() < end; await Bun.sleep(5)) if (check()) return true;
  return check();
}

const byEndpoint = (p: Record<string, unknown>) => `endpoint:${String(p.endpoint)}`;

describe("slots", () => {
  test("a hung delivery holds only its endpoint: the other endpoint's deliveries and the e-mails run beside it", async () => {
    const w = worker();
    const hang = Promise.withResolvers<void>();
    const ran: string[] = [];
    w.work.register(
      "test.deliver",
      async (p) => {
        ran.push(`${p.endpoint}#${p.n}`);
        if (p.endpoint === "hung") await hang.promise;
      },
      { serialKey: byEndpoint },
    );
    w.work.register("test.mail", async (p) => void ran.push(`mail#${p.n}`));
    w.db.transaction((tx) => {
      // The hung endpoint's deliveries are the oldest rows.
      for (let n = 0; n < 2; n++) w.work.enqueue(tx, "test.deliver", { endpoint: "hung", n }, { serialKey: byEndpoint });
      for (let n = 0; n < 5; n++) w.work.enqueue(tx, "test.deliver", { endpoint: "healthy", n }, { serialKey: byEndpoint });
      for (let n = 0; n < 5; n++) w.work.enqueue(tx, "test.mail", { n });
    });
    const others = [...[0, 1, 2, 3, 4].map((n) => `healthy#${n}`), ...[0, 1, 2, 3, 4].map((n) => `mail#${n}`)];
    // Each of them ran while the first hung delivery still holds its slot.
    expect(await until(() => others.every((o) => ran.includes(o)))).toBe(true);
    // Its endpoint's next delivery waits behind it (its serial key), and only that one.
    expect(ran.filter((r) => r.startsWith("hung"))).toEqual(["hung#0"]);
    expect(ran.filter((r) => r.startsWith("healthy"))).toEqual([0, 1, 2, 3, 4].map((n) => `healthy#${n}`));
    hang.resolve();
    await w.jobs.idle();
    expect(ran.filter((r) => r.startsWith("hung"))).toEqual(["hung#0", "hung#1"]);
  });

  test("a kind runs at most its concurrency at once; another kind is not held by it", async () => {
    const w = worker();
    const gate = Promise.withResolvers<void>();
    let now = 0;
    let most = 0;
    let quick = 0;
    w.work.register(
      "test.slow",
      async () => {
        most = Math.max(most, ++now);
        await gate.promise;
        now--;
      },
      { concurrency: 2 },
    );
    w.work.register("test.quick", async () => void quick++);
    w.db.transaction((tx) => {
      for (let n = 0; n < 6; n++) w.work.enqueue(tx, "test.slow", { n });
      for (let n = 0; n < 3; n++) w.work.enqueue(tx, "test.quick", { n });
    });
    expect(await until(() => quick === 3 && now === 2)).toBe(true);
    await Bun.sleep(50);
    expect(most).toBe(2);
    gate.resolve();
    await w.jobs.idle();
    expect(most).toBe(2);
    expect(t.deps.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM tasks WHERE kind = 'test.slow' AND status = 'done'").get()!.n).toBe(6);
  });
});
