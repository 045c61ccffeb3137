// Follows `bun test --parallel` file by file for `npm test`: prints one line for each test file
// as it ends, names a file still running after NOTE_AFTER_S, and kills the worker process of a
// file still running after FILE_LIMIT_S (bun then reports that file as failed, "worker crashed",
// and goes on with the other files in a new worker).
//
// bun prints a file's header only with its first result, and nothing when a file ends. The test
// preload (test/preload.ts) writes "start <pid> <file>" before a file's first hook and "end <pid>
// <file>" after its last to the file named by FRANK_TEST_PROGRESS; the counts come from bun's
// own output, where a file's results follow its header (printed again when files take turns).
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";

/** A file that runs this long is named: it may be slow on a busy machine, or hanging. */
export const NOTE_AFTER_S = 120;
/**
 * A file that runs this long is ended and fails: a bound on a hang, not a measure of speed. The
 * CLI's file takes about 6 s alone, 44 s beside two busy loops, and 209 s in a whole `npm test`
 * (its workers at a lower priority than the browsers) while other work kept the machine at a load of 12.
 */
export const FILE_LIMIT_S = 600;

interface Running {
  pid: number;
  since: number;
  noted: boolean;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  crashed?: string;
}

const HEADER = /^(\S+\.(?:test|spec)\.[cm]?[jt]sx?):$/;
const RESULT = /^\((pass|fail|skip|todo)\) /;
const CRASH = /^✗ (\S+) \((.+)\)$/;
/** bun's closing lists ("9 tests failed:", then each again): no file's results follow. */
const SUMMARY = /^\d+ tests? [a-z]+:$/;

export class UnitFiles {
  private readonly running = new Map<string, Running>();
  private readonly counts = new Map<string, Counts>();
  private readonly reported = new Set<string>();
  /** Seconds from a file's start to its end. */
  private readonly took = new Map<string, number>();
  /** Files that ended, with the time their last result is surely printed by bun. */
  private readonly ending = new Map<string, number>();
  private current: string | null = null;
  private progressRead = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly progressPath: string,
    private readonly print: (line: string) => void,
    private readonly limits = { noteAfterS: NOTE_AFTER_S, endAfterS: FILE_LIMIT_S, graceMs: 1000, tickMs: 1000 },
  ) {
    this.timer = setInterval(() => this.tick(), limits.tickMs);
  }

  /** Each line of bun's stderr as it comes: headers, results and crashed workers. */
  line(line: string): void {
    const header = HEADER.exec(line);
    if (header) {
      this.current = header[1]!;
      return;
    }
    if (SUMMARY.test(line)) {
      this.current = null;
      return;
    }
    const crash = CRASH.exec(line);
    if (crash) {
      const c = this.countsOf(crash[1]!);
      c.failed += 1;
      c.crashed = crash[2]!;
      this.running.delete(crash[1]!);
      this.ending.set(crash[1]!, 0);
      return;
    }
    const result = RESULT.exec(line);
    if (!result || !this.current) return;
    const c = this.countsOf(this.current);
    if (result[1] === "pass") c.passed += 1;
    else if (result[1] === "fail") c.failed += 1;
    else c.skipped += 1;
  }

  private countsOf(file: string): Counts {
    let c = this.counts.get(file);
    if (!c) this.counts.set(file, (c = { passed: 0, failed: 0, skipped: 0 }));
    return c;
  }

  private readProgress(): void {
    if (!existsSync(this.progressPath)) return;
    const text = readFileSync(this.progressPath, "utf8");
    const fresh = text.slice(this.progressRead, text.lastIndexOf("\n") + 1);
    this.progressRead += fresh.length;
    for (const line of fresh.split("\n")) {
      const [what, pid, path] = line.split(" ", 3);
      if (!path) continue;
      const file = relative(process.cwd(), path);
      if (what === "start") this.running.set(file, { pid: Number(pid), since: performance.now(), noted: false });
      else if (what === "end") {
        const r = this.running.get(file);
        if (!r) continue;
        this.running.delete(file);
        this.took.set(file, (performance.now() - r.since) / 1000);
        this.ending.set(file, performance.now() + this.limits.graceMs);
      }
    }
  }

  private tick(): void {
    this.readProgress();
    const now = performance.now();
    for (const [file, at] of this.ending) {
      // bun prints a result a moment after the worker sends it: a second's grace before counting.
      if (at > now) continue;
      this.ending.delete(file);
      this.report(file);
    }
    for (const [file, r] of this.running) {
      const s = (now - r.since) / 1000;
      if (s >= this.limits.endAfterS) {
        this.running.delete(file);
        this.print(`unit     ${file}: still running after ${this.limits.endAfterS} s, its worker is ended (the file fails)`);
        killTree(r.pid);
      } else if (s >= this.limits.noteAfterS && !r.noted) {
        r.noted = true;
        this.print(`still running after ${this.limits.noteAfterS} s: ${file} (unit and API tests)`);
      }
    }
  }

  private report(file: string): void {
    if (this.reported.has(file)) return;
    this.reported.add(file);
    const c = this.countsOf(file);
    const parts = [`${c.passed} passed`];
    if (c.failed) parts.push(`${c.failed} failed`);
    if (c.skipped) parts.push(`${c.skipped} skipped`);
    if (c.crashed) parts.push(c.crashed);
    const took = this.took.get(file);
    this.print(`unit     ${file}: ${parts.join(", ")}${took === undefined ? "" : ` (${took.toFixed(1)} s)`}`);
  }

  /** The suite ended: the files not reported yet (a file that failed to load has no markers). */
  end(): void {
    clearInterval(this.timer);
    this.readProgress();
    for (const file of [...this.ending.keys(), ...this.counts.keys()]) this.report(file);
  }
}

/** Ends a process and every process it started (the servers and CLI runs a test spawned). */
function killTree(pid: number): void {
  const children = new Map<number, number[]>();
  try {
    for (const entry of new Bun.Glob("[0-9]*").scanSync({ cwd: "/proc", onlyFiles: false })) {
      try {
        // The parent's pid is the 2nd field after the command's closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      } catch {}
    }
  } catch {}
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  // The children first: none is left running while its parent is gone.
  for (const p of all.reverse()) {
    try {
      process.kill(p, "SIGKILL");
    } catch {}
  }
}
