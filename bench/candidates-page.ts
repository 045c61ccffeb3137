// The candidates page (/candidates) at 100,000 candidates in one workspace (and 10,000 in
// another): the app runs as its own process on 127.0.0.1 and curl measures each page from
// outside, with a browser's Accept-Encoding, as the time to the first byte (the server's
// time plus a loopback round trip). Baseline in the same run: /healthz and the JSON list
// (GET /api/participants) the page is built on. Prints p50/p95 of 15 requests each.
// Usage: bun bench/candidates-page.ts [--rows 100000]
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg("--rows", 100_000);
const BROWSER_AE = "gzip, deflate, br, zstd";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-candidates-"));
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-22", DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production" };
let server: Bun.Subprocess | null = null;

try {
  const deps = createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1" }), { quiet: true });
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const other = await createUser(deps, { email: "other@example.com", password: "bench-password-1", name: "Other" });
  const t0 = performance.now();
  deps.db.$client.exec("PRAGMA cache_size = -262144; INSERT INTO participants_fts(participants_fts, rank) VALUES('automerge', 0);");
  const now = new Date();
  for (let n = 0; n < ROWS; n += 20_000) addParticipants(deps, user.workspaceId, sampleCandidates({ count: Math.min(20_000, ROWS - n), seed: 1_000 + n, now, days: 365 }));
  addParticipants(deps, other.workspaceId, sampleCandidates({ count: Math.round(ROWS / 10), seed: 9_000_000, now, days: 365 }));
  deps.db.$client.exec(
    "INSERT INTO participants_fts(participants_fts) VALUES('optimize'); INSERT INTO participants_fts(participants_fts, rank) VALUES('automerge', 4); PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE);",
  );
  console.log(`seeded ${ROWS.toLocaleString("en-US")} + ${Math.round(ROWS / 10).toLocaleString("en-US")} candidates in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  deps.db.$client.close();

  const port = 3422;
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
      `Accept-Encoding: ${BROWSER_AE}`,
      "-H",
      "Accept: text/html,application/json",
      "-H",
      `Cookie: ${cookie}`,
      base + path,
    ]);
    const [code, ttfb, size] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${path}: ${code}`);
    return { ms: Number(ttfb) * 1000, bytes: Number(size) };
  };
  const measure = (label: string, path: string, n = 15) => {
    once(path); // the first request of a query fills its caches: measured apart
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const r = once(path);
      ms.push(r.ms);
      bytes = r.bytes;
    }
    ms.sort((a, b) => a - b);
    const q = (f: number) => ms[Math.min(ms.length - 1, Math.floor(f * ms.length))]!;
    console.log(`  ${label.padEnd(44)} p50 ${q(0.5).toFixed(1).padStart(6)} ms  p95 ${q(0.95).toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(1).padStart(5)} kB  ${path}`);
  };
  const cold = (label: string, path: string) => console.log(`  ${label.padEnd(44)} first ${once(path).ms.toFixed(1).padStart(6)} ms  ${path}`);

  console.log("baseline:");
  measure("health check", "/healthz");
  measure("JSON list, first page (GET /api/participants)", "/api/participants?limit=25");
  console.log("the candidates page:");
  cold("first page, first request after start", "/candidates?role=Designer");
  measure("first page", "/candidates");
  measure("page 2,000 (deep offset)", "/candidates?page=2000");
  measure("role and location filter", "/candidates?role=Developer&location=Melbourne");
  measure("search", "/candidates?search=product");
  measure("search + filter + page 3", "/candidates?search=designer&location=Sydney&page=3");
  measure("sorted by name", "/candidates?sort=name&dir=asc");
  measure("sorted by name, descending, page 50", "/candidates?sort=name&dir=desc&page=50");
  measure("sorted by city (no index: walks the workspace)", "/candidates?sort=city&dir=asc");
  measure("sorted by city, filtered by role", "/candidates?sort=city&dir=asc&role=Manager");
  measure("sorted by added, oldest first", "/candidates?sort=added&dir=asc");
} finally {
  server?.kill();
  rmSync(dir, { recursive: true, force: true });
}
