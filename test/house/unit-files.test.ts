// `npm test`'s view of the unit suite (scripts/unit-files.ts): a line for each file as it ends,
// counted from bun's output, the name of a file still running, and a file that runs past its
// limit ended with the processes it started.
import { afterAll, expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { UnitFiles } from "../../scripts/unit-files";

const dir = mkdtempSync(join(tmpdir(), "frank-unit-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("each file's line as it ends; a file past its limit is named, then its worker and that worker's children are ended", async () => {
  const progress = join(dir, "progress");
  const printed: string[] = [];
  const files = new UnitFiles(progress, (line) => printed.push(line), { noteAfterS: 0.3, endAfterS: 0.8, graceMs: 50, tickMs: 50 });
  // A stand-in for a hung worker: a shell that started a child of its own.
  const worker = Bun.spawn(["sh", "-c", "sleep 60 & echo $!; wait"], { stdout: "pipe" });
  const child = Number(new TextDecoder().decode((await worker.stdout.getReader().read()).value));
  // Running, not a zombie waiting for whoever inherited it to collect its exit.
  const alive = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
    } catch {
      return false;
    }
  };
  expect(alive(child)).toBe(true);
  appendFileSync(progress, `start ${process.pid} ${resolve("src/a.test.ts")}\nstart ${worker.pid} ${resolve("src/hung.test.ts")}\n`);
  for (const line of ["", "src/a.test.ts:", "(pass) one [1.00ms]", "(fail) two [2.00ms]", "", "src/hung.test.ts:", "(pass) first [1.00ms]", "", "src/a.test.ts:", "(skip) three"]) files.line(line);
  appendFileSync(progress, `end ${process.pid} ${resolve("src/a.test.ts")}\n`);
  await Bun.sleep(200);
  expect(printed).toEqual([expect.stringMatching(/^unit {5}src\/a\.test\.ts: 1 passed, 1 failed, 1 skipped \(\d+\.\d s\)$/)]);
  expect(await Promise.race([worker.exited, Bun.sleep(2000).then(() => "still alive")])).not.toBe("still alive");
  await Bun.sleep(50);
  expect(alive(child)).toBe(false);
  // bun's closing list of failures names tests again, after the last file's header.
  for (const line of ["", "src/hung.test.ts:", "(pass) second [1.00ms]", "✗ src/hung.test.ts (worker crashed: SIGKILL)", "", "1 tests failed:", "(fail) two [2.00ms]"]) files.line(line);
  await Bun.sleep(100);
  files.end();
  expect(printed.slice(1)).toEqual([
    "still running after 0.3 s: src/hung.test.ts (unit and API tests)",
    "unit     src/hung.test.ts: still running after 0.8 s, its worker is ended (the file fails)",
    "unit     src/hung.test.ts: 2 passed, 1 failed, worker crashed: SIGKILL",
  ]);
});
