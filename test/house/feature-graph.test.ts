// The house rule "no import cycle between features" (DESIGN.md, decision 0029), checked two ways:
// file to file by oxlint's import/no-cycle over src/features (.oxlintrc.json, the lint step of
// `npm test`), and here the graph of features themselves (folder to folder), which a file-level
// check misses: a.ts → b/x.ts and b/y.ts → a/z.ts is no file cycle, but the features need each other.
import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { featureCycles, featureGraph, importedPaths } from "./feature-graph";

const ROOT = resolve(import.meta.dir, "../..");

describe("feature graph", () => {
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
