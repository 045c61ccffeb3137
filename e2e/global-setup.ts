import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { cliEnv } from "./fixtures";

/**
 * Before the browser tests start (the server is up): the process that makes the accounts they sign
 * in with (e2e/account-server.ts). Workers find it through E2E_ACCOUNTS_URL; it stops with the run.
 */
export default async function globalSetup() {
  const child = spawn("./node_modules/.bin/bun", ["e2e/account-server.ts"], { env: cliEnv(), stdio: ["pipe", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the account server stopped (exit ${code})`)));
    createInterface({ input: child.stdout! }).once("line", (line) => resolve(line.replace(/^listening /, "")));
  });
  process.env.E2E_ACCOUNTS_URL = `http://127.0.0.1:${port}/accounts`;
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
}
