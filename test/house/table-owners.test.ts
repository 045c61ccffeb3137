// "Each table has one owning feature, which alone writes it (its schema file sits with it)"
// (DESIGN.md, one composition root). A table is declared in src/features/<owner>/schema*.ts (lib's
// task table and mail outbox in src/db/schema/), and every drizzle insert, update or delete of it
// outside tests is in a file of that feature.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";
import * as schema from "../../src/db/schema";

const ROOT = resolve(import.meta.dir, "../..");

/** Writes to a table by another than its owner, allowed by name (none today). */
const KNOWN_OTHER_WRITERS = new Set<string>();

/** Each table's export name → the feature that declares it ("lib" for src/db/schema/). */
async function tableOwners(): Promise<Map<string, string>> {
  const owners = new Map<string, string>();
  const files = [...new Glob("src/features/*/schema{,-*}.ts").scanSync(ROOT), ...new Glob("src/db/schema/*.ts").scanSync(ROOT)];
  for (const file of files) {
    const owner = file.startsWith("src/db/") ? "lib" : file.split("/")[2]!;
    for (const m of (await Bun.file(`${ROOT}/${file}`).text()).matchAll(/^export const (\w+) = sqliteTable\(/gm)) owners.set(m[1]!, owner);
  }
  return owners;
}

/** "feature writes table" for every drizzle write in a file (lib's files count as "lib"). */
export function writesIn(code: string, writer: string, tables: Set<string>): string[] {
  return [...code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)]
    .map((m) => m[2]!)
    .filter((t) => tables.has(t))
    .map((t) => `${writer} writes ${t}`);
}

describe("each table has one owner", () => {
  test("every table the schema index exports is declared in its owner's schema file", async () => {
    const owners = await tableOwners();
    const exported = Object.entries(schema)
      .filter(([, v]) => v && typeof v === "object" && Symbol.for("drizzle:IsDrizzleTable") in v)
      .map(([k]) => k);
    expect(exported.length).toBeGreaterThan(60);
    expect(exported.filter((t) => !owners.has(t))).toEqual([]);
    expect([...owners.keys()].filter((t) => !exported.includes(t))).toEqual([]);
  });

  test("only the owner writes a table", async () => {
    const owners = await tableOwners();
    const tables = new Set(owners.keys());
    const strangers = new Set<string>();
    for (const file of new Glob("src/{features,lib}/**/*.{ts,tsx}").scanSync(ROOT)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      const writer = file.startsWith("src/lib/") ? "lib" : file.split("/")[2]!;
      for (const w of writesIn(await Bun.file(`${ROOT}/${file}`).text(), writer, tables)) {
        const table = w.split(" ").at(-1)!;
        if (owners.get(table) !== writer && !KNOWN_OTHER_WRITERS.has(w)) strangers.add(`${file}: ${w} (${owners.get(table)}'s)`);
      }
    }
    expect([...strangers]).toEqual([]);
  });

  test("the check sees a write in each form", () => {
    const t = new Set(["meetings", "tasks"]);
    expect(writesIn("tx.update(meetings).set({}).run(); db.delete( tasks ).run(); m.delete(key); app.delete('/x')", "team", t)).toEqual(["team writes meetings", "team writes tasks"]);
  });
});
