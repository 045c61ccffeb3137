// The command line, run as a user would (the binary, `frank <verb>`): a table over every verb,
// its help and its errors, then the account verbs and healthcheck end to end.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import pkg from "../package.json";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { findUserByEmail } from "../src/features/auth/service";
import { verifyPassword } from "../src/lib/crypto";
import { frankCommand } from "./kits/frank-command";
import { waitHealthy } from "./kits/wait-healthy";

const frank = await frankCommand();

const dir = mkdtempSync(join(tmpdir(), "frank-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = "cli-secret-cli-secret-cli-secret-cli-00";
const base = { DATABASE_PATH: join(dir, "table.db"), APP_SECRET: SECRET };

async function run(args: string[], env: Record<string, string> = {}) {
  const p = Bun.spawn([...frank, ...args], { env: { ...process.env, ...base, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { stdout, stderr, exitCode };
}

const VERBS = ["serve", "migrate", "backup", "restore", "user", "jobs", "healthcheck"];
type Row = { args: string[]; env?: Record<string, string>; exit: number; out?: string | RegExp; err?: string | RegExp };

const table: Row[] = [
  { args: [], exit: 0, out: "Usage: frank <command>" },
  { args: ["--help"], exit: 0, out: "Usage: frank <command>" },
  { args: ["-h"], exit: 0, out: "Usage: frank <command>" },
  { args: ["help"], exit: 0, out: "Usage: frank <command>" },
  ...VERBS.map((v) => ({ args: ["help", v], exit: 0, out: `Usage: frank ${v}` })),
  ...VERBS.map((v) => ({ args: [v, "--help"], exit: 0, out: `Usage: frank ${v}` })),
  { args: ["--version"], exit: 0, out: new RegExp(`^frank ${pkg.version.replace(/\./g, "\\.")} \\(commit [0-9a-f]{7,}`) },
  { args: ["-v"], exit: 0, out: `frank ${pkg.version}` },
  { args: ["version"], exit: 0, out: `frank ${pkg.version}` },
  { args: ["frobnicate"], exit: 2, err: /^unknown command: frobnicate\n\nUsage: frank <command>/ },
  { args: ["help", "frobnicate"], exit: 2, err: "unknown command: frobnicate" },
  { args: ["user"], exit: 2, err: "frank user needs one of: create, list, reset-password, delete" },
  { args: ["user", "frob"], exit: 2, err: /^unknown command: user frob\n\nUsage: frank user/ },
  { args: ["serve", "--bogus"], exit: 2, err: /Unknown option '--bogus'[\s\S]*Usage: frank serve/ },
  { args: ["restore"], exit: 2, err: "frank restore needs one FILE or s3:// location" },
  { args: ["restore", "--at", "2025-01-01T00:00:00Z"], exit: 2, err: "--at goes with --from-replica" },
  { args: ["restore", "--from-replica"], exit: 1, err: "Restore refused: REPLICA_URL is not set, so there is no replica to restore from." },
  { args: ["restore", "--from-replica", "--at", "yesterday"], env: { REPLICA_URL: `file://${join(dir, "standby")}` }, exit: 2, err: "Restore refused: --at yesterday is not a time" },
  {
    args: ["serve"],
    env: { REPLICA_URL: "ftp://user:hunter2@host/x" },
    exit: 1,
    err: "REPLICA_URL must be an S3 location such as s3://bucket/prefix or https://KEY:SECRET@s3.example.com/bucket/prefix, or a folder such as file:///mnt/standby/frank, got 'ftp://***@host/x'",
  },
  { args: ["serve"], env: { REPLICA_URL: "s3://bucket/x" }, exit: 1, err: "REPLICA_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too" },
  { args: ["jobs", "frob"], exit: 2, err: "frank jobs takes no subcommand or: release" },
  { args: ["jobs"], exit: 0, out: "Held: 0 e-mails, 0 calendar writes, 0 webhooks." },
  { args: ["jobs", "release"], exit: 0, out: "Released 0 e-mails, 0 calendar writes, 0 webhooks" },
  { args: ["user", "reset-password"], exit: 2, err: "frank user reset-password needs --email E" },
  { args: ["user", "create", "--email", "nope", "--password", "short"], exit: 2, err: "Invalid email address (--email)\nPassword must be at least 8 characters (--password)" },
  { args: ["user", "create", "--email", "a@example.com"], exit: 2, err: "frank user create needs --password P" },
  // Configuration: one plain line per bad value, naming the variable and what it got.
  { args: ["serve"], env: { PORT: "abc" }, exit: 1, err: "PORT must be a number from 1 to 65535, got 'abc'" },
  { args: ["serve"], env: { PORT: "70000" }, exit: 1, err: "PORT must be a number from 1 to 65535, got '70000'" },
  { args: ["serve"], env: { SYNC_CRON: "every hour" }, exit: 1, err: "SYNC_CRON must be a 5-field cron pattern (minute hour day month weekday) such as '0 * * * *', got 'every hour'" },
  { args: ["serve"], env: { BACKUP_CRON: "61 * * * *" }, exit: 1, err: "BACKUP_CRON must be a 5-field cron pattern" },
  { args: ["serve"], env: { APP_URL: "nope" }, exit: 1, err: "APP_URL must be a full URL such as https://hire.example.com, got 'nope'" },
  { args: ["serve"], env: { APP_SECRET: "short" }, exit: 1, err: "APP_SECRET must be at least 32 characters (for example the output of: openssl rand -base64 48), got a value of 5 characters" },
  { args: ["serve"], env: { APP_SECRET: "" }, exit: 1, err: "APP_SECRET must be set outside demo mode" },
  { args: ["serve"], env: { LOG_LEVEL: "loud" }, exit: 1, err: "LOG_LEVEL must be one of debug, info, warn, error, silent, got 'loud'" },
  { args: ["serve"], env: { BACKUP_KEEP: "0" }, exit: 1, err: "BACKUP_KEEP must be a whole number of at least 1, got '0'" },
  { args: ["serve"], env: { VISITOR_CLICKS_PER_IP: "abc" }, exit: 1, err: "VISITOR_CLICKS_PER_IP must be a whole number of at least 1, got 'abc'" },
  { args: ["backup"], env: { BACKUP_S3_URL: "https://bucket/x" }, exit: 1, err: "BACKUP_S3_URL must be an S3 location such as s3://bucket/prefix, got 'https://bucket/x'" },
  { args: ["backup"], env: { BACKUP_S3_URL: "s3://bucket/x" }, exit: 1, err: "BACKUP_S3_URL is set, so S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set too" },
  {
    args: ["migrate"],
    env: { DATABASE_PATH: join(dir, "a-file", "frank.db") },
    exit: 1,
    err: `Cannot open the database at ${join(dir, "a-file", "frank.db")}: ${join(dir, "a-file")} is not a folder`,
  },
  { args: ["migrate"], exit: 0, out: "Database is up to date." },
  { args: ["healthcheck"], env: { PORT: "9" }, exit: 1, err: "unhealthy: http://127.0.0.1:9/healthz" },
  { args: ["healthcheck"], env: { PORT: "x" }, exit: 1, err: "PORT must be a number from 1 to 65535, got 'x'" },
  // Without PORT, a local APP_URL's port is the server's, so healthcheck probes it; a public one says nothing.
  { args: ["healthcheck"], env: { PORT: "", APP_URL: "http://localhost:9" }, exit: 1, err: "unhealthy: http://127.0.0.1:9/healthz" },
  { args: ["healthcheck"], env: { PORT: "", APP_URL: "https://hire.example.com:9" }, exit: 1, err: "unhealthy: http://127.0.0.1:3000/healthz" },
];

writeFileSync(join(dir, "a-file"), "not a folder");

describe("frank <verb>: exit codes and messages", () => {
  for (const row of table) {
    const name = `frank ${row.args.join(" ")}${
      row.env
        ? ` (${Object.entries(row.env)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")})`
        : ""
    } → ${row.exit}`;
    test(name, async () => {
      const r = await run(row.args, row.env);
      expect(r.exitCode).toBe(row.exit);
      const check = (text: string, want: string | RegExp | undefined) => {
        if (want === undefined) return;
        if (typeof want === "string") expect(text).toContain(want);
        else expect(text).toMatch(want);
      };
      check(r.stdout, row.out);
      check(r.stderr, row.err);
      // Help and version go to stdout; errors to stderr, never a stack trace.
      if (row.exit === 0) expect(r.stderr).toBe("");
      expect(r.stderr).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    });
  }
});

test("a bad cron pattern stops serve --demo before the database is made or the demo seeded", async () => {
  const path = join(dir, "never.db");
  const r = await run(["serve", "--demo"], { DATABASE_PATH: path, APP_SECRET: "", SYNC_CRON: "0 25 * * *" });
  expect(r.exitCode).toBe(1);
  expect(r.stderr.trim()).toBe("SYNC_CRON must be a 5-field cron pattern (minute hour day month weekday) such as '0 * * * *', got '0 25 * * *'");
  expect(existsSync(path)).toBe(false);
  expect(existsSync(join(dir, ".app-secret"))).toBe(false);
});

test("several bad values: one line each", async () => {
  const r = await run(["serve"], { PORT: "not-a-port", APP_SECRET: "", APP_URL: "nope" });
  expect(r.exitCode).toBe(1);
  const lines = r.stderr.trim().split("\n");
  expect(lines).toEqual(["PORT must be a number from 1 to 65535, got 'not-a-port'", "APP_URL must be a full URL such as https://hire.example.com, got 'nope'"]);
});

describe("frank user", () => {
  const env = { DATABASE_PATH: join(dir, "users.db") };
  const account = () => {
    const deps = createDeps(loadConfig({ ...env, APP_SECRET: SECRET }), { quiet: true });
    const user = findUserByEmail(deps, "lin@example.com");
    deps.db.$client.close();
    return user;
  };

  test("create, list, reset-password, delete", async () => {
    const created = await run(["user", "create", "--email", "Lin@Example.com", "--password", "long-enough-pw", "--name", "Lin"], env);
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toContain("Created lin@example.com");
    const user = account()!;
    expect(user.name).toBe("Lin");
    expect(user.password).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
    expect(await verifyPassword("long-enough-pw", user.password)).toBe(true);

    const dup = await run(["user", "create", "--email", "lin@example.com", "--password", "long-enough-pw"], env);
    expect(dup.exitCode).toBe(1);
    expect(dup.stderr).toContain("already exists");
    expect((await run(["user", "create", "--email", "ann@example.com", "--password", "long-enough-pw", "--name", "Ann"], env)).exitCode).toBe(0);

    const list = await run(["user", "list"], env);
    expect(list.exitCode).toBe(0);
    const lines = list.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+EMAIL\s+NAME\s+WORKSPACE\s+CREATED$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[1])).toEqual(["lin@example.com", "ann@example.com"]);
    const json = JSON.parse((await run(["user", "list", "--json"], env)).stdout);
    expect(json.map((u: { email: string; name: string }) => `${u.email} ${u.name}`)).toEqual(["lin@example.com Lin", "ann@example.com Ann"]);

    const reset = await run(["user", "reset-password", "--email", "lin@example.com"], env);
    expect(reset.exitCode).toBe(0);
    const generated = /New password: (\S+)/.exec(reset.stdout)![1]!;
    expect(generated.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword(generated, account()!.password)).toBe(true);
    expect((await run(["user", "reset-password", "lin@example.com", "--password", "chosen-password"], env)).exitCode).toBe(0);
    expect(await verifyPassword("chosen-password", account()!.password)).toBe(true);

    const nobody = await run(["user", "reset-password", "--email", "nobody@example.com"], env);
    expect(nobody.exitCode).toBe(1);
    expect(nobody.stderr.trim()).toBe("No account with the e-mail nobody@example.com");

    const del = await run(["user", "delete", "--email", "lin@example.com"], env);
    expect(del.exitCode).toBe(0);
    expect(del.stdout).toContain("Deleted lin@example.com and its workspace");
    expect(account()).toBeUndefined();
    expect((await run(["user", "delete", "lin@example.com"], env)).exitCode).toBe(1);
  });
});

test("healthcheck exits 0 when the local server answers /healthz; a second serve on the port is refused", async () => {
  const port = 3700 + Math.floor(Math.random() * 200);
  const env = { DATABASE_PATH: join(dir, "health.db"), PORT: String(port) };
  const server = Bun.spawn([...frank, "serve"], { env: { ...process.env, ...base, ...env }, stdout: "ignore", stderr: "ignore" });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`);
    const r = await run(["healthcheck"], env);
    expect(r.stdout).toContain(`healthy: http://127.0.0.1:${port}/healthz answered 200`);
    expect(r.exitCode).toBe(0);
    const second = await run(["serve"], { ...env, DATABASE_PATH: join(dir, "second.db") });
    expect(second.exitCode).toBe(1);
    expect(second.stderr.trim()).toBe(`Cannot listen on port ${port}: it is already in use`);
  } finally {
    server.kill();
    await server.exited;
  }
});

test("verbs other than serve --demo refuse to run without APP_SECRET (no silent demo settings)", async () => {
  const env = { DATABASE_PATH: join(dir, "nosecret.db"), APP_SECRET: "" };
  const r = await run(["user", "create", "--email", "nosecret@example.com", "--password", "long-enough-pw"], env);
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toContain("APP_SECRET");
  for (const verb of [["migrate"], ["backup"]]) {
    const v = await run(verb, env);
    expect(v.exitCode).toBe(1);
    expect(v.stderr).toContain("APP_SECRET");
  }
});

test("after serve --demo, user list and backup use the secret the server kept in the data folder; healthcheck finds the server by APP_URL", async () => {
  const demoDir = mkdtempSync(join(tmpdir(), "frank-cli-kept-"));
  const port = 20000 + Math.floor(Math.random() * 20000);
  // As `npm start` runs it: no APP_SECRET; here the port comes from APP_URL alone.
  const env = { DATABASE_PATH: join(demoDir, "frank.db"), APP_SECRET: "", PORT: "", APP_URL: `http://localhost:${port}` };
  const server = Bun.spawn([...frank, "serve", "--demo"], { env: { ...process.env, ...env }, stdout: "ignore", stderr: "ignore" });
  try {
    expect(await waitHealthy(`http://127.0.0.1:${port}`)).toBe(true);
    const health = await run(["healthcheck"], env);
    expect(health.stdout).toContain(`healthy: http://127.0.0.1:${port}/healthz answered 200`);
    expect(health.exitCode).toBe(0);
    const list = await run(["user", "list"], env);
    expect(list.stderr).not.toContain("APP_SECRET");
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain("@");
    const backup = await run(["backup"], env);
    expect(backup.stderr).not.toContain("APP_SECRET");
    expect(backup.exitCode).toBe(0);
  } finally {
    server.kill();
    await server.exited;
    rmSync(demoDir, { recursive: true, force: true });
  }
});

test("a secret in the data folder shorter than 32 characters is not used", async () => {
  const d = mkdtempSync(join(tmpdir(), "frank-cli-short-"));
  writeFileSync(join(d, ".app-secret"), "short\n");
  const r = await run(["user", "list"], { DATABASE_PATH: join(d, "frank.db"), APP_SECRET: "" });
  expect(r.exitCode).toBe(1);
  expect(r.stderr).toContain("APP_SECRET must be set outside demo mode");
  rmSync(d, { recursive: true, force: true });
});

test("serve --demo warns when HOST is not a loopback address", async () => {
  const demoDir = mkdtempSync(join(tmpdir(), "frank-cli-demo-"));
  const proc = Bun.spawn([...frank, "serve", "--demo"], {
    env: { ...process.env, DATABASE_PATH: join(demoDir, "frank.db"), APP_SECRET: "", PORT: String(20000 + Math.floor(Math.random() * 20000)), HOST: "0.0.0.0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const reader = proc.stderr.getReader();
    let text = "";
    const deadline = Date.now() + 90_000;
    while (!text.includes("Warning") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain("Warning: demo mode is listening on 0.0.0.0");
  } finally {
    proc.kill();
    await proc.exited;
    rmSync(demoDir, { recursive: true, force: true });
  }
});
