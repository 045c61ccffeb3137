// A migrations folder cut at one migration, for tests of a data-moving migration: migrate to just
// before it, write rows the old way, then migrate through it and look at where they went.
import { expect } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { migrationFiles } from "../../src/migrations.gen";

/**
 * The embedded migrations up to `tag` (`withIt`: including it) as a folder drizzle's migrator
 * reads. The folder is named after what it holds and kept in the temporary folder for the next
 * run (bun test runs no exit handlers, and an afterAll here would serve only the first file).
 */
export function migrationsUpTo(tag: string, withIt: boolean): string {
  const journal = JSON.parse(migrationFiles["meta/_journal.json"]!) as { entries: { tag: string; idx: number }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, withIt ? cut + 1 : cut);
  const files: Record<string, string> = { "meta/_journal.json": JSON.stringify({ ...journal, entries }) };
  for (const e of entries) files[`${e.tag}.sql`] = migrationFiles[`${e.tag}.sql`]!;
  const hash = createHash("sha256").update(JSON.stringify(files)).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), `frank-migrations-${hash}`);
  if (existsSync(dir)) return dir;
  // Written under a name of its own and renamed into place: two test processes may race here.
  const building = mkdtempSync(join(tmpdir(), "frank-migrations-building-"));
  mkdirSync(join(building, "meta"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(building, name), text);
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // the other process's folder is the same
  }
  return dir;
}
