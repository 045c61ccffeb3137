// The reports (/reports, issue 58) at an agency's volume, measured from outside the process
// (curl's time to first byte) beside /dashboard and /healthz in the same run. Seeds candidates,
// jobs with clients, applications with their moves (about ten each), placements with splits and
// interviews with raw SQL, then prints p50/p95 of 20 requests per page.
// Usage: bun bench/reports.ts [--candidates 1000000] [--applications 200000] [--moves 2000000] [--placements 20000] [--db FILE]
// --db FILE seeds that file once and keeps it; a later run with the same file measures it again
// (start-up applies any newer migration to it first, and that time is printed).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { stagesOf } = await import("../src/features/applications/stages");

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CANDIDATES = arg("--candidates", 1_000_000);
const APPS = arg("--applications", 200_000);
const MOVES = arg("--moves", 2_000_000);
const PLACEMENTS = arg("--placements", 20_000);
const JOBS = 2000;
const dbArg = process.argv.indexOf("--db") > 0 ? process.argv[process.argv.indexOf("--db") + 1]! : null;
const dir = dbArg ? null : mkdtempSync(join(tmpdir(), "frank-bench-reports-"));
const DATABASE_PATH = dbArg ?? join(dir!, "bench.db");
const reuse = existsSync(DATABASE_PATH);
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-58", DATABASE_PATH, NODE_ENV: "production" };
let server: Bun.Subprocess | null = null;

