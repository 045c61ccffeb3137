import type { DB } from "./client";
import { writeStamp } from "./prepared";

/**
 * Results of costly reads (a search's total, a page of ids, whole-workspace stats, a rendered
 * page), kept while the data they were read from has not changed: every entry carries the stamp
 * it was read under, and a different stamp means read again. Exact, never stale; bounded in
 * size; one set of entries per database (tests open many).
 *
 * The stamp is the database's write stamp (any write anywhere) unless the cache is given a
 * narrower one, such as a counter its tables' triggers move. Reads inside a transaction are
 * never kept: a rollback could bring a counter back to a value already used.
 */
export class StampCache<V> {
  private byDb = new WeakMap<DB, Map<string, { stamp: string; value: V }>>();
  constructor(
    private readonly max = 500,
    private readonly stampOf: (db: DB) => string = writeStamp,
  ) {}

  /** `fresh` may refuse an entry the clock has made stale (a slot that has started). */
  get(db: DB, key: string, read: () => V, fresh?: (value: V) => boolean): V {
    if (db.$client.inTransaction) return read();
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const stamp = this.stampOf(db);
    const hit = entries.get(key);
    if (hit && hit.stamp === stamp && (!fresh || fresh(hit.value))) return hit.value;
    const value = read();
    // The oldest entry goes first (a Map iterates in insertion order); re-inserting refreshes.
    entries.delete(key);
    if (entries.size >= this.max) entries.delete(entries.keys().next().value!);
    entries.set(key, { stamp, value });
    return value;
  }
}
