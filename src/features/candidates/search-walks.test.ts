import { describe, expect, test } from "bun:test";
import { refreshed } from "./search-walks";
import { prng } from "./sample-data";

// A kept walk brought up to date from the changes must be exactly the walk read again: the
// newest `cap + 1` matching ids. Checked against an index held in a Set, over many random
// histories, with a small cap so that walks are cut short as often as they are complete.

const walkOf = (matching: Set<number>, limit: number, below = Infinity) =>
  [...matching]
    .filter((id) => id < below)
    .sort((a, b) => b - a)
    .slice(0, limit);

describe("a kept walk brought up to date from the changes", () => {
  test("equals a new walk, cut short or complete, after updates, deletions, new rows and bulk ranges", () => {
    for (let seed = 1; seed <= 400; seed++) {
      const rnd = prng(seed);
      const cap = 1 + Math.floor(rnd() * 8);
      let maxId = 5 + Math.floor(rnd() * 40);
      const matching = new Set<number>();
      for (let id = 1; id <= maxId; id++) if (rnd() < 0.4) matching.add(id);
      let kept: Float64Array = Float64Array.from(walkOf(matching, cap + 1));
      for (let round = 0; round < 6; round++) {
        // A few changes: updates and deletions anywhere (a row that matches or stops matching),
        // single new rows, and now and then a bulk range of new rows.
        const ranges: [number, number][] = [];
        for (let k = Math.floor(rnd() * 4); k > 0; k--) {
          const r = rnd();
          if (r < 0.5) {
            const id = 1 + Math.floor(rnd() * maxId);
            if (rnd() < 0.5) matching.add(id);
            else matching.delete(id);
            ranges.push([id, id]);
          } else if (r < 0.8) {
            maxId++;
            if (rnd() < 0.5) matching.add(maxId);
            ranges.push([maxId, maxId]);
          } else {
            const lo = maxId + 1;
            maxId += 1 + Math.floor(rnd() * 12);
            for (let id = lo; id <= maxId; id++) if (rnd() < 0.5) matching.add(id);
            ranges.push([lo, maxId]);
          }
        }
        // As the log gives them: sorted and merged (search-walks.ts changedRanges).
        ranges.sort((a, b) => a[0] - b[0]);
        const merged: [number, number][] = [];
        for (const [lo, hi] of ranges) {
          const last = merged.at(-1);
          if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
          else merged.push([lo, hi]);
        }
        const reader = {
          newest: (n: number, below?: number) => walkOf(matching, n, below),
          within: (lo: number, hi: number) => [...matching].filter((id) => id >= lo && id <= hi),
        };
        kept = refreshed(kept, cap, merged, reader);
        expect({ seed, round, ids: Array.from(kept) }).toEqual({ seed, round, ids: walkOf(matching, cap + 1) });
      }
    }
  });
});
