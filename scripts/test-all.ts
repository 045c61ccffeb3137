// `npm test`: builds the client assets, runs the type check (tsc), bun's unit and API tests,
// then the Playwright browser tests, and ends with one plain line "N passed, N failed" over all suites.
import { mkdirSync, readFileSync, rmSync } from "node:fs";

const sh = (cmd: string[], env: Record<string, string> = {}) =>
  Bun.spawnSync(cmd, { stdout: "inherit", stderr: "pipe", env: { ...process.env, ...env } });

const build = Bun.spawnSync(["npm", "run", "build:assets"], { stdout: "inherit", stderr: "inherit" });
if (build.exitCode !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

let passed = 0;
let failed = 0;

// The type check counts as one suite: a type error fails `npm test` like a failing test.
const types = Bun.spawnSync(["./node_modules/.bin/tsc", "--noEmit", "-p", "."], { stdout: "inherit", stderr: "inherit" });
if (types.exitCode === 0) passed += 1;
else {
  console.error("Type check failed (tsc --noEmit)");
  failed += 1;
}

// bun test prints its summary on stderr.
const unit = sh(["./node_modules/.bin/bun", "test", ...process.argv.slice(2).filter((a) => !a.startsWith("--e2e"))]);
const unitErr = unit.stderr.toString();
process.stderr.write(unitErr);
const pass = unitErr.match(/^\s*(\d+) pass$/m);
const fail = unitErr.match(/^\s*(\d+) fail$/m);
passed += pass ? Number(pass[1]) : 0;
failed += fail ? Number(fail[1]) : unit.exitCode === 0 ? 0 : 1;

if (!process.argv.includes("--no-e2e")) {
  mkdirSync("data", { recursive: true });
  const report = "data/playwright-report.json";
  rmSync(report, { force: true });
  const e2e = sh(["./node_modules/.bin/playwright", "test"], { PW_JSON: report, E2E_DB: "data/e2e.db" });
  process.stderr.write(e2e.stderr.toString());
  try {
    const stats = JSON.parse(readFileSync(report, "utf8")).stats;
    passed += stats.expected + (stats.flaky ?? 0);
    failed += stats.unexpected;
    if (e2e.exitCode !== 0 && stats.unexpected === 0) failed += 1;
  } catch {
    failed += 1;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
