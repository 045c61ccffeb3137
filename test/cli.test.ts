// The command line, run as a user would: bun src/main.ts <verb>.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { findUserByEmail } from "../src/features/auth/service";
import { verifyPassword } from "../src/lib/crypto";

const run = (args: string[], env: Record<string, string>) =>
  Bun.spawnSync([process.execPath, "src/main.ts", ...args], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });

test("user create makes an account and its workspace, applying migrations first", () => {
  const dir = mkdtempSync(join(tmpdir(), "frank-cli-"));
  try {
    const env = { DATABASE_PATH: join(dir, "frank.db"), APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-00" };
    const r = run(["user", "create", "--email", "Lin@Example.com", "--password", "long-enough-pw", "--name", "Lin"], env);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.toString()).toContain("Created lin@example.com");
    const deps = createDeps(loadConfig(env), { quiet: true });
    const user = findUserByEmail(deps, "lin@example.com")!;
    expect(user.name).toBe("Lin");
    expect(user.password).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
    expect(verifyPassword("long-enough-pw", user.password)).resolves.toBe(true);
    deps.db.$client.close();

    const dup = run(["user", "create", "--email", "lin@example.com", "--password", "long-enough-pw"], env);
    expect(dup.exitCode).toBe(1);
    expect(dup.stderr.toString()).toContain("already exists");

    const bad = run(["user", "create", "--email", "nope", "--password", "short"], env);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr.toString()).toContain("Invalid email address");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 30_000);

test("serve with bad configuration fails with one clear line per variable", () => {
  const r = run(["serve"], { PORT: "not-a-port", APP_SECRET: "", APP_URL: "nope" });
  expect(r.exitCode).toBe(1);
  const lines = r.stderr.toString().trim().split("\n");
  expect(lines.every((l) => l.startsWith("Invalid configuration: "))).toBe(true);
  expect(lines.some((l) => l.includes("PORT"))).toBe(true);
  expect(lines.some((l) => l.includes("APP_URL"))).toBe(true);
});
