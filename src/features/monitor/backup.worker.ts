// A whole-database backup on its own thread and SQLite connection (db-backup.ts starts it):
// VACUUM INTO reads the whole file, about 1 s for 250 MB, and here that second never stops
// the server's event loop. In WAL mode the read does not stop the server's writes either.
// The single binary embeds it as an entry point of its own (scripts/build-binary.ts);
// test/binary.test.ts runs a backup with a binary whose sources are gone.
import { Database } from "bun:sqlite";
import { setPriority } from "node:os";
import { snapshotTo } from "./snapshot";
import { packFiles } from "./backup-files";

declare const self: Worker;

// On Linux a nice value is per thread: this lowers the backup thread only, so when the CPUs
// are busy the event loop thread still gets them first.
try {
  setPriority(19);
} catch {}

// dataDir: the data folder whose files/ the snapshot's rows name (null: the files are in a bucket).
self.onmessage = (e: MessageEvent<{ source: string; target: string; dataDir: string | null }>) => {
  let db: Database | null = null;
  try {
    db = new Database(e.data.source);
    db.exec("PRAGMA busy_timeout = 5000"); // blocking is fine on this thread
    const dataDir = e.data.dataDir;
    const files = snapshotTo(db, e.data.target, dataDir ? (partial) => packFiles(partial, dataDir) : undefined) ?? null;
    self.postMessage({ ok: true, files });
  } catch (err) {
    self.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  } finally {
    db?.close();
  }
};
