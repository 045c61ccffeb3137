import { Database } from "bun:sqlite";
import { closeSync, existsSync, openSync } from "node:fs";
import { resolve } from "node:path";
import { StartupRefused } from "./startup";

/**
 * One server per database file. `frank serve` holds an exclusive SQLite lock on a small
 * companion file, <database>.lock, for as long as it runs. The lock is the operating
 * system's (fcntl), so it ends with the process however the process ends: a lock file left
 * behind by a killed server never blocks the next start. CLI verbs (user create, backup)
 * do not take it and may run beside the server; restore refuses while it is held.
 */
export interface ServeLock {
  file: string;
  release(): void;
}

const lockFileOf = (databasePath: string) => `${resolve(databasePath)}.lock`;

/** An exclusive lock on `file` held by the returned connection (null: another connection holds it). */
export function tryLock(file: string): Database | null {
  closeSync(openSync(file, "a", 0o600));
  const db = new Database(file);
  try {
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    // In exclusive locking mode the lock taken by the first write transaction is kept until close.
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return db;
  } catch (e) {
    db.close();
    const code = String((e as { code?: unknown }).code ?? "");
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return null;
    throw e;
  }
}

/** Takes the serve lock of the database, or refuses to start naming the file. */
export function acquireServeLock(databasePath: string): ServeLock {
  const file = lockFileOf(databasePath);
  const db = tryLock(file);
  if (!db) {
    throw new StartupRefused(`Another Frank server is already serving the database ${resolve(databasePath)} (it holds ${file}). ` + `Stop that server first, or set DATABASE_PATH to another file.`);
  }
  let held = true;
  return {
    file,
    release() {
      if (held) db.close();
      held = false;
    },
  };
}

/** True while a running server holds the database's serve lock. */
export function serveLockHeld(databasePath: string): boolean {
  if (!existsSync(lockFileOf(databasePath))) return false; // a running server always has the file
  const db = tryLock(lockFileOf(databasePath));
  if (!db) return true;
  db.close();
  return false;
}
