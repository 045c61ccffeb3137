// A migrations folder cut at one migration, for tests of a data-moving migration: migrate to just
// before it, write rows the old way, then migrate through it and look at where they went.
import { afterAll, expect } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { migrationFiles } from "../../src/migrations.gen";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The embedded migrations up to `tag` (`withIt`: including it) as a folder drizzle's migrator reads. */
export function migrationsUpTo(tag: string, withIt: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), "frank-migrations-"));
  dirs.push(dir);
  mkdirSync(join(dir, "meta"));
  const journal = JSON.parse(migrationFiles["meta/_journal.json"]!) as { entries: { tag: string; idx: number }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, withIt ? cut + 1 : cut);
  writeFileSync(join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const e of entries) writeFileSync(join(dir, `${e.tag}.sql`), migrationFiles[`${e.tag}.sql`]!);
  return dir;
}
