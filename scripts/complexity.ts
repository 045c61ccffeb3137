// Lists the functions above a cyclomatic complexity (eslint's `complexity` rule, as oxlint
// implements it) under the folders given, most complex first, so the figure in a review or a
// decision can be measured again by anyone.
//   bun scripts/complexity.ts [--max=15] [--ignore=glob ...] [folder ...]      (default: src)
// Exits 1 when a function is above the limit, so a check can call it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const max = Number(args.find((a) => a.startsWith("--max="))?.slice("--max=".length) ?? 15);
const ignored = args.filter((a) => a.startsWith("--ignore=")).flatMap((a) => ["--ignore-pattern", a.slice("--ignore=".length)]);
const folders = args.filter((a) => !a.startsWith("--"));
if (!folders.length) folders.push("src");

// Only the one rule: every category off, so no other lint is counted.
const dir = mkdtempSync(join(tmpdir(), "complexity-"));
const config = join(dir, "oxlintrc.json");
const off = Object.fromEntries(["correctness", "suspicious", "pedantic", "perf", "style", "restriction", "nursery"].map((c) => [c, "off"]));
writeFileSync(config, JSON.stringify({ categories: off, rules: { "eslint/complexity": ["error", { max }] } }));

interface Diagnostic {
  message: string;
  filename: string;
  labels: { span: { line: number; column: number } }[];
}

try {
  const run = Bun.spawnSync([`${ROOT}/node_modules/.bin/oxlint`, "-c", config, "--format", "json", ...ignored, ...folders], { cwd: ROOT });
  const { diagnostics } = JSON.parse(run.stdout.toString()) as { diagnostics: Diagnostic[] };
  const found = diagnostics
    .map((d) => {
      const m = /^(.*?) has a complexity of (\d+)/.exec(d.message);
      const at = d.labels[0]?.span;
      return m ? { complexity: Number(m[2]), what: m[1]!.replace(/^(async )?function ?/, "").replace(/`/g, "") || "(anonymous)", where: `${d.filename}:${at?.line}:${at?.column}` } : null;
    })
    .filter((x) => x !== null)
    .sort((a, b) => b.complexity - a.complexity || a.where.localeCompare(b.where));
  for (const f of found) console.log(`${String(f.complexity).padStart(3)}  ${f.where}  ${f.what}`);
  console.log(`${found.length} function${found.length === 1 ? "" : "s"} above complexity ${max} in ${folders.join(", ")}`);
  process.exitCode = found.length ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
