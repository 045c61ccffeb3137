// The candidates' files in a backup (issue 39, decision 0039). A backup is one SQLite file; with
// files in the data folder it is also an SQLite Archive: a `sqlar` table (SQLite's own archive
// format: name, mode, mtime, sz, data) holds each file the snapshot's rows name, under the path
// it has in the data folder (files/<workspace>/<key>), so `sqlite3 backup.db -Ax` in a data
// folder unpacks them too. The copy, pruning, upload and download of a backup stay one file's.
// With FILES_S3_URL the files stay in the bucket and are not copied (see the decision).
import { Database } from "bun:sqlite";
import { readFileSync, statSync } from "node:fs";
import { diskStore } from "../../lib/files/disk-store";
import { storedKeysIn } from "../candidate-files/stored-keys";
import type { FileStore } from "../../lib/files/storage";

export interface PackedFiles {
  count: number;
  bytes: number;
  /** Rows whose bytes were not in the folder (deleted since the snapshot's moment). */
  missing: number;
}

const SQLAR = "CREATE TABLE IF NOT EXISTS sqlar(name TEXT PRIMARY KEY, mode INT, mtime INT, sz INT, data BLOB)";
const NAME = /^files\/(\d{1,12})\/([A-Za-z0-9_-]{16,64})$/;
const REGULAR_0600 = 0o100600;

/** Into a snapshot not yet named as a backup: the bytes of every file its rows name, from the data folder. */
export function packFiles(snapshot: string, dataDir: string): PackedFiles {
  const store = diskStore(dataDir);
  const db = new Database(snapshot);
  const out: PackedFiles = { count: 0, bytes: 0, missing: 0 };
  try {
    const keys = storedKeysIn(db);
    if (!keys.length) return out;
    db.exec(SQLAR);
    const insert = db.prepare("INSERT OR REPLACE INTO sqlar(name, mode, mtime, sz, data) VALUES (?1, ?2, ?3, ?4, ?5)");
    db.transaction(() => {
      for (const k of keys) {
        const path = store.pathOf(k.workspaceId, k.key);
        let data: Buffer;
        let mtime: number;
        try {
          data = readFileSync(path);
          mtime = Math.floor(statSync(path).mtimeMs / 1000);
        } catch {
          out.missing++;
          continue;
        }
        // Stored as they are (sz = length: not compressed); CVs are PDF and DOCX, compressed already.
        insert.run(`files/${k.workspaceId}/${k.key}`, REGULAR_0600, mtime, data.length, data);
        out.count++;
        out.bytes += data.length;
      }
    })();
    return out;
  } finally {
    db.close();
  }
}

/** How many files a backup carries (0 for a backup without them). */
export function filesInBackup(backup: string): { count: number; bytes: number } {
  const db = new Database(backup, { readonly: true });
  try {
    if (!hasArchive(db)) return { count: 0, bytes: 0 };
    return db.query<{ count: number; bytes: number }, []>("select count(*) as count, coalesce(sum(sz), 0) as bytes from sqlar where name like 'files/%'").get()!;
  } finally {
    db.close();
  }
}

const hasArchive = (db: Database) => !!db.query<{ n: number }, []>("select count(*) as n from sqlite_master where type = 'table' and name = 'sqlar'").get()!.n;

/**
 * A restore: the backup's files written into the store the configuration names (the data
 * folder, or the bucket: a backup from the data folder moves its files there), one at a time.
 * Names that are not files/<workspace>/<key> are left out, so a crafted archive cannot write
 * anywhere else.
 */
export async function unpackFiles(backup: string, store: FileStore): Promise<{ count: number; bytes: number; skipped: number }> {
  const db = new Database(backup, { readonly: true });
  const out = { count: 0, bytes: 0, skipped: 0 };
  try {
    if (!hasArchive(db)) return out;
    const names = db.query<{ name: string }, []>("select name from sqlar order by name").all();
    const read = db.prepare<{ sz: number; data: Uint8Array }, [string]>("select sz, data from sqlar where name = ?1");
    for (const { name } of names) {
      const m = NAME.exec(name);
      const row = m ? read.get(name) : null;
      // Only uncompressed entries are written by Frank; anything else is not its archive's.
      if (!m || !row || row.data.length !== row.sz) {
        out.skipped++;
        continue;
      }
      await store.putAt(Number(m[1]), m[2]!, row.data);
      out.count++;
      out.bytes += row.sz;
    }
    return out;
  } finally {
    db.close();
  }
}

/** The restored database without the archive: the files are back in their store, the live file stays lean. */
export function dropArchive(dbPath: string): boolean {
  const db = new Database(dbPath);
  try {
    if (!hasArchive(db)) return false;
    db.exec("DROP TABLE sqlar");
    db.exec("VACUUM");
    return true;
  } finally {
    db.close();
  }
}
