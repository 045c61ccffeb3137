// `npm test`: builds the client assets, then runs the type check (tsc), bun's unit and API tests
// and the Playwright browser tests side by side, prints its time and the machine's CPU-seconds, and
// ends with one plain line "N passed, N failed" over all suites.
//
// The three suites share nothing but the built assets: the unit tests use temporary databases
// and free ports, the browser tests their own server and database (E2E_PORT, E2E_DB). Running
// them together keeps both cores busy while a browser test waits on a page or a timer. Each
// suite's output is printed whole when it ends, so the log reads one suite at a time.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../package.json";
import { machineBusySeconds } from "./machine-busy";

const started = performance.now();
const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

const busyAtStart = machineBusySeconds();

// `npm run build:assets`, run as npm runs it (a shell, node_modules/.bin first on PATH) without
// npm's own start in front of it.
const build = Bun.spawnSync(["sh", "-c", pkg.scripts["build:assets"]], {
  stdout: "inherit",
  stderr: "inherit",
  env: { ...process.env, PATH: `${process.cwd()}/node_modules/.bin:${process.env.PATH ?? ""}` },
});
if (build.exitCode !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

interface Suite {
  name: string;
  exitCode: number;
  output: string;
  took: string;
}

async function run(name: string, cmd: string[], env: Record<string, string> = {}): Promise<Suite> {
  const from = performance.now();
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [out, err, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { name, exitCode, output: out + err, took: seconds(from) };
}

const args = process.argv.slice(2);
const withE2e = !args.includes("--no-e2e");
const unitArgs = args.filter((a) => !a.startsWith("--e2e") && a !== "--no-e2e");
const report = "data/playwright-report.json";

// The browser tests take longest and wait on pages and timers between bursts of work: the other
// suites run at a lower priority, in those gaps, rather than beside them at every moment.
const background = existsSync("/usr/bin/nice") ? ["/usr/bin/nice", "-n", "10"] : [];
// Shared memory, where there is some: the temporary folder of files that live a run or less.
const memoryDir = existsSync("/dev/shm") ? "/dev/shm" : null;

// The type check's incremental record: tsc keeps each file's hash and its diagnostics, and checks
// again only what changed and what depends on it, with the same answer as a whole check (about
// 1.3 CPU-seconds instead of 5 when nothing changed). The record names files relative to
// itself, so it is kept inside the checkout (data/) and copied to and from the temporary folder:
// a fresh clone of the same sources then starts from it too.
const typecheckRecord = "data/typecheck.tsbuildinfo";
const typecheckShared = join(memoryDir ?? tmpdir(), "frank-typecheck.tsbuildinfo");
mkdirSync("data", { recursive: true });
// Sharing only saves time: a record another user's run left (or may not be replaced) is skipped.
const shareRecord = (copy: () => void) => {
  try {
    copy();
  } catch {}
};
if (!existsSync(typecheckRecord) && existsSync(typecheckShared)) shareRecord(() => copyFileSync(typecheckShared, typecheckRecord));

const suites: Promise<Suite>[] = [
  // One checker thread: the other suites keep both cores busy, and tsc's parallel checkers
  // nearly double its CPU time for the same answer. tsc is a Go program that lives a few seconds:
  // its collector runs at a quarter of Go's default pace (GOGC=400), which takes about a sixth of
  // its CPU off (5.4 to 4.5 CPU-seconds) for 10% more memory at the peak (about 1 GB).
  run("type check", [...background, "./node_modules/.bin/tsc", "--noEmit", "-p", ".", "--singleThreaded", "--incremental", "--tsBuildInfoFile", typecheckRecord], { GOGC: "400" }).then((suite) => {
    // Shared under a name of its own, then renamed into place: another checkout may be copying it.
    if (existsSync(typecheckRecord)) {
      const copy = `${typecheckShared}.${process.pid}`;
      shareRecord(() => {
        copyFileSync(typecheckRecord, copy);
        renameSync(copy, typecheckShared);
      });
      rmSync(copy, { force: true });
    }
    return suite;
  }),
];
// The unit files run in one `bun test` with two worker processes, each taking the next file
// when it finishes one, slowest first (test/timings.json, measured by
// `bun test --timings=test/timings.json --update-timings`). Two fixed halves of the files ended
// a few seconds apart, the second on files that mostly wait on a timer or a child process;
// taken this way those start early, beside the browsers, and both workers end together. Each
// worker keeps one module registry from file to file (--no-isolate), as one `bun test` process
// does: the app is loaded once per worker, not once per file.
// A test gets 20 s, not bun's 5 (bunfig.toml has no such setting): at a lower priority beside the
// browsers, a test that takes 2 s alone may take several.
const unitRun = ["--timeout=20000", ...(unitArgs.length ? unitArgs : ["--parallel=2", "--no-isolate", "--timings=test/timings.json"])];
// Their temporary databases go to memory (/dev/shm) where there is one: no disk writes for files
// that live a few seconds.
// JavaScriptCore's top optimising tier (FTL) is turned off for them and the CLI runs they start:
// each test runs its code a few times, too few to repay FTL's compiling, which cost about an
// eighth of the unit suite's CPU on two cores. Production keeps every tier.
const memoryTmp: Record<string, string> = memoryDir ? { TMPDIR: memoryDir } : {};
// Bun's allocator (mimalloc) gives freed pages back to the system a moment after they are freed,
// and the next allocation faults them in again. The Bun processes of a test run (the unit
// workers, the binaries they start, the browser tests' servers) live seconds to minutes and
// reuse what they freed: they keep it (about a fifth less system CPU in the unit suite).
const keepFreedMemory: Record<string, string> = { MIMALLOC_PURGE_DELAY: "-1" };
const unitEnv: Record<string, string> = { BUN_JSC_useFTLJIT: "0", ...keepFreedMemory, ...memoryTmp };
suites.push(run("unit and API tests", [...background, "./node_modules/.bin/bun", "test", ...unitRun], unitEnv));
if (withE2e) {
  rmSync(report, { force: true });
  // No Node compile cache for the runner and its workers: it is keyed by each module's path, so a
  // fresh clone compiles Playwright's modules and writes them out again (about 0.6 CPU-seconds
  // more per process than without it), and a warm one saved about 0.1 per process.
  suites.push(
    run("browser tests", ["./node_modules/.bin/playwright", "test"], {
      PW_JSON: report,
      E2E_DB: process.env.E2E_DB ?? "data/e2e.db",
      // A larger young generation for the runner and its workers: each Playwright call allocates
      // its protocol messages and a captured stack, and with V8's default 16 MB semi-spaces the
      // scavenges took about 2.8 CPU-seconds of a run; at 64 MB, 1.6.
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-semi-space-size=64`.trim(),
      // The unit tests' temporary folder: Frank's binary is built there once for both suites
      // (test/kits/compiled-binary.ts), by whichever asks first.
      ...keepFreedMemory,
      ...memoryTmp,
    }),
  );
}

let passed = 0;
let failed = 0;
for (const suite of await Promise.all(suites)) {
  console.log(`\n=== ${suite.name} (${suite.took}) ===`);
  process.stdout.write(suite.output);
  if (suite.name === "type check") {
    // A type error fails `npm test` like a failing test.
    if (suite.exitCode === 0) passed += 1;
    else {
      console.error("Type check failed (tsc --noEmit)");
      failed += 1;
    }
  } else if (suite.name.startsWith("unit and API tests")) {
    // bun test prints its summary on stderr.
    const pass = suite.output.match(/^\s*(\d+) pass$/m);
    const fail = suite.output.match(/^\s*(\d+) fail$/m);
    passed += pass ? Number(pass[1]) : 0;
    failed += fail ? Number(fail[1]) : suite.exitCode === 0 ? 0 : 1;
    if (suite.exitCode !== 0 && fail && Number(fail[1]) === 0) failed += 1;
  } else {
    try {
      const stats = JSON.parse(readFileSync(report, "utf8")).stats;
      passed += stats.expected;
      failed += stats.unexpected + (stats.flaky ?? 0);
      if (suite.exitCode !== 0 && stats.unexpected === 0) failed += 1;
    } catch {
      failed += 1;
    }
  }
}

const busyAtEnd = machineBusySeconds();
const busy = busyAtStart === null || busyAtEnd === null ? "" : `, ${(busyAtEnd - busyAtStart).toFixed(0)} CPU-seconds on this machine`;
console.log(`\nnpm test took ${seconds(started)}${busy}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
