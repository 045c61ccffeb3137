// Which worker process holds a task's lease. Each start of a worker is a boot with a random id,
// written on every lease it takes (`tasks.lease_boot`) and on the scheduled job it runs. While it
// lives, the boot holds an exclusive lock on a small file of its own beside the database
// (<database>.boots/<id>.lock). The lock is the operating system's, so it ends with the process
// however the process ends: another worker that can take the lock knows for certain that the boot
// is dead and takes its leases back at once, instead of waiting out their three minutes. A live
// boot's lock cannot be taken, so two live workers never take each other's leases.
import type { Database } from "bun:sqlite";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { randomBytes } from "node:crypto";
import { tryLock } from "../db/serve-lock";

export interface WorkerBoot {
  readonly id: string;
  /** Takes the boot's lock (before its first claim); a database in memory has no file to lock. */
  open(): void;
  /** At a clean stop: the lock and its file go. */
  close(): void;
}

const bootsDir = (databasePath: string) => `${resolve(databasePath)}.boots`;
const lockFile = (dir: string, id: string) => `${dir}/${id}.lock`;
const inMemory = (path: string) => path === "" || path === ":memory:";

export function newBoot(databasePath: string): WorkerBoot {
  const id = randomBytes(9).toString("base64url");
  let held: Database | null = null;
  return {
    id,
    open() {
      if (held || inMemory(databasePath)) return;
      const dir = bootsDir(databasePath);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      held = tryLock(lockFile(dir, id));
      if (!held) throw new Error(`The worker's boot lock ${lockFile(dir, id)} is taken`);
    },
    close() {
      if (!held) return;
      held.close();
      held = null;
      rmSync(lockFile(bootsDir(databasePath), id), { force: true });
    },
  };
}

/**
 * Boots that are no longer alive, among those named on leases and those with a lock file: each
 * whose lock this process can take (it holds it until `forget`), or whose file is gone.
 */
function deadBoots(db: Database, databasePath: string, own: string): { ids: string[]; forget(): void } {
  const dir = bootsDir(databasePath);
  const named = db
    .query<{ boot: string }, []>(
      "SELECT DISTINCT lease_boot AS boot FROM tasks WHERE status IN ('pending', 'retrying') AND lease_boot IS NOT NULL UNION SELECT boot FROM scheduled_runs WHERE boot IS NOT NULL",
    )
    .all()
    .map((r) => r.boot);
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".lock"))
      .map((f) => f.slice(0, -5));
  } catch {
    // No worker has started on this database yet.
  }
  const ids: string[] = [];
  const locks: Database[] = [];
  for (const id of new Set([...named, ...files])) {
    if (id === own || !/^[\w-]+$/.test(id)) continue;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lock = tryLock(lockFile(dir, id));
    if (!lock) continue; // alive
    ids.push(id);
    locks.push(lock);
  }
  return {
    ids,
    forget() {
      for (const [i, lock] of locks.entries()) {
        lock.close();
        rmSync(lockFile(dir, ids[i]!), { force: true });
      }
    },
  };
}

/**
 * Takes back what dead boots held: their tasks are due again at once (the try stays counted, as
 * when a lease runs out: the dead try may have done its outside work) and their scheduled jobs
 * may run at the next tick. Answers the number of tasks taken back.
 */
export function takeBackDeadLeases(db: Database, own: string): number {
  if (inMemory(db.filename)) return 0;
  const dead = deadBoots(db, db.filename, own);
  if (!dead.ids.length) return 0;
  try {
    const ids = JSON.stringify(dead.ids);
    return db.transaction(() => {
      db.query("UPDATE scheduled_runs SET boot = NULL, lease_until = NULL WHERE boot IN (SELECT value FROM json_each(?1))").run(ids);
      return db.query("UPDATE tasks SET lease_token = NULL, lease_until = NULL, lease_boot = NULL WHERE status IN ('pending', 'retrying') AND lease_boot IN (SELECT value FROM json_each(?1))").run(ids)
        .changes;
    })();
  } finally {
    dead.forget();
  }
}
