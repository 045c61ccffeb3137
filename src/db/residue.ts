import type { DB } from "./client";

/**
 * After personal data is deleted (an erasure): the -wal still holds the pages as they were
 * before, until a checkpoint copies the new ones into the file and the log starts over.
 * TRUNCATE empties it on disk. When a reader holds the log (a backup running), SQLite reports
 * busy and leaves it: the next checkpoint after that reader ends overwrites those frames.
 */
export function forgetFreedPages(db: DB): void {
  db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}
