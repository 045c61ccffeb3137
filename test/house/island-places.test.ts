// An island lives in the folder of the feature whose pages mount it (or in src/ui/islands/ for the
// page frame's), never again in a top-level islands/ folder, and its file name, which is the name
// pages give <Island>, hydration reads from data-island and the built table maps to a script, is
// unique: two files of one name would build one of them and hydrate the other's markup with it.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";
import { duplicateIslands, findIslands, ISLAND_GLOBS, islandsByName, strayIslands } from "../../scripts/island-files";

const ROOT = resolve(import.meta.dir, "../..");

describe("where the islands are", () => {
  test("no file is in a top-level islands/ folder", () => {
    expect(strayIslands(ROOT)).toEqual([]);
  });

  test("every island's name is unique", () => {
    const files = ISLAND_GLOBS.flatMap((g) => [...new Glob(g).scanSync(ROOT)]);
    expect(files.length).toBeGreaterThan(20);
    expect(duplicateIslands(islandsByName(files))).toEqual([]);
    expect(findIslands(ROOT).size).toBe(islandsByName(files).size);
  });

  test("the check sees two islands of one name", () => {
    const byName = islandsByName(["src/features/a/islands/x-y.tsx", "src/ui/islands/x-y.tsx", "src/features/b/islands/z.tsx", "src/features/b/islands/z.test.tsx"]);
    expect(duplicateIslands(byName)).toEqual(["x-y: src/features/a/islands/x-y.tsx, src/ui/islands/x-y.tsx"]);
  });
});
