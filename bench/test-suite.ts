// `npm test` wall time, as CI meets it: a clean clone of HEAD, `npm ci`, then `npm test` run
// N times in a row (default 5). Prints each run's wall time, its closing "N passed, N failed"
// line, the CPU-seconds it used (both cores, the whole machine) and each suite's own time, then
// the spread; exits 1 if the runs disagree or any failed. The machine's speed moves during a day:
// the CPU-seconds tell a slower suite from a slower machine.
//   bun bench/test-suite.ts [runs]
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { machineBusySeconds } from "../scripts/machine-busy";

const runs = Number(process.argv[2] ?? 5);
const dir = mkdtempSync(join(tmpdir(), "frank-suite-bench-"));
// Readable by others like a checkout: the start-up tests run the CLI as user nobody from it.
chmodSync(dir, 0o755);
const sh = (cmd: string[], cwd: string) => {
  const r = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, CI: "true" } });
  if (r.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed:\n${r.stderr.toString()}`);
  return r.stdout.toString();
};

try {
  const head = sh(["git", "rev-parse", "--short", "HEAD"], process.cwd()).trim();
  sh(["git", "clone", "--quiet", process.cwd(), dir], process.cwd());
  const install = performance.now();
  sh(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"], dir);
  console.log(`clean clone of ${head}; npm ci ${((performance.now() - install) / 1000).toFixed(1)} s; ${navigator.hardwareConcurrency} cores`);
  console.log("run  wall      CPU     result                    suites");
  const walls: number[] = [];
  const results = new Set<string>();
  for (let i = 1; i <= runs; i++) {
    const busy = machineBusySeconds();
    const start = performance.now();
    const r = Bun.spawnSync(["npm", "test"], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    const wall = (performance.now() - start) / 1000;
    const cpu = busy === null ? "" : `${(machineBusySeconds()! - busy).toFixed(0)} s`;
    const out = r.stdout.toString() + r.stderr.toString();
    const result = out.match(/^(\d+ passed, \d+ failed)$/m)?.[1] ?? `no result (exit ${r.exitCode})`;
    const suites = [...out.matchAll(/^=== (.+) \((\d+\.\d) s\) ===$/gm)].map((m) => `${m[1]} ${m[2]} s`).join("; ");
    walls.push(wall);
    results.add(result);
    console.log(`${String(i).padEnd(4)} ${wall.toFixed(1).padStart(6)} s  ${cpu.padStart(6)}  ${result.padEnd(24)}  ${suites}`);
    // What failed, by name, and the first lines of each error: the clone and its logs are gone
    // when the bench ends.
    const lines = out.split("\n");
    for (const line of lines.filter((l) => /^\s*(✘|\(fail\))/.test(l))) console.log(`       ${line.trim()}`);
    if (r.exitCode !== 0) {
      lines.forEach((l, at) => {
        if (/^\s*(Error|error):/.test(l)) for (const e of lines.slice(at, at + 12).filter((x) => x.trim())) console.log(`         ${e.trim().slice(0, 160)}`);
      });
    }
  }
  const sorted = [...walls].sort((a, b) => a - b);
  console.log(`wall: min ${sorted[0]!.toFixed(1)} s, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} s, max ${sorted.at(-1)!.toFixed(1)} s over ${runs} runs`);
  console.log(results.size === 1 ? `the same result every run: ${[...results][0]}` : `results differ: ${[...results].join(" | ")}`);
  // Not process.exit: it would end the process before the clone below is removed.
  process.exitCode = results.size === 1 && [...results][0]!.endsWith(" 0 failed") ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
