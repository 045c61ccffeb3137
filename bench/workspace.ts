// Recruiter workspace at scale: GET /api/participants (search + filter), GET /api/database/stats
// and the dashboard's server render, at 10,000 and then 100,000 participants in one workspace.
// Runs the real app in-process on a temporary database (app.handle, no network) and prints p50/p95.
// Usage: bun bench/workspace.ts   (figures depend on machine load: run it on a quiet machine)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { buildFeatures } from "../src/app";
import { createApp } from "../src/app";
import { createUser } from "../src/features/auth/service";
import { addParticipants } from "../src/features/candidates/service";
import { sampleCandidates } from "../src/features/candidates/sample-data";
import { seedWorkspaceDemo } from "../src/demo-workspace-seed";
import { loadDashboard } from "../src/features/dashboard/service";

const dir = mkdtempSync(join(tmpdir(), "frank-bench-"));
const config = loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-01", DATABASE_PATH: join(dir, "bench.db"), APP_URL: "http://localhost", NODE_ENV: "test" });
const deps = buildFeatures(createDeps(config, { quiet: true })).context;
const app = createApp(deps);
const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
const login = await app.handle(
  new Request("http://localhost/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
  }),
);
const cookie = login.headers
  .getSetCookie()
  .find((c) => c.startsWith("frank_session="))!
  .split(";")[0]!;
seedWorkspaceDemo(deps, user.workspaceId, 0); // jobs, campaigns, a shortlist

// A second workspace, so the first one's queries also have to skip other people's rows.
const other = await createUser(deps, { email: "other@example.com", password: "bench-password-1" });
addParticipants(deps, other.workspaceId, sampleCandidates({ count: 5000, seed: 99, now: new Date() }));

async function time(path: string, n: number) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = path.replace("{i}", String(i));
    const t0 = performance.now();
    const res = await app.handle(new Request("http://localhost" + p, { headers: { cookie } }));
    await res.text();
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  }
  ms.sort((a, b) => a - b);
  const q = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!;
  return { p50: q(0.5), p95: q(0.95), max: ms.at(-1)! };
}

// Searches a recruiter types: a role word, a city prefix, a name, an industry, an e-mail fragment.
const SEARCHES = [
  ["developer", "role=Developer"],
  ["melb", "role=UX%20Designer"],
  ["olivia", "location=Sydney"],
  ["fintech", "location=Melbourne"],
  ["chen", "role=Manager"],
  ["onboarding", "location=Perth"],
] as const;

async function measure(total: number) {
  const rounds = 40;
  const search = { p50: [] as number[], p95: [] as number[] };
  const perQuery: string[] = [];
  for (const [term, filter] of SEARCHES) {
    await time(`/api/participants?search=${term}&${filter}`, 5); // warm
    const r = await time(`/api/participants?search=${term}&${filter}&page=1&limit=20`, rounds);
    search.p50.push(r.p50);
    search.p95.push(r.p95);
    perQuery.push(`${term}+${filter.split("=")[0]} p95 ${r.p95.toFixed(1)}`);
  }
  await time("/api/database/stats", 3);
  const stats = await time("/api/database/stats", rounds);
  await time("/dashboard", 3);
  const page = await time("/dashboard", rounds);
  const own: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    loadDashboard(deps, user, {});
    own.push(performance.now() - t0);
  }
  own.sort((a, b) => a - b);
  const noSearch = await time("/api/participants?role=Developer&location=Melbourne", rounds);
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`\n${total.toLocaleString("en")} participants in the workspace`);
  console.log(`  GET /api/participants search+filter  p50 ${med(search.p50).toFixed(1)} ms  p95 ${Math.max(...search.p95).toFixed(1)} ms (worst of ${SEARCHES.length} queries; target p95 < 20 ms)`);
  console.log(`    per query: ${perQuery.join("; ")}`);
  console.log(`  GET /api/participants filters only   p50 ${noSearch.p50.toFixed(1)} ms  p95 ${noSearch.p95.toFixed(1)} ms`);
  console.log(`  GET /api/database/stats              p50 ${stats.p50.toFixed(1)} ms  p95 ${stats.p95.toFixed(1)} ms (target < 50 ms)`);
  console.log(`  GET /dashboard (server render)       p50 ${page.p50.toFixed(1)} ms  p95 ${page.p95.toFixed(1)} ms (target < 50 ms; includes the scheduling and chat cards)`);
  console.log(`    of which the loader (loadDashboard, with the scheduling and chat cards) p50 ${own[own.length >> 1]!.toFixed(1)} ms  p95 ${own[Math.floor(own.length * 0.95)]!.toFixed(1)} ms`);
}

function grow(to: number, from: number) {
  const t0 = performance.now();
  for (let n = from; n < to; n += 10_000) addParticipants(deps, user.workspaceId, sampleCandidates({ count: Math.min(10_000, to - n), seed: 1000 + n, now: new Date() }));
  deps.db.$client.exec("PRAGMA optimize; INSERT INTO participants_fts(participants_fts) VALUES('optimize');");
  console.log(`(inserted ${(to - from).toLocaleString("en")} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

try {
  grow(10_000, 0);
  await measure(10_000);
  grow(100_000, 10_000);
  await measure(100_000);
} finally {
  deps.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
