// Foundation figures: binary cold start to the first 200, idle memory, /login render time,
// /login requests per second under wrk, binary size. Everything runs on 127.0.0.1.
// Usage: bun bench/foundation.ts   (builds dist/frank first when it is missing)
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const BIN = "dist/frank";
if (!existsSync(BIN)) Bun.spawnSync(["npm", "run", "build"], { stdout: "inherit", stderr: "inherit" });

const env = { ...process.env, APP_SECRET: "bench-secret-bench-secret-bench-secret-00", NODE_ENV: "production" };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function start(port: number, dir: string) {
  const t0 = performance.now();
  const proc = Bun.spawn([join(dir, "frank"), "serve"], { cwd: dir, env: { ...env, PORT: String(port), DATABASE_PATH: join(dir, "data/frank.db") }, stdout: "ignore", stderr: "ignore" });
  for (;;) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.status === 200) return { proc, ms: performance.now() - t0 };
    } catch {}
    if (performance.now() - t0 > 10_000) throw new Error("server did not start");
    await Bun.sleep(2);
  }
}

function rssMb(pid: number) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : NaN;
}

// 1. Cold start, each time from an empty folder holding only the binary.
const starts: number[] = [];
for (let i = 0; i < 5; i++) {
  const dir = mkdtempSync(join(tmpdir(), "frank-bench-"));
  copyFileSync(BIN, join(dir, "frank"));
  Bun.spawnSync(["chmod", "+x", join(dir, "frank")]);
  const { proc, ms } = await start(3460 + i, dir);
  starts.push(ms);
  proc.kill();
  await proc.exited;
  rmSync(dir, { recursive: true, force: true });
}

// 2. Idle memory and load on one server.
const dir = mkdtempSync(join(tmpdir(), "frank-bench-"));
copyFileSync(BIN, join(dir, "frank"));
const port = 3470;
const { proc } = await start(port, dir);
for (let i = 0; i < 20; i++) await (await fetch(`http://127.0.0.1:${port}/login`)).text();
await Bun.sleep(2000);
const idle = rssMb(proc.pid);

// 3. /login render time, measured by the client one request at a time.
const times: number[] = [];
for (let i = 0; i < 300; i++) {
  const t0 = performance.now();
  await (await fetch(`http://127.0.0.1:${port}/login`)).text();
  times.push(performance.now() - t0);
}

// 4. Requests per second with wrk (Debian package), 2 threads, 50 connections, 5 s.
let rps = "wrk not installed (apt-get install wrk)";
if (Bun.which("wrk")) {
  const out = Bun.spawnSync(["wrk", "-t2", "-c50", "-d5s", "--latency", `http://127.0.0.1:${port}/login`]).stdout.toString();
  const r = out.match(/Requests\/sec:\s+([\d.]+)/);
  const p50 = out.match(/50%\s+([\d.]+\w+)/);
  const p99 = out.match(/99%\s+([\d.]+\w+)/);
  rps = r ? `${Math.round(Number(r[1]))} req/s (latency p50 ${p50?.[1]}, p99 ${p99?.[1]})` : out;
}
const loaded = rssMb(proc.pid);
proc.kill();
await proc.exited;
rmSync(dir, { recursive: true, force: true });

const size = statSync(BIN).size;
console.log("Frank foundation figures (2 cores, 127.0.0.1)");
console.log(`binary size:                ${(size / 1024 / 1024).toFixed(1)} MiB (${size} B)`);
console.log(`cold start to first 200:    median ${median(starts).toFixed(0)} ms (runs: ${starts.map((s) => s.toFixed(0)).join(", ")} ms; target < 300 ms)`);
console.log(`idle memory (RSS):          ${idle.toFixed(1)} MB (target < 80 MB); after load ${loaded.toFixed(1)} MB`);
console.log(`GET /login, one at a time:  median ${median(times).toFixed(2)} ms, p95 ${[...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!.toFixed(2)} ms`);
console.log(`GET /login under wrk:       ${rps} (target ≥ 3000 req/s)`);
