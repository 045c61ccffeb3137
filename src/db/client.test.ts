// migrateDatabase applies the embedded migrations from memory, as drizzle's migrator applies the
// same files from a folder: the same rows in its table, and each picks up where the other stopped.
import { expect, test } from "bun:test";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { createHash } from "node:crypto";
import { migrationFiles } from "../migrations.gen";
import { migrationsUpTo } from "../../test/kits/migrations-up-to";
import { migrateDatabase, openDatabase, type DB } from "./client";

const journal = JSON.parse(migrationFiles["meta/_journal.json"]!) as { entries: { tag: string; when: number }[] };
const applied = (db: DB) => db.$client.query("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id").all() as { hash: string; created_at: number }[];
const tables = (db: DB) => db.$client.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();

test("every embedded migration is applied once, recorded with its file's hash and its journal time", () => {
  const db = openDatabase(":memory:");
  migrateDatabase(db);
  const expected = journal.entries.map((e) => ({ hash: createHash("sha256").update(migrationFiles[`${e.tag}.sql`]!).digest("hex"), created_at: e.when }));
  expect(applied(db)).toEqual(expected);
  migrateDatabase(db);
  expect(applied(db)).toEqual(expected);
});

test("the same database as drizzle's migrator from a folder, and it goes on from where that one stopped", () => {
  const last = journal.entries.at(-1)!.tag;
  const fromFolder = openDatabase(":memory:");
  migrate(fromFolder, { migrationsFolder: migrationsUpTo(last, true) });
  const fromMemory = openDatabase(":memory:");
  migrateDatabase(fromMemory);
  expect(applied(fromMemory)).toEqual(applied(fromFolder));
  expect(tables(fromMemory)).toEqual(tables(fromFolder));

  // Cut before the last migration by the folder: migrateDatabase applies only what is left.
  const partly = openDatabase(":memory:");
  migrate(partly, { migrationsFolder: migrationsUpTo(last, false) });
  expect(applied(partly)).toHaveLength(journal.entries.length - 1);
  migrateDatabase(partly);
  expect(applied(partly)).toEqual(applied(fromFolder));
  expect(tables(partly)).toEqual(tables(fromFolder));
});
