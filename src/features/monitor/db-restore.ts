import { Database } from "bun:sqlite";
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { knownSchema } from "../../db/startup";
import { migrationFiles } from "../../migrations.gen";
import { serveLockHeld } from "../../db/serve-lock";
import { backupFolder, backupName, databaseStem } from "./db-backup";
import { snapshotTo } from "./snapshot";
import { dropArchive } from "./backup-files";
import { holdPendingWork, type HeldCounts } from "../../lib/held-tasks";

/** Why a restore was refused; the CLI prints the message and exits 1. */
export class RestoreRefused extends Error {}

// Tables every Frank database has had since its first migration.
const REQUIRED_TABLES = ["__drizzle_migrations", "workspaces", "users", "sessions"];

/**
 * Checks that `file` is a Frank database this version can run: an SQLite file that passes
 * quick_check, has Frank's tables, and no migration newer than this build knows.
 */
export function inspectFrankDatabase(file: string): { tables: number; migrations: number } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new RestoreRefused(`${file}: no such file`);
  if (!hasSqliteHeader(file)) throw new RestoreRefused(`${file}: not an SQLite database`);
  let db: Database | null = null;
  try {
    db = new Database(file, { readonly: true });
    const check = db.query<{ quick_check: string }, []>("PRAGMA quick_check").all();
    if (check.length !== 1 || check[0]!.quick_check !== "ok") throw new RestoreRefused(`${file}: the database is damaged (${check[0]?.quick_check ?? "quick_check failed"})`);
    const tables = new Set(
      db
        .query<{ name: string }, []>("select name from sqlite_master where type = 'table'")
        .all()
        .map((r) => r.name),
    );
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length) throw new RestoreRefused(`${file}: not a Frank database (missing ${missing.join(", ")})`);
    // Triggers and views run code on every write or read: only Frank's own may come in.
    const foreign = db
      .query<{ type: string; name: string; sql: string | null }, []>("select type, name, sql from sqlite_master where type in ('trigger', 'view')")
      .all()
      .filter((r) => !frankSchemaCode().has(normaliseSql(r.sql ?? "")));
    if (foreign.length) {
      throw new RestoreRefused(`${file}: holds ${foreign.map((r) => `${r.type} ${r.name}`).join(", ")} that Frank's migrations did not create; refusing to restore it`);
    }
    const applied = db.query<{ created_at: number }, []>("select created_at from __drizzle_migrations").all();
    const newest = Math.max(0, ...applied.map((r) => Number(r.created_at)));
    if (newest > newestKnownMigration()) throw new RestoreRefused(`${file}: made by a newer version of Frank; upgrade before restoring it`);
    return { tables: tables.size, migrations: applied.length };
  } catch (e) {
    if (e instanceof RestoreRefused) throw e;
    throw new RestoreRefused(`${file}: cannot be read as a database (${e instanceof Error ? e.message : String(e)})`);
  } finally {
    db?.close();
  }
}

const normaliseSql = (sql: string) => sql.replace(/\s+/g, " ").replace(/;\s*$/, "").trim().toLowerCase();

let schemaCode: Set<string> | null = null;
/** Every CREATE TRIGGER and CREATE VIEW statement of Frank's migrations, normalised. */
function frankSchemaCode(): Set<string> {
  if (schemaCode) return schemaCode;
  schemaCode = new Set();
  for (const [name, text] of Object.entries(migrationFiles)) {
    if (!name.endsWith(".sql")) continue;
    for (const part of text.split("--> statement-breakpoint")) {
      const statement = part.replace(/^\s*--.*$/gm, "").trim();
      if (/^create\s+(temp\s+|temporary\s+)?(trigger|view)\b/i.test(statement)) schemaCode.add(normaliseSql(statement));
    }
  }
  return schemaCode;
}

const newestKnownMigration = () => knownSchema().newest;

export interface RestoreResult {
  target: string;
  safetyCopy: string | null;
  migrations: number;
  /** Outgoing work that was waiting in the backup, now held until released. */
  held: HeldCounts;
}

