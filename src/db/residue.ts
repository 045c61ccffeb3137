import type { DB } from "./client";
import { shipperOf } from "./shipper-hook";

/**
 * After personal data is deleted (an erasure), what the file still holds of it (decision 0030):
 * the deleted rows' bytes are zeroed as they are freed (PRAGMA secure_delete, set when the file
 * opens), but a full-text index keeps a deleted row's tokens in its segments until they are
 * merged, and the -wal holds the pages as they were until a checkpoint empties it.
 *
 * A full merge rewrites the whole index (about 3 s at 100,000 candidates, all of it on the event
 * loop), so it is done in steps: `step` is an FTS5 'merge' command with a negative page budget,
 * which merges every segment a little at a time (tens of ms a step); the server answers other
 * requests between steps. When a step changes nothing the index is one segment without the
 * deleted entries; then a TRUNCATE checkpoint empties the -wal. One clean-up at a time per file.
 *
 * With a standby copy (decision 0043) Litestream holds a read lock on the -wal, so the checkpoint
 * could not empty it; and emptying it under Litestream would make it start over. The shipper is
 * stopped (it ships what it has), the -wal emptied, and the shipper started again: it notices the
 * new -wal and begins a new generation from a snapshot of the file without the erased data (the
 * older generations leave the replica after its retention).
 */
const pending = new Map<string, Promise<void>>();
const tick = () => new Promise<void>((r) => setTimeout(r, 0));
const isBusy = (e: unknown) => String((e as { code?: string })?.code ?? "").startsWith("SQLITE_BUSY");

async function cleanUp(db: DB, step: string | null): Promise<void> {
  const changes = db.$client.prepare<{ n: number }, []>("select total_changes() as n");
  let busy = 0;
  for (let i = 0; step && i < 100_000; i++) {
    try {
      const before = changes.get()!.n;
      db.$client.exec(step);
      // The command's own row counts as one change: more means the step merged something.
      if (changes.get()!.n - before <= 1) break;
    } catch (e) {
      // Another process holds the write lock: wait and go on (at most about 10 s of it).
      if (!isBusy(e) || ++busy > 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
    await tick();
  }
  const truncate = () => db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const shipper = shipperOf(db.$client.filename);
  if (shipper) await shipper.pausedAround(truncate);
  else truncate();
}

/** Starts the clean-up (after any already waiting); the promise settles when it is done. */
export function forgetFreedPages(db: DB, step: string | null = null): Promise<void> {
  const key = db.$client.filename || ":memory:";
  const next = (pending.get(key) ?? Promise.resolve()).catch(() => undefined).then(() => cleanUp(db, step));
  pending.set(key, next);
  void next
    .catch(() => undefined)
    .finally(() => {
      if (pending.get(key) === next) pending.delete(key);
    });
  return next;
}

/** Settles when no clean-up of this file is running or waiting (a backup waits for it). */
export function residueSettled(db: DB): Promise<void> {
  return (pending.get(db.$client.filename || ":memory:") ?? Promise.resolve()).catch(() => undefined);
}
