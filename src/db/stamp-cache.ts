import type { DB } from "./client";
import { writeStamp } from "./prepared";

/**
 * Results of costly reads (a search's total, a page of ids, whole-workspace stats), kept while
 * the database has not changed since they were read: every entry carries the write stamp it
 * was read under, and a different stamp means read again. Exact, never stale; bounded in size;
 * one set of entries per database (tests open many).
 */
export class StampCache<V> {
  private byDb = new WeakMap<DB, Map<string, { stamp: string; value: V }>>();
  constructor(private readonly max = 500) {}

  /** `fresh` may refuse an entry the clock has made stale (a slot that has started). */
  get(db: DB, key: string, read: () => V, fresh?: (value: V) => boolean): V {
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const stamp = writeStamp(db);
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
