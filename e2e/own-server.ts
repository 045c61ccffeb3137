import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { rmSync } from "node:fs";
import { createAccount } from "./fixtures";

// A Frank server of the test's own (port, database), for tests that stop and restart it or
// need another configuration than the shared e2e server.
const SECRET = "e2e-own-server-secret-e2e-own-server-0123";

export { freePort } from "../test/kits/free-port";

/**
 * Resolves when `url` answers 200. A start shares two cores with the other suites and can take
 * seconds: the wait is a minute (the calling hook raises its own time limit to match, see
 * START_TIMEOUT_MS).
 */
export async function waitFor(url: string, waitMs = 60_000) {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not up: ${url}`);
}

/**
 * Starts Frank's single binary (the production build, made once per run for the sources as they
 * are and shared with the unit tests; see e2e/global-setup.ts) with `args`, on the environment
 * plus `env`. It starts in about half the CPU of `bun src/main.ts`, which reads and transpiles
 * some 940 files. Such a server lives for a test file and answers a few dozen requests, too few to
 * repay JavaScriptCore's optimising DFG tier: without it, it uses about a quarter less CPU
 * (production keeps every tier).
 */
export function spawnFrank(args: string[], env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  const binary = process.env.FRANK_BINARY;
  if (!binary) throw new Error("FRANK_BINARY is not set: the browser tests' global setup names the binary");
  return spawn(binary, args, { env: { ...process.env, BUN_JSC_useDFGJIT: "0", ...env }, stdio });
}

/** The time limit of a hook that starts servers and waits for them (test.setTimeout in the hook). */
export const START_TIMEOUT_MS = 90_000;

export class OwnServer {
  private child: ChildProcess | null = null;
  readonly url: string;
  readonly db: string;

  constructor(
    readonly port: number,
    private env: Record<string, string> = {},
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.db = `data/e2e-own-${port}.db`;
  }

  async start() {
    const child = spawnFrank(["serve"], { PORT: String(this.port), HOST: "127.0.0.1", DATABASE_PATH: this.db, APP_URL: this.url, APP_SECRET: SECRET, NODE_ENV: "test", DEV_PAGES: "1", ...this.env }, [
      "ignore",
      "ignore",
      "pipe",
    ]);
    child.stderr!.on("data", (d: Buffer) => process.stderr.write(d));
    this.child = child;
    await waitFor(`${this.url}/healthz`);
  }

  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    this.child = null;
  }

  createAccount(email: string, password: string) {
    return createAccount({ database: this.db, secret: SECRET, email, password, name: "Own Server Recruiter" });
  }

  async dispose() {
    await this.stop();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(this.db + suffix, { force: true });
  }
}
