import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { cliEnv } from "./fixtures";

/**
 * Before the browser tests start (the server is up): the path of Frank's single binary, which the
 * tests that start a server of their own run (FRANK_BINARY, see e2e/own-server.ts; the shared
 * server runs it too), and the process that makes the accounts they sign in with
 * (e2e/account-server.ts). Workers find it through E2E_ACCOUNTS_URL; it stops with the run.
 */
export default async function globalSetup() {
  const binary = spawnSync("./node_modules/.bin/bun", ["test/kits/compiled-binary.ts"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (binary.status !== 0) throw new Error("building Frank's binary failed");
  process.env.FRANK_BINARY = binary.stdout.trim();

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
