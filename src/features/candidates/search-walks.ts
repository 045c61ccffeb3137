// A search's walk of the index (its newest matches, up to the cap) kept across changes to the
// candidates. A walk is kept with the version of the candidates it was read at
// (participants_version); when the version has moved, the steps in between are read from
// participant_changes (one row per step, naming the candidate or the range of new candidates it
// was about), and only those candidates are checked against the search again, merged into the
// walk in id order. The first search after a change then costs what the change touched (0.1–1 ms)
// instead of a walk of the index (10–100 ms at a million candidates). The answer is the one a new
// walk would give: every candidate outside the changes is as it was, and every one inside them is
// read again. Too many changes, or steps no longer logged, and the index is walked again.
import type { DB } from "../../db/client";
import { candidatesVersion, changesAfter } from "./repo-search-index";

/** How a walk reads the index, for one search: the SQL lives with the caller (repo-search.ts). */
export interface WalkReader {
  /** Up to `limit` matching ids, newest first, below `below` when given. */
  newest(limit: number, below?: number): number[];
  /** The whole walk from scratch (the caller may read it in the order it finds cheapest). */
  full(limit: number): number[];
  /** The matching ids within [lo, hi], in any order. */
  within(lo: number, hi: number): number[];
}

/** At most this many candidates re-checked (in at most MAX_RANGES stretches of ids); more and the index is walked again. */
const MAX_CHANGED = 20_000;
const MAX_RANGES = 500;

interface Kept {
  v: number;
  /** Newest first; `cap + 1` ids when the walk stopped short of the oldest match. */
  ids: Float64Array;
}

export class KeptWalks {
  private byDb = new WeakMap<DB, Map<string, Kept>>();
  constructor(
    private readonly cap: number,
    private readonly max = 100,
  ) {}

  /** Drops every kept walk of the database: the next search of each walks the index (benchmarks measure that). */
  forget(db: DB) {
    this.byDb.delete(db);
  }

  /** The walk of `key` as it is now: kept, brought up to date from the change log, or read again. */
  get(db: DB, key: string, reader: WalkReader): Float64Array {
    const full = () => Float64Array.from(reader.full(this.cap + 1));
    // Inside a transaction the version may yet roll back: nothing read there is kept.
    if (db.$client.inTransaction) return full();
    let entries = this.byDb.get(db);
    if (!entries) this.byDb.set(db, (entries = new Map()));
    const v = candidatesVersion(db);
    const hit = entries.get(key);
    let ids: Float64Array;
    if (hit && hit.v === v) ids = hit.ids;
    else {
      const ranges = hit ? changedRanges(db, hit.v, v) : null;
      ids = hit && ranges ? refreshed(hit.ids, this.cap, ranges, reader) : full();
    }
    entries.delete(key);
    if (entries.size >= this.max) entries.delete(entries.keys().next().value!);
    entries.set(key, { v, ids });
    return ids;
  }
}

/** The ids the steps after version `from` up to `to` were about, as sorted, merged ranges; null: walk again. */
function changedRanges(db: DB, from: number, to: number): [number, number][] | null {
  if (to < from || to - from > MAX_CHANGED) return null;
  const rows = changesAfter(db, from, to);
  // A step without its row (pruned, or a counter moved by something that logs nothing): walk again.
  if (rows.length !== to - from) return null;
  rows.sort((a, b) => a.lo - b.lo);
  const merged: [number, number][] = [];
  let size = 0;
  for (const { lo, hi } of rows) {
    const last = merged.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  for (const [lo, hi] of merged) size += hi - lo + 1;
  return size > MAX_CHANGED || merged.length > MAX_RANGES ? null : merged;
}

/**
 * The walk after the changes: the kept ids outside the changed ranges, plus the changed ones that
 * match now. A walk that stopped at the cap knows nothing below its last id: changed matches
 * there are left to a read below that id, which also tops the walk up when removals shortened it.
 */
export function refreshed(kept: Float64Array, cap: number, ranges: [number, number][], reader: Pick<WalkReader, "newest" | "within">): Float64Array {
  const changed = (id: number) => {
    let [a, b] = [0, ranges.length - 1];
    while (a <= b) {
      const m = (a + b) >> 1;
      const [lo, hi] = ranges[m]!;
      if (id < lo) b = m - 1;
      else if (id > hi) a = m + 1;
      else return true;
    }
    return false;
  };
  const cut = kept.length > cap;
  const floor = cut ? kept[kept.length - 1]! : -Infinity;
  const ids: number[] = [];
  for (const id of kept) if (!changed(id)) ids.push(id);
  for (const [lo, hi] of ranges) {
    if (hi < floor) continue;
    for (const id of reader.within(Math.max(lo, floor), hi)) ids.push(id);
  }
  ids.sort((x, y) => y - x);
  if (ids.length > cap) return Float64Array.from(ids.slice(0, cap + 1));
  // Short of the cap: a walk that was complete still is; one that stopped reads on below its floor.
  if (cut) ids.push(...reader.newest(cap + 1 - ids.length, floor));
  return Float64Array.from(ids);
}
