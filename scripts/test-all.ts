// `npm test`: builds the client assets, then runs the type check (tsc), the linter (oxlint), the
// formatter's check (oxfmt), bun's unit and API tests and the Playwright browser tests side by
// side. It prints one line for each test file as the file ends, names a file still running after
// two minutes (a unit file still running after ten is ended and fails), prints each suite's
// remaining output when the suite ends (failures, logs, summaries), then its time and the
// machine's CPU-seconds, and ends with one plain line "N passed, N failed" over all suites.
//
// The suites share nothing but the built assets: the unit tests use temporary databases and
// free ports, the browser tests their own server and database (E2E_PORT, E2E_DB). Running them
// together keeps both cores busy while a browser test waits on a page or a timer.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pkg from "../package.json";
import { machineBusySeconds } from "./machine-busy";
import { UnitFiles } from "./unit-files";

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

/** Calls `onLine` with each whole line of a stream as it comes; answers the whole text. */
async function follow(stream: ReadableStream<Uint8Array>, onLine?: (line: string) => void): Promise<string> {
  const decoder = new TextDecoder();
  let all = "";
  let partial = "";
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    all += text;
    if (!onLine) continue;
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onLine(line);
  }
  if (partial && onLine) onLine(partial);
  return all;
}

interface Watch {
  /** Each line of stdout as it comes; such output is not printed again at the end. */
  stdout?: (line: string) => void;
  /** Each line of stderr as it comes (it is still kept for the end). */
  stderr?: (line: string) => void;
  /** Called when the suite's process has ended, before its output is printed. */
  ended?: () => void;
  /** What of the kept output to print at the end. */
  keep?: (output: string) => string;
}

/** Runs one suite and prints its output (what was not printed as it came) when it ends. */
async function run(name: string, cmd: string[], env: Record<string, string> = {}, watch: Watch = {}): Promise<Suite> {
  const from = performance.now();
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [out, err, exitCode] = await Promise.all([follow(proc.stdout, watch.stdout), follow(proc.stderr, watch.stderr), proc.exited]);
  watch.ended?.();
  const kept = (watch.stdout ? "" : out) + err;
  const suite = { name, exitCode, output: kept, took: seconds(from) };
  console.log(`\n=== ${suite.name} (${suite.took}) ===`);
  process.stdout.write(watch.keep ? watch.keep(kept) : kept);
  return suite;
}

/** bun test's output without its passing tests (each file's line was printed as it ended). */
function withoutPasses(output: string): string {
  const lines = output.split("\n").filter((l) => !l.startsWith("(pass) "));
  const kept = lines.filter((l, i) => !(/^\S+\.test\.[cm]?[jt]sx?:$/.test(l) && !(lines[i + 1] ?? "").trim()));
  return kept.join("\n").replace(/\n{3,}/g, "\n\n");
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
  // The linter (.oxlintrc.json) and the formatter's check (.oxfmtrc.json), well under a second
  // each: a lint warning fails the run like an error, and so does a file the formatter would change.
  run("lint", ["./node_modules/.bin/oxlint", "--deny-warnings"]),
  run("format check", ["./node_modules/.bin/oxfmt", "--check"]),
];
// The unit files run in one `bun test` with two worker processes, each taking the next file
// when it finishes one, slowest first (test/timings.json, measured by
// `bun test --timings=test/timings.json --update-timings`). Two fixed halves of the files ended
// a few seconds apart, the second on files that mostly wait on a timer or a child process;
// taken this way those start early, beside the browsers, and both workers end together. Each
// worker keeps one module registry from file to file (--no-isolate), as one `bun test` process
// does: the app is loaded once per worker, not once per file.
// A test's time limit bounds a hang: 2 minutes. bun applies a limit set by the preload to the
// first file of a process only, so it is given here too. A file that runs too long is ended
// (scripts/unit-files.ts), and each file's line printed as it ends.
// Files named on the command line run the same way (a file's start and end are seen only in workers).
const unitRun = ["--timeout=120000", "--parallel=2", "--no-isolate", "--timings=test/timings.json", ...unitArgs];
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
const progress = join(memoryDir ?? tmpdir(), `frank-test-progress-${process.pid}`);
rmSync(progress, { force: true });
const unitFiles = new UnitFiles(progress, (line) => console.log(line));
suites.push(
  run(
    "unit and API tests",
    [...background, "./node_modules/.bin/bun", "test", ...unitRun],
    { ...unitEnv, FRANK_TEST_PROGRESS: progress },
    {
      stderr: (line) => unitFiles.line(line),
      ended: () => {
        unitFiles.end();
        rmSync(progress, { force: true });
      },
      keep: withoutPasses,
    },
  ),
);
if (withE2e) {
  rmSync(report, { force: true });
  // No Node compile cache for the runner and its workers: it is keyed by each module's path, so a
  // fresh clone compiles Playwright's modules and writes them out again (about 0.6 CPU-seconds
  // more per process than without it), and a warm one saved about 0.1 per process.
  suites.push(
    run(
      "browser tests",
      ["./node_modules/.bin/playwright", "test"],
      {
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
      },
      // e2e/file-reporter.ts: a line for each file as it ends, the failures at the end.
      { stdout: (line) => console.log(line) },
    ),
  );
}

let passed = 0;
let failed = 0;
const checks: Record<string, string> = {
  "type check": "Type check failed (tsc --noEmit)",
  lint: "Lint failed (oxlint; a warning counts)",
  "format check": "Format check failed: `npm run format` formats the files listed",
};
for (const suite of await Promise.all(suites)) {
  const check = checks[suite.name];
  if (check) {
    // A type error, a lint warning or an unformatted file fails `npm test` like a failing test.
    if (suite.exitCode === 0) passed += 1;
    else {
      console.error(check);
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
