// The "before" side of bench/search.ts, measured in the same run: the previous ways of loading
// candidates and of answering a search, run against the same machine and data.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import type { Deps } from "../src/deps";
import { participants } from "../src/db/schema";

/**
 * The previous loading code (a Drizzle insert of 500 rows a statement, every insert trigger run
 * per row), on `rows` candidates in a scratch database: seconds per 100,000 rows.
 */
export async function previousLoadRate(rows: number): Promise<number> {
  const { loadConfig } = await import("../src/config/env");
  const { createDeps } = await import("../src/bootstrap");
  const { createUser } = await import("../src/features/auth/service");
  const { sampleCandidates } = await import("../src/features/candidates/sample-data");
  const { bucketColumns } = await import("../src/features/candidates/settings");
  const { DEFAULT_BUCKETS } = await import("../src/features/candidates/buckets");
  const dir = mkdtempSync(join(tmpdir(), "frank-bench-load-"));
  const deps = createDeps(loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-02", DATABASE_PATH: join(dir, "b.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "production" }), {
    quiet: true,
  });
  try {
    const user = await createUser(deps, { email: "load@example.com", password: "bench-password-1", name: "Load" });
    deps.db.$client.exec("PRAGMA cache_size = -262144; INSERT INTO participants_fts(participants_fts, rank) VALUES('automerge', 0);");
    const now = new Date();
    const t0 = performance.now();
    for (let n = 0; n < rows; n += 20_000) {
      const batch = sampleCandidates({ count: Math.min(20_000, rows - n), seed: 1_000 + n, now, days: 365 }).map((r) => ({
        ...r,
        ...bucketColumns(DEFAULT_BUCKETS, r),
        workspaceId: user.workspaceId,
        lastUpdated: r.createdAt,
      }));
      deps.db.transaction((tx) => {
        for (let i = 0; i < batch.length; i += 500)
          tx.insert(participants)
            .values(batch.slice(i, i + 500))
            .run();
      });
    }
    deps.db.$client.exec("INSERT INTO participants_fts(participants_fts) VALUES('optimize');");
    return ((performance.now() - t0) / 1000) * (100_000 / rows);
  } finally {
    deps.db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The previous search plan on today's index: the page by its own query, then every match
 * counted (no cap). Milliseconds of the two statements together, the first run after a change.
 */
export function previousSearchMs(deps: Deps, match: string): { ms: number; total: number } {
  const c = deps.db.$client;
  const t = performance.now();
  c.query("select rowid as id from participants_fts where participants_fts match ? order by rowid desc limit 20 offset 0").all(match);
  const total = (c.query("select count(*) as n from participants_fts where participants_fts match ?").get(match) as { n: number }).n;
  return { ms: performance.now() - t, total };
}

/** The stats the way they were read before the summary table: live counts over the candidates. */
export function liveStatsMs(deps: Deps, workspaceId: number): number {
  const c = deps.db.$client;
  const t = performance.now();
  c.query("select role_category, count(*) from participants where workspace_id = ? and erased = 0 group by 1").all(workspaceId);
  c.query("select location_category, count(*) from participants where workspace_id = ? and erased = 0 group by 1").all(workspaceId);
  c.query("select created_at / 86400000, count(*) from participants where workspace_id = ? and created_at > ? group by 1").all(workspaceId, Date.now() - 30 * 86_400_000);
  return performance.now() - t;
}

/**
 * A fixed answer of the same bytes served by Bun.serve alone (no routing, session, query or
 * compression): the machine's ceiling for the list endpoint's req/s in the same run.
 */
export function fixedServer(body: Uint8Array<ArrayBuffer>, headers: Record<string, string>) {
  return Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
}

/** A CSV of `rows` new candidates (the import's column names, quoted cells), from the sample data. */
export async function sampleCsv(rows: number, seed: number): Promise<string> {
  const { sampleCandidates } = await import("../src/features/candidates/sample-data");
  const fields = ["name", "emailAddress", "city", "roleApplied", "jobTitle", "industry", "prequalifier"] as const;
  const cell = (v: unknown) => `"${String(v ?? "").replace(/"/g, '""')}"`;
  const lines = sampleCandidates({ count: rows, seed, now: new Date(), days: 30 }).map((r) => fields.map((k) => cell(r[k])).join(","));
  return [fields.join(","), ...lines].join("\n");
}
