import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { tmpdir } from "node:os";
import * as schema from "./schema";
import { migrationFiles } from "../migrations.gen";

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database };

/** Opens the SQLite file with the pragmas the app relies on (WAL, busy timeout, foreign keys). */
export function openDatabase(path: string): DB {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path, { create: true });
  sqlite.exec("PRAGMA journal_mode = WAL;");
  sqlite.exec("PRAGMA busy_timeout = 5000;");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  sqlite.exec("PRAGMA synchronous = NORMAL;");
  return drizzle(sqlite, { schema }) as DB;
}

/**
 * Applies the migrations embedded in the build. drizzle's migrator reads a folder,
 * and a compiled binary has none, so the embedded files are written to a temporary one.
 */
export function migrateDatabase(db: DB): void {
  const dir = mkdtempSync(join(tmpdir(), "frank-migrations-"));
  try {
    mkdirSync(join(dir, "meta"));
    for (const [name, text] of Object.entries(migrationFiles)) writeFileSync(join(dir, name), text);
    migrate(db, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
