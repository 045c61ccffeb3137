// Where the islands are. An island lives in the folder of the feature whose pages mount it,
// src/features/<feature>/islands/<name>.tsx, or in src/ui/islands/<name>.tsx when it is a part
// of the page frame (the command palette, the account dialog). Its file name is its public name:
// the name a page gives <Island>, the data-island attribute hydration reads, and the key of the
// built bundle's table, so a name must be unique over all those folders.
import { Glob } from "bun";
import { existsSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";

export const ISLAND_GLOBS = ["src/features/*/islands/*.tsx", "src/ui/islands/*.tsx"];

/** Island name → the files of that name (more than one is an error the callers report). */
export function islandsByName(files: string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    if (file.endsWith(".test.tsx")) continue;
    const name = basename(file, ".tsx");
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return byName;
}

/** The names given to more than one file, each with its files. */
export function duplicateIslands(byName: Map<string, string[]>): string[] {
  return [...byName].filter(([, files]) => files.length > 1).map(([name, files]) => `${name}: ${[...files].sort().join(", ")}`);
}

/** The files left in a top-level islands/ folder, the place islands had before they moved to their features. */
export function strayIslands(root: string): string[] {
  const dir = join(root, "islands");
  return existsSync(dir) ? readdirSync(dir).map((f) => `islands/${f}`) : [];
}

/** Island name → its absolute path; throws when two islands share a name or a top-level islands/ has files. */
export function findIslands(root: string): Map<string, string> {
  const stray = strayIslands(root);
  if (stray.length) throw new Error(`islands belong to a feature (src/features/<feature>/islands/) or to src/ui/islands/, not to: ${stray.join(", ")}`);
  const files = ISLAND_GLOBS.flatMap((g) => [...new Glob(g).scanSync(root)]);
  const byName = islandsByName(files);
  const dups = duplicateIslands(byName);
  if (dups.length) throw new Error(`two islands share a name (the name is what pages and hydration use): ${dups.join("; ")}`);
  return new Map([...byName].map(([name, [file]]) => [name, join(root, file!)]));
}
