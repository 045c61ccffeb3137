// Another process holding a database's write lock, as a second program (a sqlite3 shell, a
// migration, a stuck backup script) would: BEGIN IMMEDIATE, wait, COMMIT.
//
//   bun test/hold-write-lock.ts DB_PATH MS   prints "locked" once it holds the lock, "released" at the end
//   holdWriteLock(path, ms) from a test or benchmark: resolves once the lock is held
import { Database } from "bun:sqlite";

export interface HeldLock {
  /** Resolves when the other process has committed and exited. */
  released: Promise<void>;
  /** performance.now() in this process when the lock was seen held. */
  heldAt: number;
}

export async function holdWriteLock(path: string, ms: number): Promise<HeldLock> {
  const proc = Bun.spawn([process.execPath, import.meta.path, path, String(ms)], { stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let seen = "";
  while (!seen.includes("locked")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("lock holder exited before taking the lock");
    seen += new TextDecoder().decode(value);
  }
  const heldAt = performance.now();
  const released = (async () => {
    while (!(await reader.read()).done) {}
    await proc.exited;
  })();
  return { released, heldAt };
}

if (import.meta.main) {
  const [path, ms] = process.argv.slice(2);
  const db = new Database(path!);
  db.exec("PRAGMA busy_timeout = 10000");
  db.exec("BEGIN IMMEDIATE");
  console.log("locked");
  await Bun.sleep(Number(ms));
  db.exec("COMMIT");
  db.close();
  console.log("released");
}
