// Measuring a Frank server from outside its process: start `frank serve` on a database file,
// sign in, time requests on the wire (the whole body read, as a browser asks for it), drive it
// with wrk, and say how busy the machine was meanwhile (other work shares its cores).
import { loadavg } from "node:os";

export const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", accept: "text/html,application/json" };

/**
 * Exits with a plain message when wrk is missing: a bench that needs it checks first, instead of
 * failing after minutes of seeding.
 */
export function needWrk() {
  if (Bun.which("wrk")) return;
  console.error("wrk is not installed: this bench measures requests a second with it (Debian: apt-get install wrk)");
  process.exit(1);
}

/** The machine's load average (1 and 5 minutes), to print beside every figure. */
export const load = () => {
  const [one, five] = loadavg();
  return `load ${one!.toFixed(1)}/${five!.toFixed(1)}`;
};

export interface Server {
  base: string;
  stop(): Promise<void>;
}

export { freePort } from "../test/kits/free-port";

/** The p-quantile of a sample (nearest rank below). */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))]!;

/** `bun src/main.ts serve` on the file, answering /healthz, as its own process; `env` adds to (or overrides) its settings. */
export async function startServer(databasePath: string, port: number, secret: string, env: Record<string, string> = {}): Promise<Server> {
  const base = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
    env: { ...process.env, APP_SECRET: secret, DATABASE_PATH: databasePath, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", APP_URL: base, ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 600 || proc.exitCode !== null) throw new Error(`the server did not start on port ${port}`);
    await Bun.sleep(50);
  }
  return {
    base,
    async stop() {
      proc.kill();
      await proc.exited;
    },
  };
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json", origin: base }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
}

/** One request's time on the wire in ms, the body read to its end. */
export async function once(base: string, path: string, cookie: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(base + path, { headers: { cookie, ...BROWSER } });
  await res.arrayBuffer();
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  return ms;
}

export function quantiles(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))]!;
  return { p50: q(0.5), p95: q(0.95), max: s.at(-1)! };
}

/** `n` requests in a row after `warm` unmeasured ones: p50, p95, max. */
export async function timed(base: string, path: string, cookie: string, n: number, warm = 3) {
  for (let i = 0; i < warm; i++) await once(base, path, cookie);
  const ms: number[] = [];
  for (let i = 0; i < n; i++) ms.push(await once(base, path, cookie));
  return quantiles(ms);
}

/** wrk with 2 threads and 50 connections for `seconds`: requests a second, p99, errors. */
export async function wrk(url: string, cookie: string, seconds = 5) {
  const p = Bun.spawn(["wrk", "-t2", "-c50", `-d${seconds}s`, "--latency", "-H", `Cookie: ${cookie}`, "-H", `Accept-Encoding: ${BROWSER["accept-encoding"]}`, url], {
    stdout: "pipe",
    stderr: "pipe",
    timeout: (seconds + 25) * 1000,
  });
  const out = await new Response(p.stdout).text();
  await p.exited;
  return {
    rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    p99: out.match(/99%\s+([\d.]+\w+)/)?.[1] ?? "n/a",
    errors: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + Number(out.match(/Socket errors:.*timeout (\d+)/)?.[1] ?? 0),
  };
}
