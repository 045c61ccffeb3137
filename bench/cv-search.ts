// Issue 39's search figure: candidate search p95 at 100,000 candidates of which 20,000 have a CV's
// text, beside the same searches on the same candidates without CV text, in the same run. Two
// databases from one seed: A (no CV text) and B (A's copy plus 20,000 CVs' text in the search
// index). Both are served by a started server each (`frank serve`), and every search is timed by
// curl from outside the process (time to first byte), alternating A and B so both see the same
// machine. "Kept": the same search again (the walk kept until the next write); "after a change":
// each search follows a change to a candidate (over the API), so the index is walked again.
// Usage: bun bench/cv-search.ts [--rows 100000] [--cvs 20000] [--runs 30]   (BENCH_PORT, default 3421 and +1)
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { randomBytes } from "node:crypto";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { setIndexesAside } = await import("../src/features/candidates/repo-bulk");
const { cvText, CV_WORDS } = await import("./cv-text");

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROWS = arg("--rows", 100_000);
const CVS = arg("--cvs", 20_000);
const RUNS = arg("--runs", 30);
const dir = mkdtempSync(join(tmpdir(), "frank-bench-cv-search-"));
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-39", NODE_ENV: "production" };
const dbA = join(dir, "a.db");
const dbB = join(dir, "b.db");
const servers: Bun.Subprocess[] = [];
const mb = (path: string) => (statSync(path).size / 1024 / 1024).toFixed(0);

