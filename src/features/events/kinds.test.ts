// Every kind a service records by name is one the activity log's filter offers (kinds.ts).
import { expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";
import { ACTIVITY_KINDS } from "./kinds";

test("the activity filter lists every kind the services record", async () => {
  const root = resolve(import.meta.dir, "..");
  const found = new Set<string>();
  for (const f of new Glob("**/*.ts").scanSync(root)) {
    if (f.endsWith(".test.ts")) continue;
    const src = await Bun.file(`${root}/${f}`).text();
    for (const m of src.matchAll(/\b(?:kind|action): "([a-z_]+\.[a-z_]+)"/g)) found.add(m[1]!);
  }
  expect(found.size).toBeGreaterThan(15);
  const listed = new Set<string>(ACTIVITY_KINDS);
  expect([...found].filter((k) => !listed.has(k))).toEqual([]);
});
