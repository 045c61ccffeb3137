// Playwright's output under `npm test`: one line for each test file as its last test ends, the
// name of a file still running after two minutes, and each failure's error at the end.
import { relative } from "node:path";
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";

const NOTE_AFTER_MS = 120_000;

interface FileState {
  total: number;
  ended: number;
  passed: number;
  failed: number;
  skipped: number;
  since: number | null;
  noted: boolean;
}

export default class FileReporter implements Reporter {
  private readonly files = new Map<string, FileState>();
  private readonly failures: { test: TestCase; result: TestResult }[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  printsToStdio(): boolean {
    return true;
  }

  onBegin(_config: FullConfig, suite: Suite): void {
    for (const test of suite.allTests()) this.fileOf(test).total += 1;
    console.log(`Running ${suite.allTests().length} browser tests in ${this.files.size} files`);
    this.timer = setInterval(() => this.noteLongFiles(), 5000);
    this.timer.unref();
  }

  onTestBegin(test: TestCase): void {
    this.fileOf(test).since ??= performance.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    // A test is reported once per try; only its last try counts (retries are off: one try).
    if (result.retry < test.retries && result.status !== "passed" && result.status !== "skipped") return;
    const f = this.fileOf(test);
    f.ended += 1;
    const outcome = test.outcome();
    if (outcome === "skipped") f.skipped += 1;
    else if (outcome === "expected") f.passed += 1;
    else {
      f.failed += 1;
      this.failures.push({ test, result });
    }
    if (f.ended === f.total) this.report(test.location.file, f);
  }

  onEnd(result: FullResult): void {
    if (this.timer) clearInterval(this.timer);
    // Files cut short (the run's time limit, a failed start): what ran of them.
    for (const [file, f] of this.files) if (f.ended < f.total) this.report(file, f);
    for (const { test, result: r } of this.failures) {
      console.log(`\n✘ ${relative(process.cwd(), test.location.file)}:${test.location.line} › ${test.titlePath().slice(3).join(" › ")} (${r.status})`);
      for (const e of r.errors) console.log(indent(e.stack ?? e.message ?? String(e.value)));
    }
    if (result.status !== "passed") console.log(`\nbrowser tests: ${result.status}`);
  }

  private fileOf(test: TestCase): FileState {
    const file = test.location.file;
    let f = this.files.get(file);
    if (!f) this.files.set(file, (f = { total: 0, ended: 0, passed: 0, failed: 0, skipped: 0, since: null, noted: false }));
    return f;
  }

  private report(file: string, f: FileState): void {
    const parts = [`${f.passed} passed`];
    if (f.failed) parts.push(`${f.failed} failed`);
    if (f.skipped) parts.push(`${f.skipped} skipped`);
    if (f.ended < f.total) parts.push(`${f.total - f.ended} not run`);
    const took = f.since === null ? "" : ` (${((performance.now() - f.since) / 1000).toFixed(1)} s)`;
    console.log(`browser  ${relative(process.cwd(), file)}: ${parts.join(", ")}${took}`);
  }

  private noteLongFiles(): void {
    const now = performance.now();
    for (const [file, f] of this.files) {
      if (f.noted || f.since === null || f.ended === f.total || now - f.since < NOTE_AFTER_MS) continue;
      f.noted = true;
      console.log(`still running after ${NOTE_AFTER_MS / 1000} s: ${relative(process.cwd(), file)} (browser tests)`);
    }
  }
}

const indent = (text: string) =>
  text
    .split("\n")
    .slice(0, 20)
    .map((l) => `    ${l}`)
    .join("\n");