try {
  // ---- A: the candidates, loaded the way bench/search.ts loads them (repo-bulk's bulk path) ----
  let t0 = performance.now();
  const a = createDeps(loadConfig({ ...env, DATABASE_PATH: dbA, APP_URL: "http://127.0.0.1" }), { quiet: true });
  const user = await createUser(a, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  const other = await createUser(a, { email: "other@example.com", password: "bench-password-1", name: "Other" });
  const cache = (a.db.$client.query("PRAGMA cache_size").get() as { cache_size: number }).cache_size;
  a.db.$client.exec("PRAGMA cache_size = -1048576; PRAGMA synchronous = OFF; INSERT INTO participants_fts(participants_fts, rank) VALUES('hashsize', 2147483647);");
  const index = setIndexesAside(a.db);
  const now = new Date();
  for (const [ws, rows, seed] of [
    [user.workspaceId, ROWS, 1_000],
    [other.workspaceId, Math.round(ROWS / 10), 9_000_000],
  ] as const) {
    for (let n = 0; n < rows; n += 20_000) addParticipants(a, ws, sampleCandidates({ count: Math.min(20_000, rows - n), seed: seed + n, now, days: 365 }));
  }
  index.restore();
  a.db.$client.exec(
    `INSERT INTO participants_fts(participants_fts, rank) VALUES('hashsize', 1048576); PRAGMA synchronous = NORMAL; PRAGMA optimize; PRAGMA cache_size = ${cache}; PRAGMA wal_checkpoint(TRUNCATE);`,
  );
  a.db.$client.close();
  const seededA = (performance.now() - t0) / 1000;

  // ---- B: A's copy, and 20,000 of the workspace's candidates get a CV with its text ----
  t0 = performance.now();
  copyFileSync(dbA, dbB);
  const b = createDeps(loadConfig({ ...env, DATABASE_PATH: dbB, APP_URL: "http://127.0.0.1" }), { quiet: true });
  const c = b.db.$client;
  c.exec("PRAGMA cache_size = -1048576; PRAGMA synchronous = OFF; INSERT INTO participants_fts(participants_fts, rank) VALUES('hashsize', 2147483647);");
  const ids = (c.query("select id from participants where workspace_id = ? and erased = 0 order by id").all(user.workspaceId) as { id: number }[]).map((r) => r.id);
  const chosen = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / CVS)) === 0).slice(0, CVS);
  // The files' rows go in without the per-row index trigger; the index then takes each chosen
  // candidate's row again, once, with its CV text (the statement the migration's triggers run).
  const trigger = (c.query("select sql from sqlite_master where name = 'participant_files_fts_ai'").get() as { sql: string }).sql;
  const fill = (c.query("select sql from sqlite_master where name = 'participants_fts_au'").get() as { sql: string }).sql;
  const columns = /INSERT INTO participants_fts\s*\(([^)]*)\)/i.exec(fill)![1]!;
  const values = /VALUES\s*\(([\s\S]*)\);\s*END$/i.exec(fill.trim())![1]!.replace(/\bnew\./g, "p.");
  let textBytes = 0;
  c.transaction(() => {
    c.exec("DROP TRIGGER participant_files_fts_ai");
    const insert = c.prepare(
      "insert into participant_files (workspace_id, participant_id, name, type, size, sha256, storage_key, text_status, text, created_at) values (?, ?, 'cv.pdf', 'pdf', ?, ?, ?, 'done', ?, ?)",
    );
    chosen.forEach((id, i) => {
      const text = cvText(i);
      textBytes += text.length;
      insert.run(user.workspaceId, id, text.length * 3, randomBytes(32).toString("hex"), randomBytes(18).toString("base64url"), text, Date.now());
    });
    c.exec("CREATE TEMP TABLE chosen(id INTEGER PRIMARY KEY)");
    const add = c.prepare("insert into chosen values (?)");
    for (const id of chosen) add.run(id);
    c.exec("DELETE FROM participants_fts WHERE rowid IN (SELECT id FROM chosen)");
    c.exec(`INSERT INTO participants_fts(rowid, ${columns}) SELECT p.id, ${values} FROM participants p WHERE p.id IN (SELECT id FROM chosen)`);
    c.exec(trigger);
    c.exec("UPDATE participants_version SET v = v + 1 WHERE id = 1");
  })();
  // Both indexes in one piece, as a database reaches after its merges (A's already is).
  c.exec(
    `INSERT INTO participants_fts(participants_fts) VALUES('optimize'); INSERT INTO participants_fts(participants_fts, rank) VALUES('hashsize', 1048576); PRAGMA synchronous = NORMAL; PRAGMA optimize; PRAGMA cache_size = ${cache}; PRAGMA wal_checkpoint(TRUNCATE);`,
  );
  c.close();
  const seededB = (performance.now() - t0) / 1000;
  console.log(
    `CV search: ${ROWS.toLocaleString("en")} candidates in the workspace (+${Math.round(ROWS / 10).toLocaleString("en")} in another); A without CV text (${mb(dbA)} MB, seeded in ${seededA.toFixed(0)} s), B with ${chosen.length.toLocaleString("en")} CVs' text (${(textBytes / chosen.length / 1024).toFixed(1)} kB each, ${mb(dbB)} MB, added in ${seededB.toFixed(0)} s)`,
  );

  // ---- two started servers, each searched over HTTP by curl ----
  const port = Number(process.env.BENCH_PORT ?? 3421);
  const start = async (db: string, p: number) => {
    const base = `http://127.0.0.1:${p}`;
    servers.push(
      Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
        env: { ...process.env, ...env, DATABASE_PATH: db, PORT: String(p), HOST: "127.0.0.1", APP_URL: base },
        stdout: "ignore",
        stderr: "ignore",
      }),
    );
    for (let i = 0; ; i++) {
      if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
      if (i > 600) throw new Error("the app did not start");
      await Bun.sleep(50);
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((x) => x.startsWith("frank_session="))!
      .split(";")[0]!;
    return { base, cookie };
  };
  const A = await start(dbA, port);
  const B = await start(dbB, port + 1);
  const curl = (s: { base: string; cookie: string }, path: string) => {
    const r = Bun.spawnSync([
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code} %{time_starttransfer}",
      "-H",
      `Cookie: ${s.cookie}`,
      "-H",
      "Accept-Encoding: gzip, deflate, br, zstd",
      s.base + path,
    ]);
    const [code, ttfb] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${path}: ${code}`);
    return Number(ttfb) * 1000;
  };
  const total = async (s: { base: string; cookie: string }, path: string) => {
    const page = ((await (await fetch(s.base + path, { headers: { cookie: s.cookie } })).json()) as any).pagination;
    return `${page.total}${page.totalIsLowerBound ? "+" : ""}`;
  };
  // A change to one candidate (a new availability each time): nothing kept is valid any more.
  const touchId = ids.at(-1)!;
  let touches = 0;
  const touch = (s: { base: string; cookie: string }) => {
    const r = Bun.spawnSync([
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "-X",
      "PATCH",
      "-H",
      `Cookie: ${s.cookie}`,
      "-H",
      `Origin: ${s.base}`,
      "-H",
      "Content-Type: application/json",
      "--data",
      JSON.stringify({ availability: `In ${++touches} days` }),
      `${s.base}/api/participants/${touchId}`,
    ]);
    if (r.stdout.toString() !== "200") throw new Error(`the change answered ${r.stdout.toString()}`);
  };
  const q = (xs: number[], f: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(f * xs.length))]!;

  const QUERIES: [string, string][] = [
    ["one letter", "a"],
    ["two letters", "de"],
    ["a word of the fields", "developer"],
    ["several words", "senior ux designer sydney"],
    ["a CV word, frequent", CV_WORDS.frequent],
    ["a CV word, rare", CV_WORDS.rare],
    ["two CV words", `${CV_WORDS.frequent} ${CV_WORDS.other}`],
    ["field + CV word", `melbourne ${CV_WORDS.frequent}`],
    ["no match", "zzqxv"],
  ];
  console.log(`GET /api/participants?search=…&limit=20, curl's time to first byte in ms, ${RUNS} runs each, A and B alternating (p50 / p95; totals A | B)`);
  console.log(`  ${"".padEnd(22)} ${"kept walk: A (no CV)".padEnd(22)}${`B (${chosen.length.toLocaleString("en")} CVs)`.padEnd(18)}${"after a change: A".padEnd(22)}${"B".padEnd(18)}totals`);
  const worst = { kept: [0, 0], changed: [0, 0] };
  for (const [label, search] of QUERIES) {
    const path = `/api/participants?search=${encodeURIComponent(search)}&limit=20`;
    for (let i = 0; i < 3; i++) {
      curl(A, path);
      curl(B, path);
    }
    const kept = { a: [] as number[], b: [] as number[] };
    const changed = { a: [] as number[], b: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      kept.a.push(curl(A, path));
      kept.b.push(curl(B, path));
    }
    for (let i = 0; i < Math.ceil(RUNS / 2); i++) {
      touch(A);
      changed.a.push(curl(A, path));
      touch(B);
      changed.b.push(curl(B, path));
    }
    const cell = (xs: number[]) => `${q(xs, 0.5).toFixed(1)} / ${q(xs, 0.95).toFixed(1)}`;
    worst.kept = [Math.max(worst.kept[0]!, q(kept.a, 0.95)), Math.max(worst.kept[1]!, q(kept.b, 0.95))];
    worst.changed = [Math.max(worst.changed[0]!, q(changed.a, 0.95)), Math.max(worst.changed[1]!, q(changed.b, 0.95))];
    console.log(
      `  ${label.padEnd(22)} ${cell(kept.a).padEnd(22)}${cell(kept.b).padEnd(18)}${cell(changed.a).padEnd(22)}${cell(changed.b).padEnd(18)}${await total(A, path)} | ${await total(B, path)}`,
    );
  }
  console.log(
    `  worst p95: kept ${worst.kept[0]!.toFixed(1)} ms (A) vs ${worst.kept[1]!.toFixed(1)} ms (B); after a change ${worst.changed[0]!.toFixed(1)} ms (A) vs ${worst.changed[1]!.toFixed(1)} ms (B)`,
  );
  const health = Array.from({ length: RUNS }, () => curl(A, "/healthz"));
  console.log(
    `  baseline of the wire in this run: GET /healthz p50 ${q(health, 0.5).toFixed(1)} ms, p95 ${q(health, 0.95).toFixed(1)} ms; load average ${(await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ")}`,
  );
} finally {
  for (const s of servers) s.kill();
  await Promise.all(servers.map((s) => s.exited));
  rmSync(dir, { recursive: true, force: true });
}
