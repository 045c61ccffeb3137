import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { TablesRelationalConfig } from "drizzle-orm";
import type { MigrationMeta } from "drizzle-orm/migrator";
import type { SQLiteSession, SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { createHash } from "node:crypto";
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

let embedded: MigrationMeta[] | null = null;

/**
 * The embedded migrations as drizzle's migrator reads them from a folder (its
 * readMigrationFiles): each file's statements split at the breakpoints, the journal's time, and
 * the file's hash. The migrator compares the time with the newest migration applied.
 */
function embeddedMigrations(): MigrationMeta[] {
  if (embedded) return embedded;
  const journal = JSON.parse(migrationFiles["meta/_journal.json"]!) as { entries: { tag: string; when: number; breakpoints: boolean }[] };
  embedded = journal.entries.map((entry) => {
    const query = migrationFiles[`${entry.tag}.sql`];
    if (query === undefined) throw new Error(`migration ${entry.tag}.sql is not embedded`);
    return { sql: query.split("--> statement-breakpoint"), bps: entry.breakpoints, folderMillis: entry.when, hash: createHash("sha256").update(query).digest("hex") };
  });
  return embedded;
}

/**
 * Applies the migrations embedded in the build, as drizzle's `migrate` does (the dialect's
 * migrate, in one transaction) but from memory: its migrator reads a folder, which a compiled
 * binary has none of, and writing the files to a temporary folder and reading them back cost
 * each start (and each test app) about 6 ms of file work.
 */
export function migrateDatabase(db: DB): void {
  // The two fields drizzle's own migrator uses (marked internal in its types).
  const { dialect, session } = db as unknown as { dialect: SQLiteSyncDialect; session: SQLiteSession<"sync", unknown, Record<string, unknown>, TablesRelationalConfig> };
  dialect.migrate(embeddedMigrations(), session, { migrationsFolder: "" });
}
