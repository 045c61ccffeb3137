// How much a reader opens to follow one operation: the files of src/ reachable by imports from
// the file where it starts (tests, pages and islands left out: a reader follows the logic), with
// their folders and lines. Run it on two commits to compare:
//   bun scripts/files-followed.ts src/features/scheduling/booking.ts [more entry files…]
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { importedPaths } from "../test/house/feature-graph";

const ROOT = resolve(import.meta.dir, "..");

function resolveImport(from: string, path: string): string | null {
  const base = resolve(dirname(from), path);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

const leftOut = (file: string) => /\.test\.tsx?$|\/pages\/|\/emails\/|\.gen\.ts$|\/schema(\.ts|\/)/.test(file);

export function followed(entry: string): { files: string[]; folders: number; lines: number } {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || leftOut(file) || !file.startsWith(`${ROOT}/src/`)) continue;
    seen.add(file);
    for (const path of importedPaths(readFileSync(file, "utf8"))) {
      if (!path.startsWith(".")) continue;
      const next = resolveImport(file, path);
      if (next) queue.push(next);
    }
  }
  const files = [...seen].map((f) => relative(ROOT, f)).sort();
  return { files, folders: new Set(files.map((f) => dirname(f))).size, lines: files.reduce((n, f) => n + readFileSync(resolve(ROOT, f), "utf8").split("\n").length, 0) };
}

if (import.meta.main) {
  for (const entry of process.argv.slice(2)) {
    const r = followed(entry);
    console.log(`${entry}: ${r.files.length} files in ${r.folders} folders, ${r.lines} lines`);
    if (process.env.LIST) for (const f of r.files) console.log(`  ${f}`);
  }
}
