// Another process holds the database's write lock: reads go on at once, writes wait
// (asynchronously) and succeed once it is released, exactly once; a full disk answers 507.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "./helpers";
import { holdWriteLock } from "./hold-write-lock";
import { retryOnBusy, tryWrite, unlessDiskFull } from "../src/db/busy";
import { recruiterWithCampaign } from "./kits/visitor-browser";

const t = makeTestApp();
const path = t.deps.config.DATABASE_PATH;

async function timed(p: Promise<Response>) {
  const start = performance.now();
  const res = await p;
  return { res, ms: performance.now() - start, at: performance.now() };
}

describe("while another process holds the write lock", () => {
  test("reads answer at once; a write waits, then succeeds once, after the lock is released", async () => {
    const u = await t.signUp();
    // Held long enough that a busy machine's slow reads still end well before it is released.
    const lock = await holdWriteLock(path, 4000);
    const write = timed(t.request("/api/jobs", { cookie: u.cookie, json: { title: "Written after the lock" } }));
    await Bun.sleep(100);
    // Before, a waiting write held the event loop: these took until the lock was released.
    // (They take a few ms; the bound is half the lock's time, room for a busy machine.)
    for (const p of ["/healthz", "/api/jobs", "/api/auth/me"]) {
      const r = await timed(t.request(p, { cookie: u.cookie }));
      expect(r.res.status).toBe(200);
      expect(r.ms).toBeLessThan(2000);
    }
    expect(performance.now() - lock.heldAt).toBeLessThan(3900); // the reads were answered while the lock was held
    const w = await write;
    await lock.released;
    expect(w.res.status).toBe(201);
    // It answered only after the other process let go, and it was written once.
    expect(w.at - lock.heldAt).toBeGreaterThan(3900);
    const jobs = (await (await t.request("/api/jobs", { cookie: u.cookie })).json()) as { jobs: { title: string }[] };
    expect(jobs.jobs.filter((j) => j.title === "Written after the lock")).toHaveLength(1);
  });

  test("a request run again after the lock counts once against a rate limit", async () => {
    const limited = makeTestApp({ LOGIN_LIMIT_PER_IP: "3" });
    const u = await limited.signUp();
    const lock = await holdWriteLock(limited.deps.config.DATABASE_PATH, 800);
    // Signing in writes a session: it waits for the lock, run many times meanwhile.
    const login = () => limited.request("/api/auth/login", { json: { email: u.email, password: u.password } });
    const first = await login();
    await lock.released;
    expect(first.status).toBe(200);
    // signUp's own login was the first of 3 per address; the waiting one the second.
    expect((await login()).status).toBe(200);
    expect((await login()).status).toBe(429);
  });

  test("retryOnBusy waits for the lock without blocking, and gives up with a 503 after its wait", async () => {
    const other = await holdWriteLock(path, 600);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const insert = () => t.deps.db.$client.exec("insert into sync_runs (workspace_id, trigger, status) select id, 'manual', 'failed' from workspaces limit 1");
    await expect(retryOnBusy(t.deps.db.$client, insert, { waitMs: 100 })).rejects.toMatchObject({ status: 503, message: "The server is busy, please try again" });
    await retryOnBusy(t.deps.db.$client, insert);
    clearInterval(timer);
    await other.released;
    // ~60 ticks on a quiet machine, 10 or so at low priority beside the browser tests; a blocked
    // event loop would give none, or one at the end.
    expect(ticks).toBeGreaterThan(3);
  });
});

describe("a full disk", () => {
  test("a write answers 507 'The server is out of disk space'; reads go on; writes work again once there is room", async () => {
    const u = await recruiterWithCampaign(t);
    const sqlite = t.deps.db.$client;
    const pages = sqlite.query<{ page_count: number }, []>("pragma page_count").get()!.page_count;
    // The database may not grow: as good as a full disk to SQLite (SQLITE_FULL).
    sqlite.exec(`PRAGMA max_page_count = ${pages}`);
    let res: Response | null = null;
    try {
      for (let i = 0; i < 500; i++) {
        res = await t.request("/api/jobs", { cookie: u.cookie, json: { title: `Job ${i}`, description: "x".repeat(2000) } });
        if (res.status !== 201) break;
      }
      expect(res!.status).toBe(507);
      expect(await res!.json()).toMatchObject({ message: "The server is out of disk space", code: "disk_full" });
      // Fill what room is left, so that even a small row does not fit.
      for (let i = 0; i < 100_000; i++) {
        try {
          sqlite.run("insert into sync_runs (workspace_id, trigger, status) values (?, 'manual', 'failed')", [u.workspaceId]);
        } catch {
          break;
        }
      }
      // Reads that write on the side (a session's idle timer, a campaign click) are served too.
      t.clock.advance(2 * 60_000);
      for (const p of ["/healthz", "/api/jobs", "/api/auth/me", "/dashboard", `/prequalifier?c=${u.campaign.code}`, `/api/visitors/prequalifier?c=${u.campaign.code}`]) {
        expect(`${p} ${(await t.request(p, { cookie: u.cookie })).status}`).toBe(`${p} 200`);
      }
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      sqlite.exec("PRAGMA max_page_count = 4294967294");
    }
    expect((await t.request("/api/jobs", { cookie: u.cookie, json: { title: "After" } })).status).toBe(201);
  });
});

test("side writes of a read are skipped, not failed: tryWrite on a taken lock or a full disk, unlessDiskFull on a full disk", () => {
  const fail = (code: string) => () => {
    throw Object.assign(new Error(code), { code });
  };
  // drizzle wraps bun:sqlite's error in `cause`.
  const wrapped = (code: string) => () => {
    throw Object.assign(new Error("Failed to run the query"), { cause: Object.assign(new Error(code), { code }) });
  };
  expect(tryWrite(fail("SQLITE_BUSY"))).toBe(false);
  expect(tryWrite(wrapped("SQLITE_FULL"))).toBe(false);
  expect(tryWrite(() => {})).toBe(true);
  expect(() => tryWrite(fail("SQLITE_CONSTRAINT"))).toThrow();
  expect(unlessDiskFull(wrapped("SQLITE_FULL"))).toBe(false);
  expect(() => unlessDiskFull(fail("SQLITE_BUSY"))).toThrow();
});
