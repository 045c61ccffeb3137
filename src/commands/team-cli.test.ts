// `frank user create --workspace ID --role R` and `frank workspace list`, run as a user would.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { loadConfig } from "../config/env";
import { createDeps } from "../bootstrap";
import { findUserByEmail } from "../features/auth/service";
import { frankCommand } from "../../test/kits/frank-command";

const frank = await frankCommand();

const dir = mkdtempSync(join(tmpdir(), "frank-team-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { DATABASE_PATH: join(dir, "team.db"), APP_SECRET: "cli-secret-cli-secret-cli-secret-cli-00" };

async function run(args: string[]) {
  const p = Bun.spawn([...frank, ...args], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { stdout, stderr, exitCode };
}

test("user create --workspace --role adds a member; workspace list shows owner and members", async () => {
  const owner = await run(["user", "create", "--email", "boss@agency.example", "--password", "long-enough-pw", "--name", "Boss"]);
  expect(owner.exitCode).toBe(0);
  const ws = /workspace (\d+), owner/.exec(owner.stdout)![1]!;
  const rec = await run(["user", "create", "--email", "rec@agency.example", "--password", "long-enough-pw", "--workspace", ws, "--role", "recruiter"]);
  expect(rec.exitCode).toBe(0);
  expect(rec.stdout).toContain(`workspace ${ws}, recruiter`);
  const adm = await run(["user", "create", "--email", "adm@agency.example", "--password", "long-enough-pw", "--workspace", ws, "--role", "admin"]);
  expect(adm.exitCode).toBe(0);

  expect((await run(["user", "create", "--email", "x@agency.example", "--password", "long-enough-pw", "--workspace", "999"])).stderr).toContain("Workspace 999 not found");
  const badRole = await run(["user", "create", "--email", "y@agency.example", "--password", "long-enough-pw", "--workspace", ws, "--role", "boss"]);
  expect(badRole.exitCode).toBe(2);
  expect(badRole.stderr).toContain("--role must be one of: owner, admin, recruiter");
  expect((await run(["user", "create", "--email", "z@agency.example", "--password", "long-enough-pw", "--role", "admin"])).exitCode).toBe(2);

  const deps = createDeps(loadConfig(env), { quiet: true });
  expect(findUserByEmail(deps, "rec@agency.example")).toMatchObject({ workspaceId: Number(ws), role: "recruiter" });
  expect(findUserByEmail(deps, "boss@agency.example")?.role).toBe("owner");
  deps.db.$client.close();

  const list = await run(["workspace", "list"]);
  expect(list.exitCode).toBe(0);
  const lines = list.stdout.trim().split("\n");
  expect(lines[0]).toMatch(/^ID\s+NAME\s+OWNER\s+MEMBERS\s+CREATED$/);
  expect(lines[1]).toContain("boss@agency.example");
  const json = JSON.parse((await run(["workspace", "list", "--json"])).stdout) as { id: number; owner: string; members: number }[];
  expect(json).toHaveLength(1);
  expect(json[0]).toMatchObject({ id: Number(ws), owner: "boss@agency.example", members: 3 });
  expect((await run(["help", "workspace"])).stdout).toContain("Usage: frank workspace list");
});