/**
 * Replaces the database at `target` with the backup `file`, safely:
 * 1. the backup is checked, then copied next to the target with VACUUM INTO (a complete,
 *    consistent copy even if the file has a -wal beside it) and the copy is checked again;
 * 2. if a database is already there, restore takes an exclusive lock on it and refuses
 *    when it cannot (a running server holds it open), then keeps a safety copy of it in
 *    the backups folder;
 * 3. the old -wal and -shm files are removed (a stale WAL must never be replayed onto the
 *    restored file) and the copy is renamed over the target in one step;
 * 4. outgoing work that was waiting in the backup is held (the old server may have sent it
 *    after the snapshot): `frank jobs release` lets it go;
 * 5. the next start of the server migrates it to this version's schema.
 */
export function restoreDatabase(file: string, target: string, opts: { now?: Date } = {}): RestoreResult {
  const src = resolve(file);
  const dst = resolve(target);
  if (src === dst) throw new RestoreRefused("The backup is the live database itself");
  if (serveLockHeld(dst)) throw new RestoreRefused(`${dst} is in use (is Frank running?). Stop the server, then restore.`);
  inspectFrankDatabase(src);
  mkdirSync(dirname(dst), { recursive: true, mode: 0o700 });
  const incoming = `${dst}.restoring`;
  rmSync(incoming, { force: true });
  const source = new Database(src, { readonly: true });
  try {
    snapshotTo(source, incoming);
  } finally {
    source.close();
  }
  let safetyCopy: string | null = null;
  let held: HeldCounts;
  try {
    inspectFrankDatabase(incoming);
    // The files the backup carries are written to their store by the restore command; the live
    // database does not keep a second copy of them.
    dropArchive(incoming);
    const copy = new Database(incoming);
    try {
      held = holdPendingWork(copy);
    } finally {
      copy.close();
    }
    if (existsSync(dst)) safetyCopy = lockAndKeepCopy(dst, opts.now ?? new Date());
    for (const ext of ["-wal", "-shm"]) rmSync(dst + ext, { force: true });
    renameSync(incoming, dst);
  } finally {
    rmSync(incoming, { force: true });
  }
  // The schema is brought up to date by the next start (serve and migrate apply migrations).
  return { target: dst, safetyCopy, migrations: inspectFrankDatabase(dst).migrations, held };
}

/**
 * Exclusive lock on the current database (refused while another process has it open), then a
 * safety copy of it. A file that is not SQLite at all is moved aside instead.
 */
function lockAndKeepCopy(dst: string, now: Date): string {
  const dir = backupFolder(dirname(dst));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const copy = join(dir, backupName(now, `${databaseStem(dst)}-pre-restore`));
  if (!hasSqliteHeader(dst)) {
    keepRaw(dst, `${copy}.unreadable`);
    return `${copy}.unreadable`;
  }
  const db = new Database(dst);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    try {
      db.exec("PRAGMA locking_mode = EXCLUSIVE");
      db.exec("BEGIN EXCLUSIVE");
      db.exec("COMMIT");
    } catch (e) {
      const code = String((e as { code?: string }).code ?? "");
      if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) {
        throw new RestoreRefused(`${dst} is in use (is Frank running?). Stop the server, then restore.`);
      }
      // Damaged beyond opening: keep the raw file, which is what restore is for.
      db.close();
      keepRaw(dst, `${copy}.unreadable`);
      return `${copy}.unreadable`;
    }
    snapshotTo(db, copy);
    return copy;
  } finally {
    db.close();
  }
}

/** A raw copy of a file that is not a readable database, private like every backup. */
function keepRaw(file: string, copy: string) {
  copyFileSync(file, copy);
  chmodSync(copy, 0o600);
}

function hasSqliteHeader(file: string): boolean {
  if (statSync(file).size < 100) return false;
  const head = Buffer.alloc(16);
  const fd = openSync(file, "r");
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString("latin1") === "SQLite format 3\0";
}
