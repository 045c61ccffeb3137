import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { accountPool, cliEnv } from "./fixtures";

/**
 * Before the browser tests start (the server is up): the accounts they sign in with, made in
 * one Bun process. createAccount() claims them one at a time.
 */
export default function globalSetup() {
  const pool = accountPool();
  rmSync(pool.claims, { recursive: true, force: true });
  mkdirSync(pool.claims, { recursive: true });
  const r = spawnSync("./node_modules/.bin/bun", ["e2e/account-pool.ts", String(pool.size), pool.prefix], { env: cliEnv(), encoding: "utf8" });
  if (r.status !== 0) throw new Error(`making the test accounts failed: ${r.stderr}`);
}