async function seed() {
  const t0 = performance.now();
  const deps = createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1" }), { quiet: true });
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const ws = user.workspaceId;
  const stages = stagesOf(deps, ws);
  const open = stages.filter((s) => s.kind === "open");
  const rejected = stages.find((s) => s.kind === "rejected")!;
  const db = deps.db.$client;
  const day = 86_400_000;
  const now = Date.now();
  const span = 730; // two years of history
  db.exec("PRAGMA foreign_keys = OFF");
  db.transaction(() => {
    const members = [user.id];
    for (let i = 0; i < 9; i++)
      members.push(
        db.query<{ id: number }, [number, string]>("INSERT INTO users (workspace_id, email, password, name, role) VALUES (?1, ?2, 'x', ?2, 'recruiter') RETURNING id").get(ws, `r${i}@bench.example`)!
          .id,
      );
    const campaigns: number[] = [];
    for (let c = 0; c < 200; c++) db.query("INSERT INTO clients (workspace_id, name, created_at) VALUES (?1, ?2, ?3)").run(ws, `Client ${c}`, now - span * day);
    const firstClient = db.query<{ id: number }, [number]>("SELECT min(id) AS id FROM clients WHERE workspace_id = ?1").get(ws)!.id;
    for (let j = 0; j < JOBS; j++) {
      const id = db
        .query<{ id: number }, [number, string, number, number]>("INSERT INTO jobs (workspace_id, title, client_id, created_at) VALUES (?1, ?2, ?3, ?4) RETURNING id")
        .get(ws, `Job ${j}`, firstClient + (j % 200), now - ((j * 7) % span) * day)!.id;
      if (j < 20)
        campaigns.push(
          db
            .query<{ id: number }, [number, number, string, string]>("INSERT INTO campaigns (workspace_id, job_id, name, code) VALUES (?1, ?2, ?3, ?4) RETURNING id")
            .get(ws, id, `Board ${j}`, `bench-${j}`)!.id,
        );
    }
    const firstJob = db.query<{ id: number }, [number]>("SELECT min(id) AS id FROM jobs WHERE workspace_id = ?1").get(ws)!.id;
    const person = db.prepare("INSERT INTO participants (workspace_id, name, campaign_id, created_at) VALUES (?1, ?2, ?3, ?4)");
    for (let i = 0; i < CANDIDATES; i++) person.run(ws, `Candidate ${i}`, i % 3 === 0 ? campaigns[i % campaigns.length]! : null, now - (i % span) * day);
    const firstPerson = db.query<{ id: number }, [number]>("SELECT min(id) AS id FROM participants WHERE workspace_id = ?1").get(ws)!.id;
    const app = db.prepare<{ id: number }, [number, number, number, number, number, number, number]>(
      // Each keeps its candidate's campaign, as opening one does (decision 59).
      "INSERT INTO applications (workspace_id, participant_id, job_id, stage_id, owner_user_id, created_at, moved_at, campaign_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT campaign_id FROM participants WHERE id = ?2)) RETURNING id",
    );
    const move = db.prepare("INSERT INTO application_moves (workspace_id, application_id, from_stage_id, to_stage_id, user_id, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
    const perApp = Math.max(1, Math.round(MOVES / APPS));
    const placedApps: { id: number; job: number; at: number; owner: number; person: number }[] = [];
    for (let i = 0; i < APPS; i++) {
      const created = now - ((i * 13) % span) * day;
      const owner = members[i % members.length]!;
      const placed = i % Math.max(1, Math.floor(APPS / PLACEMENTS)) === 0 && placedApps.length < PLACEMENTS;
      // Moves back and forth through the open stages, ending placed, rejected or somewhere open.
      const path: number[] = [];
      for (let k = 0; k < perApp; k++) path.push(open[Math.min(open.length - 2, (k + (i % 3)) % (open.length - 1))]!.id);
      path[0] = open[0]!.id;
      if (placed) path[path.length - 1] = open.at(-1)!.id;
      else if (i % 2) path[path.length - 1] = rejected.id;
      const job = firstJob + (i % JOBS);
      const a = app.get(ws, firstPerson + ((i * 5) % CANDIDATES), job, path.at(-1)!, owner, created, created + path.length * day)!.id;
      path.forEach((s, k) => move.run(ws, a, k ? path[k - 1]! : null, s, owner, created + k * 3600_000 * 7));
      if (placed) placedApps.push({ id: a, job, at: created + path.length * 3600_000 * 7, owner, person: firstPerson + ((i * 5) % CANDIDATES) });
    }
    const pl = db.prepare<{ id: number }, (string | number | null)[]>(
      `INSERT INTO placements (workspace_id, application_id, participant_id, job_id, client_id, start_date, salary_cents, currency, salary_period, fee_type, fee_basis_points, fee_cents, invoice_date, guarantee_days, invoiced_on, paid_on, created_by, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, 6000000, 'EUR', 'year', 'percent', 2000, 1200000, ?6, 90, ?7, ?8, ?9, ?10, ?10) RETURNING id`,
    );
    const split = db.prepare("INSERT INTO placement_splits (placement_id, workspace_id, user_id, basis_points) VALUES (?1, ?2, ?3, ?4)");
    placedApps.forEach((p, k) => {
      const start = new Date(p.at + 30 * day).toISOString().slice(0, 10);
      const id = pl.get(ws, p.id, p.person, p.job, firstClient + ((p.job - firstJob) % 200), start, k % 3 ? start : null, k % 3 === 2 ? start : null, p.owner, p.at)!.id;
      if (k % 4) split.run(id, ws, p.owner, 10_000);
      else {
        split.run(id, ws, p.owner, 6000);
        split.run(id, ws, p.owner === user.id ? members[1]! : user.id, 4000);
      }
    });
    // Interviews: one session and meeting for every fifth application, over the two years.
    const sess = db.prepare<{ id: number }, (string | number)[]>(
      "INSERT INTO scheduling_sessions (workspace_id, user_id, candidate_id, token, title, duration, time_zone, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, 'Interview', 60, 'UTC', ?5, ?6) RETURNING id",
    );
    const slot = db.prepare("INSERT INTO scheduling_slots (id, session_id, workspace_id, start_time, end_time) VALUES (?1, ?2, ?3, ?4, ?5)");
    const meet = db.prepare(
      "INSERT INTO meetings (public_id, workspace_id, session_id, slot_id, user_id, candidate_id, title, status, no_show_by, start_time, end_time, manage_token_hash, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'Interview', ?7, ?8, ?9, ?10, ?11, ?12)",
    );
    const statuses = ["completed", "completed", "completed", "canceled", "no_show", "scheduled"];
    for (let i = 0; i < APPS / 5; i++) {
      const sent = now - ((i * 17) % span) * day;
      const owner = members[i % members.length]!;
      const s = sess.get(ws, owner, firstPerson + i, `bench-token-${i}`, sent, sent + 14 * day)!.id;
      const start = sent + (1 + (i % 6)) * day;
      slot.run(`bench-slot-${i}`, s, ws, start, start + 3600_000);
      const status = statuses[i % statuses.length]!;
      meet.run(
        `bench-meeting-${i}-xxxxxxxx`,
        ws,
        s,
        `bench-slot-${i}`,
        owner,
        firstPerson + i,
        status,
        status === "no_show" ? (i % 2 ? "candidate" : "interviewer") : null,
        start,
        start + 3600_000,
        `bench-manage-${i}`,
        sent + (i % 48) * 3600_000,
      );
    }
  })();
  db.exec("PRAGMA foreign_keys = ON; ANALYZE; PRAGMA wal_checkpoint(TRUNCATE);");
  const count = (t: string) => db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${t}`).get()!.n.toLocaleString("en-US");
  console.log(
    `seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s: ${count("participants")} candidates, ${count("jobs")} jobs, ${count("applications")} applications, ${count("application_moves")} stage changes, ${count("placements")} placements, ${count("meetings")} interviews`,
  );
  db.close();
}

try {
  if (reuse) console.log(`reusing the seeded file ${DATABASE_PATH}`);
  else await seed();

  const port = Number(process.env.BENCH_PORT ?? 3358);
  const base = `http://127.0.0.1:${port}`;
  server = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: base },
    stdout: "ignore",
    stderr: "ignore",
  });
  const started = performance.now();
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 6000) throw new Error("the app did not start");
    await Bun.sleep(100);
  }
  console.log(`the app answered ${((performance.now() - started) / 1000).toFixed(1)} s after its start (migrations included)`);
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  const once = (path: string) => {
    const r = Bun.spawnSync(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_starttransfer}", "-H", "Accept-Encoding: gzip, br", "-H", `Cookie: ${cookie}`, base + path]);
    const [code, ttfb] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${path}: ${code}`);
    return Number(ttfb) * 1000;
  };
  const samples = arg("--samples", 20);
  const measure = (label: string, path: string, n = samples) => {
    once(path);
    const ms = Array.from({ length: n }, () => once(path)).sort((a, b) => a - b);
    const q = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!;
    console.log(`  ${label.padEnd(34)} p50 ${q(0.5).toFixed(1).padStart(7)} ms  p95 ${q(0.95).toFixed(1).padStart(7)} ms  ${path}`);
  };
  const year = `&from=${new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10)}`;
  console.log("from outside the process (curl, time to first byte); the default period is the last 90 days:");
  measure("health check", "/healthz");
  measure("dashboard", "/dashboard");
  for (const r of ["funnel", "times", "sources", "interviews", "revenue"]) measure(`/reports ${r}`, `/reports?report=${r}`);
  measure("/reports funnel by source", "/reports?report=funnel&by=source");
  for (const r of ["funnel", "times", "sources", "interviews", "revenue"]) measure(`/reports ${r}, a year`, `/reports?report=${r}${year}`);
  console.log(`(load average now: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}; a shared 2-core machine)`);
} finally {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
