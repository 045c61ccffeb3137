import type { Database } from "bun:sqlite";
import { accessSync, chmodSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname, resolve } from "node:path";
import { migrationFiles } from "../migrations.gen";
import { FRANK_VERSION } from "../version";

/**
 * What the server checks before it opens the database for writing, so that a problem is one
 * clear line at start-up instead of a 500 on every write later:
 * - the data folder and the database file (and its -wal and -shm) are writable by this process;
 * - the database was not written by a newer Frank (its schema would be unknown here).
 * Files are created private: the folder 0700, the database 0600 (SQLite gives its -wal and
 * -shm files the database file's mode), and an existing database file is tightened to 0600.
 */
export class StartupRefused extends Error {}

/** "frank (uid 1000)": the user this process runs as, as the refusals name it. */
function processUser(): string {
  const uid = process.getuid?.() ?? -1;
  return `${userName(uid) ?? "unknown user"} (uid ${uid})`;
}

function userName(uid: number): string | null {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const [name, , id] = line.split(":");
      if (name && Number(id) === uid) return name;
    }
  } catch {}
  try {
    const n = userInfo().username;
    return n && n !== "unknown" ? n : null;
  } catch {
    return null;
  }
}

function writable(path: string, dir: boolean): boolean {
  try {
    accessSync(path, dir ? constants.W_OK | constants.X_OK : constants.R_OK | constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates the data folder (0700) when missing, refuses a folder or database file this process
 * cannot write, and creates the database file 0600 (or tightens an existing one to 0600).
 */
export function prepareDatabaseFile(path: string): void {
  const file = resolve(path);
  const dir = dirname(file);
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (e) {
      throw new StartupRefused(`Cannot create the data folder ${dir} as user ${processUser()}: ${(e as Error).message}. Create it, or set DATABASE_PATH to a writable place.`);
    }
  }
  if (!writable(dir, true)) {
    throw new StartupRefused(
      `The data folder ${dir} is not writable by user ${processUser()}: SQLite keeps the database's -wal and -shm files there, and backups go there too. ` +
        `Make it writable for that user, or set DATABASE_PATH to a writable place.`,
    );
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(f) && !writable(f, false)) {
      throw new StartupRefused(`The database file ${f} is not writable by user ${processUser()}. Make it writable for that user (chown/chmod), or set DATABASE_PATH to another file.`);
    }
  }
  if (!existsSync(file)) {
    closeSync(openSync(file, "a", 0o600));
  } else {
    tightenMode(file);
    tightenMode(`${file}-wal`);
    tightenMode(`${file}-shm`);
  }
}

/** An existing file readable by others is made 0600 (when it is ours to change). */
function tightenMode(file: string): void {
  try {
    const st = statSync(file);
    if ((st.mode & 0o077) !== 0 && st.uid === process.getuid?.()) chmodSync(file, 0o600);
  } catch {}
}

// ---- the schema version ---------------------------------------------------------------

/** What this build's embedded migrations know: how many, and the time of the newest. */
export function knownSchema(): { version: number; newest: number } {
  const journal = JSON.parse(migrationFiles["meta/_journal.json"]!) as { entries: { when: number }[] };
  return { version: journal.entries.length, newest: Math.max(0, ...journal.entries.map((e) => e.when)) };
}

/** 0.12.3 → 12003 (PRAGMA user_version is a 32-bit integer). */
export function encodeVersion(v: string): number {
  const [major = 0, minor = 0, patch = 0] = v.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  return major * 1_000_000 + minor * 1_000 + patch;
}

function decodeVersion(n: number): string {
  return `${Math.floor(n / 1_000_000)}.${Math.floor(n / 1_000) % 1_000}.${n % 1_000}`;
}

/** The database's schema (migrations applied, the newest's time) and the Frank version that last migrated it. */
function databaseSchema(sqlite: Database): { version: number; newest: number; writtenBy: string | null } {
  const hasTable = sqlite.query<{ n: number }, []>("select count(*) as n from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get()!.n > 0;
  const rows = hasTable ? sqlite.query<{ created_at: number }, []>("select created_at from __drizzle_migrations").all() : [];
  const stamp = sqlite.query<{ user_version: number }, []>("pragma user_version").get()!.user_version;
  return { version: rows.length, newest: Math.max(0, ...rows.map((r) => Number(r.created_at))), writtenBy: stamp > 0 ? decodeVersion(stamp) : null };
}

/** Null when this build can run the database; otherwise why not, naming both versions. */
function newerSchemaProblem(sqlite: Database, file: string): string | null {
  const ours = knownSchema();
  const theirs = databaseSchema(sqlite);
  if (theirs.newest <= ours.newest && theirs.version <= ours.version) return null;
  const by = theirs.writtenBy ? `Frank ${theirs.writtenBy}` : "a newer version of Frank";
  return (
    `The database ${resolve(file)} was written by ${by} (database schema ${theirs.version}); this is Frank ${FRANK_VERSION} (schema ${ours.version}), which does not know that schema. ` +
    `Run the newer Frank, or restore a backup made by this version.`
  );
}

export function refuseNewerSchema(sqlite: Database, file: string): void {
  const problem = newerSchemaProblem(sqlite, file);
  if (problem) throw new StartupRefused(problem);
}

/** Records this build's version in the database (PRAGMA user_version) after migrating it. */
export function stampVersion(sqlite: Database): void {
  const v = encodeVersion(FRANK_VERSION);
  if (sqlite.query<{ user_version: number }, []>("pragma user_version").get()!.user_version !== v) sqlite.exec(`PRAGMA user_version = ${v}`);
}
