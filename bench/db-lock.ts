// Database contention figures, against the real server as a child process on 127.0.0.1:
//  1. p50/p99/max of GET /book/{token} and GET /healthz, with writes (POST /api/jobs, 10 a
//     second) going on: first without contention (baseline), then while another process
//     holds the write lock (BEGIN IMMEDIATE) for 5 s. Also what the writes did meanwhile.
//  2. the longest stall of requests while the server's scheduled backup runs on a database
//     of about 200 MB, beside what the same backup costs when run on the event loop
//     (VACUUM INTO on the main thread, as before: the stall the requests used to see).
// Usage: bun bench/db-lock.ts   (run `npm run build:assets` first; BENCH_DB_MB=200, BENCH_PORT=3401)
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadavg, tmpdir } from "node:os";
import { holdWriteLock } from "../test/hold-write-lock";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");

const PORT = Number(process.env.BENCH_PORT ?? 3401);
const DB_MB = Number(process.env.BENCH_DB_MB ?? 200);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(join(tmpdir(), "frank-bench-dblock-"));
const dbPath = join(dir, "frank.db");
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? dir,
  NODE_ENV: "production",
  APP_SECRET: "bench-secret-bench-secret-bench-secret-00",
  DATABASE_PATH: dbPath,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  APP_URL: base,
  // The scheduled backup every minute: part 2 waits for the next one.
  BACKUP_CRON: "* * * * *",
};

// ---- the database: a recruiter, a booking link, and DB_MB of backup rows ------------------
const deps = buildFeatures(createDeps(loadConfig(env), { quiet: true })).context;
const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-123", name: "Bench Recruiter" });
const cand = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "bench", name: "Bea Bench", emailAddress: "bea@example.com", roleApplied: "Product Owner" });
const tz = "Australia/Melbourne";
const today = dateIn(deps.clock.now(), tz);
const session = await createSchedulingSession(deps, {
  workspaceId: user.workspaceId,
  userId: user.id,
  candidateId: cand.id,
  title: "Interview",
  description: "A first conversation about the role.",
  duration: 60,
  timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: tz }).slice(0, 40),
  timeZone: tz,
});
deps.db.$client.close();
{
  const db = new Database(dbPath);
  const insert = db.prepare("insert into participants_backup (workspace_id, participant_id, name, data, sync_timestamp, sync_status, run_id) values (?, ?, ?, ?, ?, 'synced', 0)");
  const row = 4096;
  const rows = Math.ceil((DB_MB * 1024 * 1024) / (row + 200));
  const filler = (i: number) => `${i} `.padEnd(row, "lorem ipsum dolor sit amet ");
  db.transaction(() => {
    for (let i = 1; i <= rows; i++) insert.run(user.workspaceId, 10_000_000 + i, `Row ${i}`, filler(i), Date.now());
  })();
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
}
const dbBytes = statSync(dbPath).size;

// ---- the server --------------------------------------------------------------------------
const server = Bun.spawn([process.execPath, "src/main.ts", "serve"], { env, stdout: "pipe", stderr: "inherit" });
let backupLog: { ms: number; at: number } | null = null;
void (async () => {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of server.stdout) {
    buffer += decoder.decode(chunk);
    let cut: number;
    while ((cut = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 1);
      if (line.includes('"database backup written"')) backupLog ??= { ms: JSON.parse(line).ms, at: performance.now() };
    }
  }
})();

interface Sample {
  kind: string;
  start: number;
  ms: number;
  status: number;
}

