// The house rule "no import cycle between features" (DESIGN.md, decision 0029), checked two ways:
// oxlint's import/no-cycle over src/features (file to file, resolving the TypeScript paths as
// Bun does), and the graph of features themselves (folder to folder), which a file-level check
// misses: a.ts → b/x.ts and b/y.ts → a/z.ts is no file cycle, but the features need each other.
import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { featureCycles, featureGraph, importedPaths } from "./feature-graph";

const ROOT = resolve(import.meta.dir, "../..");

describe("feature graph", () => {
  test("oxlint finds no import cycle in src/features", () => {
    const run = Bun.spawnSync([`${ROOT}/node_modules/.bin/oxlint`, "--import-plugin", "-A", "all", "-D", "import/no-cycle", "--format", "unix", "src/features"], { cwd: ROOT });
    const out = run.stdout.toString() + run.stderr.toString();
    expect(out).not.toContain("Dependency cycle");
    expect(run.exitCode).toBe(0);
  });

  test("no feature needs, through its imports, a feature that needs it", async () => {
    const graph = await featureGraph(`${ROOT}/src/features`);
    expect(graph.size).toBeGreaterThan(10);
    expect(featureCycles(graph)).toEqual([]);
  });

  test("type-only imports count as edges", () => {
    const code = 'import type { A } from "../a/x";\nimport { type B, c } from "../b/y";\nexport type { D } from "../d/z";\nimport {\n  e,\n} from "../e/w";\nimport "../f/side";';
    expect(importedPaths(code)).toEqual(["../a/x", "../b/y", "../d/z", "../e/w", "../f/side"]);
  });

  test("the check sees a cycle when there is one", () => {
    const g = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(featureCycles(g)).toEqual([["a", "b", "c"]]);
  });
});
