// Another process holds the database's write lock: reads go on at once, writes wait
// (asynchronously) and succeed once it is released, exactly once; a full disk answers 507.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "./helpers";
import { holdWriteLock } from "./hold-write-lock";
import { retryOnBusy } from "../src/db/busy";

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
    const lock = await holdWriteLock(path, 1500);
    const write = timed(t.request("/api/jobs", { cookie: u.cookie, json: { title: "Written after the lock" } }));
    await Bun.sleep(100);
    for (const p of ["/healthz", "/api/jobs", "/api/auth/me"]) {
      const r = await timed(t.request(p, { cookie: u.cookie }));
      expect(r.res.status).toBe(200);
      expect(r.ms).toBeLessThan(100);
    }
    const w = await write;
    await lock.released;
    expect(w.res.status).toBe(201);
    // It answered only after the other process let go, and it was written once.
    expect(w.at - lock.heldAt).toBeGreaterThan(1400);
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
    await expect(retryOnBusy(insert, { waitMs: 100 })).rejects.toMatchObject({ status: 503, message: "The server is busy, please try again" });
    await retryOnBusy(insert);
    clearInterval(timer);
    await other.released;
    expect(ticks).toBeGreaterThan(30);
  });
});

describe("a full disk", () => {
  test("a write answers 507 'The server is out of disk space'; reads go on; writes work again once there is room", async () => {
    const u = await t.signUp();
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
      expect(await res!.json()).toEqual({ message: "The server is out of disk space", code: "disk_full" });
      for (const p of ["/healthz", "/api/jobs", "/api/auth/me"]) expect((await t.request(p, { cookie: u.cookie })).status).toBe(200);
      expect(sqlite.inTransaction).toBe(false);
    } finally {
      sqlite.exec("PRAGMA max_page_count = 4294967294");
    }
    expect((await t.request("/api/jobs", { cookie: u.cookie, json: { title: "After" } })).status).toBe(201);
  });
});
