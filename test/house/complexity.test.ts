// The house rule "a long operation reads as named steps" (DESIGN.md, one composition root), held
// where it has been reached: no function in src/features/scheduling above cyclomatic complexity 15,
// as oxlint's eslint/complexity counts it (scripts/complexity.ts lists them for any folder), its
// islands and their components included.
import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const complexity = (...args: string[]) => {
  const run = Bun.spawnSync([process.execPath, "scripts/complexity.ts", ...args], { cwd: ROOT });
  return { out: run.stdout.toString() + run.stderr.toString(), exitCode: run.exitCode };
};

describe("complexity", () => {
  test("no function in src/features/scheduling above 15", () => {
    const { out, exitCode } = complexity("src/features/scheduling");
    expect(out).toContain("0 functions above complexity 15 in src/features/scheduling");
    expect(exitCode).toBe(0);
  });

  test("the check names a function above the limit", () => {
    const { out, exitCode } = complexity("--max=3", "src/features/scheduling/booking/claim-offered-start.ts");
    expect(out).toMatch(/\d+ {2}src\/features\/scheduling\/booking\/claim-offered-start\.ts:\d+:\d+ {2}claimOfferedStart/);
    expect(exitCode).toBe(1);
  });
});
