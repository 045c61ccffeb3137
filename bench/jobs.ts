// Jobs claimed and finished per second on one SQLite database by 1, 2 and 4 worker processes:
// the one task table (src/lib/jobs.ts: fenced claim with serial keys) beside the queues it
// replaced (the old claim SQL, kept in bench/jobs-worker.ts), measured in the same run. Each
// worker is a separate process; the clock runs in this process from "go" to the last "done".
// Usage: bun bench/jobs.ts   (BENCH_TASKS=3000; BENCH_SERIAL=1 gives every 10th task a shared serial key)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cpus, loadavg, tmpdir } from "node:os";

process.env.NODE_ENV ||= "production";
const { openDatabase, migrateDatabase } = await import("../src/db/client");

const N = Number(process.env.BENCH_TASKS ?? 3000);
const dir = mkdtempSync(join(tmpdir(), "frank-bench-jobs-"));

function seed(path: string, mode: "new" | "old") {
  const db = openDatabase(path);
  migrateDatabase(db);
  const c = db.$client;
  if (mode === "new") {
    const ins = c.query("INSERT INTO tasks (kind, serial_key, payload, status, run_at, created_at) VALUES ('bench.noop', ?1, ?2, 'pending', 0, ?3)");
    c.transaction(() => {
      for (let i = 0; i < N; i++) ins.run(process.env.BENCH_SERIAL && i % 10 === 0 ? `bench:${i % 7}` : null, JSON.stringify({ i }), Date.now());
    })();
  } else {
    c.exec(`CREATE TABLE old_queue (id integer PRIMARY KEY AUTOINCREMENT NOT NULL, kind text NOT NULL, payload text NOT NULL, status text DEFAULT 'pending' NOT NULL,
      attempts integer DEFAULT 0 NOT NULL, last_error text, next_attempt_at integer DEFAULT 0 NOT NULL, lease_until integer, done_at integer, created_at integer NOT NULL);
      CREATE INDEX old_queue_due_idx ON old_queue (status, next_attempt_at);`);
    const ins = c.query("INSERT INTO old_queue (kind, payload, created_at) VALUES ('bench.noop', ?1, ?2)");
    c.transaction(() => {
      for (let i = 0; i < N; i++) ins.run(JSON.stringify({ i }), Date.now());
    })();
  }
  c.close();
}

async function measure(mode: "new" | "old", workers: number): Promise<{ perSecond: number; done: number }> {
  const path = join(dir, `${mode}-${workers}.db`);
  seed(path, mode);
  const procs = Array.from({ length: workers }, () => Bun.spawn([process.execPath, join(import.meta.dir, "jobs-worker.ts"), mode, path], { stdin: "pipe", stdout: "pipe", stderr: "inherit" }));
  const lines = procs.map((p) => {
    const reader = p.stdout.getReader();
    let buf = "";
    return async (want: string) => {
      for (;;) {
        const i = buf.indexOf("\n");
        if (i >= 0) {
          const line = buf.slice(0, i);
          buf = buf.slice(i + 1);
          if (line.startsWith(want)) return line;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error(`worker ended before "${want}"`);
        buf += new TextDecoder().decode(value);
      }
    };
  });
  await Promise.all(lines.map((next) => next("ready")));
  const t0 = performance.now();
  for (const p of procs) {
    p.stdin.write("go\n");
    p.stdin.flush();
  }
  const counts = await Promise.all(lines.map(async (next) => Number((await next("done")).split(" ")[1])));
  const ms = performance.now() - t0;
  await Promise.all(procs.map((p) => p.exited));
  const done = counts.reduce((a, b) => a + b, 0);
  return { perSecond: (done / ms) * 1000, done };
}

try {
  console.log(`${N} tasks per run, no-op handlers; ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)} (shared machine: other work runs beside this)`);
  for (const workers of [1, 2, 4]) {
    const old = await measure("old", workers);
    const now = await measure("new", workers);
    console.log(
      `${workers} worker${workers > 1 ? "s" : " "}: old queues ${old.perSecond.toFixed(0).padStart(6)} jobs/s (${old.done} done) · task table ${now.perSecond.toFixed(0).padStart(6)} jobs/s (${now.done} done)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
