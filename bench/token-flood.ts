// A public token route flooded with 50,000 random tokens (issue 59 item 7), measured on the wire:
// /healthz latency (p50, p95) before and during the flood, the flood's rate and its answers.
//   bun bench/token-flood.ts
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { waitHealthy } from "../test/kits/wait-healthy";
import { freePort } from "../test/kits/free-port";

const dir = mkdtempSync(join(tmpdir(), "frank-flood-"));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["src/main.ts", "serve"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_PATH: join(dir, "f.db"), APP_SECRET: "bench-secret-bench-secret-bench-secret-0123", APP_URL: base, TRUST_PROXY: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
await waitHealthy(base);

const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
async function healthz(n: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    ms.push(performance.now() - t0);
    await Bun.sleep(10);
  }
  return ms;
}

const before = await healthz(200);
let done = 0;
const statuses = new Map<number, number>();
const started = performance.now();
// 50,000 tokens from 5,000 addresses (X-Forwarded-For, one proxy trusted), 32 at a time.
const flood = (async () => {
  const next = async (): Promise<void> => {
    while (done < 50_000) {
      const i = done++;
      const res = await fetch(`${base}/s/${randomToken()}`, { headers: { "x-forwarded-for": `10.0.${(i % 5000) >> 8}.${i % 256}` } });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 32 }, next));
})();
const during = await healthz(200);
await flood;
const seconds = (performance.now() - started) / 1000;
const after = await healthz(100);
child.kill("SIGTERM");
rmSync(dir, { recursive: true, force: true });

const f = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms`;
console.log(`healthz before the flood: ${f(before)}`);
console.log(`healthz during the flood: ${f(during)}`);
console.log(`healthz after the flood:  ${f(after)}`);
console.log(`flood: 50,000 random /s/ tokens in ${seconds.toFixed(1)} s (${Math.round(50_000 / seconds)} requests/s); answers ${JSON.stringify(Object.fromEntries(statuses))}`);
