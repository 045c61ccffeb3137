// Do the candidates' kept results and counting shortcuts pay for themselves? For each way the
// list and the stats are read, prints the time of the answer as served (the kept result, a hit),
// the same read made again (inside a transaction, where nothing is kept: a miss) and the plain
// one-query alternative (count(*) over the same conditions, a live group-by for the stats).
// A shortcut that saves under a millisecond over the plain query adds a second way to write the
// query for nothing (issue 19, item 6); one that saves more stays.
// In-process on purpose: it compares query paths of one endpoint, not endpoints.
// Usage: bun bench/candidate-caches.ts [--rows 100000]   (1,000,000 takes several minutes)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { count, sql } from "drizzle-orm";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const repo = await import("../src/features/candidates/repo");
const statsRepo = await import("../src/features/candidates/repo-stats");
const pages = await import("../src/features/candidates/repo-list");
const { participants } = await import("../src/db/schema");
const { createShortlist, addCandidates } = await import("../src/features/shortlists/service");

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg("--rows", 100_000);
const N = arg("--n", 30);

const dir = mkdtempSync(join(tmpdir(), "frank-bench-caches-"));
const config = loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-03", DATABASE_PATH: join(dir, "bench.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "production" });
const deps = createDeps(config, { quiet: true });
const db = deps.db;

function time(fn: () => unknown): { p50: number; p95: number } {
  fn();
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(N / 2)]!, p95: ms[Math.min(N - 1, Math.floor(N * 0.95))]! };
}
const uncached =
  <T>(fn: () => T) =>
  () =>
    db.transaction(() => fn());
const fmt = (r: { p50: number; p95: number }) => `${r.p50.toFixed(3).padStart(9)} ${r.p95.toFixed(3).padStart(9)}`;

try {
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const ws = user.workspaceId;
  const t0 = performance.now();
  db.$client.exec("PRAGMA cache_size = -262144; INSERT INTO participants_fts(participants_fts, rank) VALUES('automerge', 0);");
  const now = new Date();
  for (let n = 0; n < ROWS; n += 20_000) addParticipants(deps, ws, sampleCandidates({ count: Math.min(20_000, ROWS - n), seed: 1_000 + n, now, days: 365 }));
  db.$client.exec("INSERT INTO participants_fts(participants_fts) VALUES('optimize'); INSERT INTO participants_fts(participants_fts, rank) VALUES('automerge', 4); PRAGMA optimize;");
  // A few shortlisted candidates, as a recruiter has.
  const list = createShortlist(deps, ws, "Finalists", "system");
  const ids = db
    .select({ id: participants.id })
    .from(participants)
    .limit(200)
    .all()
    .map((r) => r.id);
  addCandidates(deps, ws, list.id, ids, "system");
  console.log(`${ROWS} candidates seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${N} runs each, ms (p50 p95)\n`);

  const role = db.$client.query("select role_category as r from participants where workspace_id = ? group by 1 order by count(*) desc limit 1").get(ws) as { r: string };
  const cases: [string, import("../src/features/candidates/repo").ListFilter][] = [
    ["all, newest first", {}],
    ["a role bucket", { role: role.r }],
    ["not shortlisted", { excludeShortlisted: true }],
    ["search 'a' (broad)", { search: "a" }],
    ["search 'developer'", { search: "developer" }],
    ["search 'melbourne product'", { search: "melbourne product" }],
  ];
  console.log(`${"list page 1 + total".padEnd(30)} ${"kept (hit)".padStart(19)} ${"read again (miss)".padStart(19)} ${"one query".padStart(19)}`);
  for (const [name, f] of cases) {
    const served = time(() => pages.listParticipants(db, ws, f, 1, 20));
    const miss = time(uncached(() => pages.listParticipants(db, ws, f, 1, 20)));
    // The one-query way: the page and count(*) over the same conditions, nothing kept.
    const plain = time(
      uncached(() => {
        const where = repo.conditions(ws, f);
        db.select({ id: participants.id })
          .from(participants)
          .where(where)
          .orderBy(sql`${participants.id} desc`)
          .limit(20)
          .all();
        return db.select({ n: count() }).from(participants).where(where).get();
      }),
    );
    console.log(`${name.padEnd(30)} ${fmt(served)} ${fmt(miss)} ${fmt(plain)}`);
  }

  const sinceDay = Math.floor(Date.now() / 86_400_000) - 29;
  const summary = time(() => statsRepo.statsFromSummary(db, ws, sinceDay));
  const summaryMiss = time(uncached(() => statsRepo.statsFromSummary(db, ws, sinceDay)));
  // Live: the same figures counted from participants (what statsForJob does for a job).
  const live = time(
    uncached(() => {
      const where = repo.conditions(ws, {});
      db.select({ k: participants.roleCategory, n: count() }).from(participants).where(where).groupBy(participants.roleCategory).all();
      db.select({ k: participants.locationCategory, n: count() }).from(participants).where(where).groupBy(participants.locationCategory).all();
      const day = sql<number>`(${participants.createdAt} / 86400000)`;
      db.select({ day, n: count() })
        .from(participants)
        .where(sql`${where} and ${participants.createdAt} >= ${sinceDay * 86_400_000}`)
        .groupBy(day)
        .all();
    }),
  );
  console.log(`\n${"database stats".padEnd(30)} ${fmt(summary)} ${fmt(summaryMiss)} ${fmt(live)}`);
} finally {
  deps.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
