// The features' import graph: an edge a → b when a file of src/features/a imports (or re-exports)
// one of src/features/b, type-only imports included: a feature names what it needs in its own
// types (needs.ts), and app.ts, which is no feature, hands it over (decision 0040).
import { Glob } from "bun";
import { dirname, relative, resolve } from "node:path";

export async function featureGraph(root: string): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const file of new Glob("**/*.{ts,tsx}").scanSync(root)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const from = file.split("/")[0]!;
    if (!graph.has(from)) graph.set(from, new Set());
    const code = await Bun.file(`${root}/${file}`).text();
    for (const path of importedPaths(code)) {
      if (!path.startsWith(".")) continue;
      const rel = relative(root, resolve(dirname(`${root}/${file}`), path));
      if (rel.startsWith("..")) continue;
      const to = rel.split("/")[0]!;
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The paths a module imports or re-exports from, `import type` and `export type` included. */
export function importedPaths(code: string): string[] {
  return [...code.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']/gm)].map((m) => (m[1] ?? m[2])!);
}

/** Every cycle's features (strongly connected components of two or more), each sorted. */
export function featureCycles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
