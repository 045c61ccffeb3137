import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import * as schema from "./schema";
import { migrationFiles } from "../migrations.gen";
import { prepareDatabaseFile } from "./startup";

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database };

/**
 * Opens the SQLite file with the pragmas the app relies on (WAL, foreign keys). The folder
 * and file are checked and created private first (src/db/startup.ts). busy_timeout is how
 * long SQLite itself sleeps for another process's write lock: long for the CLI and start-up,
 * 0 while serving (src/db/busy.ts waits without blocking the event loop).
 */
export function openDatabase(path: string, opts: { busyTimeoutMs?: number } = {}): DB {
  if (path !== ":memory:") prepareDatabaseFile(path);
  const sqlite = new Database(path, { create: true });
  sqlite.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(opts.busyTimeoutMs ?? 5000))};`);
  sqlite.exec("PRAGMA journal_mode = WAL;");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  sqlite.exec("PRAGMA synchronous = NORMAL;");
  // Deleted rows and freed pages are overwritten with zeros, from the first delete on: an erased
  // candidate's bytes must not stay in free pages of the file or its backups (decision 0030).
  sqlite.exec("PRAGMA secure_delete = ON;");
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
