// The README's commands run on a fresh machine (issue 41 item 14): Bun is only in
// node_modules/.bin, so no line may start with a bare `bun`; the CLI runs through
// `npm run frank -- …`; and the compose snippet is compose.yaml itself.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

const root = join(import.meta.dir, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");

/** Every command a reader copies: the lines of sh blocks and the `code` cells of tables. */
function commands(): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split("\n"));
  const cells = [...readme.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]!);
  return [...blocks, ...cells].map((l) => l.trim()).filter(Boolean);
}

test("no command starts with a bare bun (it is not on a fresh machine's PATH)", () => {
  expect(commands().filter((c) => /^(\S+=\S+\s+)*bun\s/.test(c))).toEqual([]);
  expect(readme).not.toMatch(/`bun src\/main\.ts/);
});

test("the compose snippet is compose.yaml", () => {
  const snippet = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  expect(snippet.trim()).toBe(readFileSync(join(root, "compose.yaml"), "utf8").trim());
});

test("npm run -s frank -- <verb> runs the CLI from a checkout", async () => {
  const p = Bun.spawn(["npm", "run", "-s", "frank", "--", "--help"], { cwd: root, env: { ...process.env, DATABASE_PATH: join(tmpdir(), "frank-readme.db") }, stdout: "pipe", stderr: "pipe" });
  const [out, code] = await Promise.all([new Response(p.stdout).text(), p.exited]);
  expect(code).toBe(0);
  expect(out).toContain("user create");
});