function stats(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor((ms.length - 1) * p))]! : NaN);
  return { n: ms.length, p50: at(0.5), p99: at(0.99), max: ms.at(-1) ?? NaN };
}
const f = (x: number) => (Number.isNaN(x) ? "n/a" : x < 10 ? x.toFixed(2) : x.toFixed(0));

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 400) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  const bookUrl = `${base}/book/${session.sessionToken}`;

  // Load: 3 closed loops on /book/{token}, 1 on /healthz; writes open-loop, 10 a second.
  const samples: Sample[] = [];
  let running = true;
  const readLoop = async (kind: string, url: string) => {
    while (running) {
      const start = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      samples.push({ kind, start, ms: performance.now() - start, status: res.status });
    }
  };
  const pendingWrites: Promise<void>[] = [];
  let w = 0;
  const writer = setInterval(() => {
    const start = performance.now();
    pendingWrites.push(
      fetch(`${base}/api/jobs`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ title: `Bench job ${++w}` }) }).then(async (res) => {
        await res.arrayBuffer();
        samples.push({ kind: "write", start, ms: performance.now() - start, status: res.status });
      }),
    );
  }, 100);
  const loops = [readLoop("book", bookUrl), readLoop("book", bookUrl), readLoop("book", bookUrl), readLoop("healthz", `${base}/healthz`)];

  const phase = (from: number, to: number, kind: string) => samples.filter((s) => s.kind === kind && s.start >= from && s.start < to);
  await Bun.sleep(1000); // warm-up
  const baseFrom = performance.now();
  await Bun.sleep(3000);
  const baseTo = performance.now();
  const lock = await holdWriteLock(dbPath, 5000);
  const lockFrom = lock.heldAt;
  await lock.released;
  const lockTo = performance.now();
  await Bun.sleep(500); // writes that waited finish
  clearInterval(writer);
  await Promise.all(pendingWrites);
  const writesInLock = phase(lockFrom, lockTo, "write");

  console.log(
    `Machine: ${navigator.hardwareConcurrency} CPUs, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} (other work on the machine shows up as latency)`,
  );
  console.log(`Another process holds the write lock for 5 s (database ${(dbBytes / 1e6).toFixed(0)} MB; 3 readers of /book/{token}, 1 of /healthz, 10 writes/s)`);
  console.log("                      baseline (3 s)                      during the lock (5 s)");
  for (const kind of ["book", "healthz"]) {
    const a = stats(phase(baseFrom, baseTo, kind));
    const b = stats(phase(lockFrom, lockTo, kind));
    const label = kind === "book" ? "GET /book/{token}" : "GET /healthz";
    console.log(`  ${label.padEnd(19)} p50 ${f(a.p50)} ms  p99 ${f(a.p99)} ms  max ${f(a.max)} ms  (n=${a.n})`.padEnd(72) + `p50 ${f(b.p50)} ms  p99 ${f(b.p99)} ms  max ${f(b.max)} ms  (n=${b.n})`);
  }
  if (process.env.BENCH_DEBUG)
    for (const s of [...phase(lockFrom, lockTo, "book"), ...phase(lockFrom, lockTo, "healthz")].sort((a, b) => b.ms - a.ms).slice(0, 8))
      console.log("   slow", s.kind, f(s.ms), "ms at +", f(s.start - lockFrom), "ms");
  const wb = stats(phase(baseFrom, baseTo, "write"));
  const wl = stats(writesInLock);
  console.log(`  POST /api/jobs      p50 ${f(wb.p50)} ms  p99 ${f(wb.p99)} ms  (n=${wb.n})`.padEnd(72) + `p50 ${f(wl.p50)} ms  max ${f(wl.max)} ms  (n=${wl.n})`);
  const statuses = new Map<number, number>();
  for (const s of writesInLock) statuses.set(s.status, (statuses.get(s.status) ?? 0) + 1);
  const jobs = new Database(dbPath, { readonly: true });
  const made = jobs.query<{ n: number }, []>("select count(*) as n from jobs where title like 'Bench job %'").get()!.n;
  const distinct = jobs.query<{ n: number }, []>("select count(distinct title) as n from jobs where title like 'Bench job %'").get()!.n;
  jobs.close();
  console.log(`  writes sent during the lock: ${[...statuses].map(([k, v]) => `${v} × ${k}`).join(", ")}; they waited and were written after it`);
  console.log(`  all writes: ${w} sent, ${made} jobs stored, ${distinct} distinct (nothing lost, nothing doubled: ${made === w && distinct === w ? "yes" : "NO"})`);

  // 2. The scheduled backup (BACKUP_CRON every minute): wait for it under the same read load.
  const backupFrom = performance.now();
  const writer2 = setInterval(() => {
    const start = performance.now();
    pendingWrites.push(
      fetch(`${base}/api/jobs`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ title: `Bench job during backup` }) }).then(async (res) => {
        await res.arrayBuffer();
        samples.push({ kind: "write", start, ms: performance.now() - start, status: res.status });
      }),
    );
  }, 100);
  while (!backupLog && performance.now() - backupFrom < 75_000) await Bun.sleep(50);
  await Bun.sleep(300);
  clearInterval(writer2);
  running = false;
  await Promise.all(loops);
  await Promise.all(pendingWrites);
  if (!backupLog) throw new Error("no backup was written within 75 s");
  const b = backupLog as { ms: number; at: number };
  // Requests that were in flight at any time while the backup ran.
  const during = samples.filter((s) => s.start < b.at && s.start + s.ms > b.at - b.ms);
  const reads = during.filter((s) => s.kind !== "write");
  const longestRead = Math.max(...reads.map((s) => s.ms));
  if (process.env.BENCH_DEBUG) for (const s of [...during].sort((x, y) => y.ms - x.ms).slice(0, 12)) console.log("   slow", s.kind, f(s.ms), "ms at +", f(s.start - (b.at - b.ms)), "ms of", b.ms);
  const longestWrite = Math.max(...during.filter((s) => s.kind === "write").map((s) => s.ms));
  const before = stats(samples.filter((s) => s.kind === "book" && s.start >= backupFrom && s.start + s.ms < b.at - b.ms));
  // The same length of time just before it, for the machine's own noise.
  const quiet = samples.filter((s) => s.kind !== "write" && s.start >= b.at - 2 * b.ms - 200 && s.start + s.ms < b.at - b.ms - 200);
  const longestQuiet = quiet.length ? Math.max(...quiet.map((s) => s.ms)) : NaN;

  // The same backup on the event loop, as it was done before: the time it stops everything.
  const main = new Database(dbPath);
  const target = join(dir, "on-the-event-loop.db");
  const v0 = performance.now();
  main.exec(`VACUUM INTO '${target}'`);
  const onLoop = performance.now() - v0;
  main.close();

  console.log(`The scheduled backup of the ${(dbBytes / 1e6).toFixed(0)} MB database (worker thread, own connection): written in ${b.ms} ms`);
  const p50Before = before.n ? ` (GET /book/{token} p50 before it: ${f(before.p50)} ms)` : "";
  console.log(`  requests in flight while it ran: ${reads.length} reads, longest ${f(longestRead)} ms${p50Before}; writes longest ${f(longestWrite)} ms`);
  console.log(`  longest stall of requests during the backup: ${f(longestRead)} ms (target ≤ 50 ms: ${longestRead <= 50 ? "met" : "NOT MET"}); in as long just before it: ${f(longestQuiet)} ms`);
  console.log(`  the same VACUUM INTO on the event loop (as before): ${f(onLoop)} ms without any answer`);
} finally {
  server.kill("SIGTERM");
  await server.exited;
  rmSync(dir, { recursive: true, force: true });
}
