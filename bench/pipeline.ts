// A job's board (/jobs/{id}) with 2,000 applications across the stages, measured from outside
// the process (curl's time to first byte, a browser's Accept-Encoding) beside /healthz in the same
// run; then 500 stage moves sent at once (PATCH /api/applications/{id}) and the board's counts
// read back: none may be lost. Prints p50/p95 of 30 requests each and the counts.
// Usage: bun bench/pipeline.ts [--apps 2000] [--moves 500]   (BENCH_PORT, default 3361)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { createJob } = await import("../src/features/jobs/service");
const { stagesOf } = await import("../src/features/applications/stages");

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const APPS = arg("--apps", 2000);
const MOVES = arg("--moves", 500);
const dir = mkdtempSync(join(tmpdir(), "frank-bench-pipeline-"));
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-38", DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production" };
let server: Bun.Subprocess | null = null;

try {
  const deps = createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1" }), { quiet: true });
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const ws = user.workspaceId;
  const job = createJob(deps, ws, { title: "Warehouse operator", description: null, location: "Melbourne", clientId: null }, "system");
  addParticipants(deps, ws, sampleCandidates({ count: APPS, seed: 38, now: new Date(), days: 120 }));
  const stages = stagesOf(deps, ws);
  // Applications spread over the stages like a real funnel (most early), each with its moves.
  const weights = [0.35, 0.2, 0.15, 0.08, 0.04, 0.18];
  const db = deps.db.$client;
  const ids = db
    .query<{ id: number }, [number]>("SELECT id FROM participants WHERE workspace_id = ?1 ORDER BY id")
    .all(ws)
    .map((r) => r.id);
  const day = 86_400_000;
  const now = Date.now();
  db.transaction(() => {
    ids.forEach((pid, i) => {
      let r = ((i * 7919) % 1000) / 1000;
      let s = 0;
      while (s < weights.length - 1 && r >= weights[s]!) r -= weights[s++]!;
      const created = now - ((i % 90) + 5) * day;
      const app = db
        .query<{ id: number }, [number, number, number, number, number, number]>(
          "INSERT INTO applications (workspace_id, participant_id, job_id, stage_id, created_at, moved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
        )
        .get(ws, pid, job.id, stages[s]!.id, created, created + s * day)!;
      if (stages[s]!.kind === "rejected") db.query("UPDATE applications SET rejected_reason = 'Not a fit' WHERE id = ?1").run(app.id);
      for (let k = 0; k <= Math.min(s, stages.length - 2); k++) {
        const to = stages[s]!.kind === "rejected" && k === s ? stages[s]! : stages[k]!;
        db.query("INSERT INTO application_moves (workspace_id, application_id, from_stage_id, to_stage_id, at) VALUES (?1, ?2, ?3, ?4, ?5)").run(
          ws,
          app.id,
          k ? stages[k - 1]!.id : null,
          to.id,
          created + k * day,
        );
      }
    });
  })();
  db.exec("PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE);");
  db.close();
  console.log(`seeded ${APPS.toLocaleString("en-US")} applications to one job`);

  const port = Number(process.env.BENCH_PORT ?? 3361);
  const base = `http://127.0.0.1:${port}`;
  server = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", APP_URL: base },
    stdout: "ignore",
    stderr: "ignore",
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 300) throw new Error("the app did not start");
    await Bun.sleep(50);
  }
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
    const r = Bun.spawnSync([
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{time_starttransfer} %{size_download}",
      "-H",
      "Accept-Encoding: gzip, deflate, br, zstd",
      "-H",
      "Accept: text/html",
      "-H",
      `Cookie: ${cookie}`,
      base + path,
    ]);
    const [code, ttfb, size] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${path}: ${code}`);
    return { ms: Number(ttfb) * 1000, bytes: Number(size) };
  };
  const measure = (label: string, path: string, n = 30) => {
    once(path);
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const r = once(path);
      ms.push(r.ms);
      bytes = r.bytes;
    }
    ms.sort((a, b) => a - b);
    const q = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!;
    console.log(`  ${label.padEnd(40)} p50 ${q(0.5).toFixed(1).padStart(6)} ms  p95 ${q(0.95).toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(1).padStart(6)} kB  ${path}`);
  };
  console.log("from outside the process (curl, time to first byte):");
  measure("health check", "/healthz");
  measure(`the board, ${APPS} applications`, `/jobs/${job.id}`);

  // 500 moves at once: each of 500 applications to a stage of its own choosing.
  const list = (await (await fetch(`${base}/api/jobs/${job.id}/applications`, { headers: { cookie } })).json()) as { applications: { id: number; stage: string }[] };
  const open = stages.filter((s) => s.kind === "open");
  const targets = list.applications.slice(0, MOVES).map((a, i) => ({ id: a.id, to: open[(i * 31) % open.length]!.name }));
  const expected = new Map<string, number>();
  const moved = new Map(targets.map((t) => [t.id, t.to]));
  for (const a of list.applications) {
    const s = moved.get(a.id) ?? a.stage;
    expected.set(s, (expected.get(s) ?? 0) + 1);
  }
  const t0 = performance.now();
  const answers = await Promise.all(
    targets.map((t) =>
      fetch(`${base}/api/applications/${t.id}`, { method: "PATCH", headers: { "content-type": "application/json", origin: base, cookie }, body: JSON.stringify({ stage: t.to }) }).then(
        (r) => r.status,
      ),
    ),
  );
  const took = performance.now() - t0;
  const after = (await (await fetch(`${base}/api/jobs/${job.id}/applications`, { headers: { cookie } })).json()) as { applications: { id: number; stage: string }[] };
  const counts = new Map<string, number>();
  for (const a of after.applications) counts.set(a.stage, (counts.get(a.stage) ?? 0) + 1);
  const wrong = after.applications.filter((a) => moved.has(a.id) && moved.get(a.id) !== a.stage).length;
  const ok = answers.filter((s) => s === 200).length;
  console.log(`${MOVES} concurrent stage moves: ${ok} answered 200 in ${took.toFixed(0)} ms; ${wrong} lost`);
  for (const s of stages) console.log(`  ${s.name.padEnd(10)} expected ${String(expected.get(s.name) ?? 0).padStart(5)}  on the board ${String(counts.get(s.name) ?? 0).padStart(5)}`);
  const same = stages.every((s) => (expected.get(s.name) ?? 0) === (counts.get(s.name) ?? 0));
  console.log(same && wrong === 0 && ok === MOVES ? "none lost: the final counts match the moves" : "MISMATCH: some moves were lost");
  console.log(`(load average now: ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}; a shared 2-core machine)`);
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
