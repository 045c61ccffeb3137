// The index's first order of a job's candidates (issue 57 item 2), without a hash map or a sort
// of every candidate found: each criterion's holders come from the index newest first, are merged
// once into (id, points), and are taken out by points, best first, newest first among equals.
// At 100,000 candidates a broad job finds 60,000 holders; a Map of them and a sort of all took
// most of a request. Pure: no server imports.

/**
 * The `size` ids with the most points (a list's weight for each list holding the id), newest
 * (highest id) first among equal points. `lists` are descending ids without repeats. When `keep`
 * is given, the ids are checked with it in batches, best first, and only those it keeps count.
 */
export function bestByPoints(lists: ArrayLike<number>[], weights: number[], size: number, keep?: (ids: number[]) => Set<number>): number[] {
  const at = lists.map(() => 0);
  const buckets = new Map<number, number[]>();
  for (;;) {
    let id = -Infinity;
    for (let k = 0; k < lists.length; k++) if (at[k]! < lists[k]!.length && lists[k]![at[k]!]! > id) id = lists[k]![at[k]!]!;
    if (id === -Infinity) break;
    let points = 0;
    for (let k = 0; k < lists.length; k++)
      if (lists[k]![at[k]!] === id) {
        points += weights[k]!;
        at[k]!++;
      }
    let bucket = buckets.get(points);
    if (!bucket) buckets.set(points, (bucket = []));
    bucket.push(id);
  }
  const out: number[] = [];
  let batch: number[] = [];
  const flush = () => {
    const kept = keep!(batch);
    for (const id of batch) if (out.length < size && kept.has(id)) out.push(id);
    batch = [];
  };
  for (const points of [...buckets.keys()].sort((a, b) => b - a)) {
    for (const id of buckets.get(points)!) {
      if (out.length >= size) break;
      if (!keep) out.push(id);
      else if (batch.push(id) >= size * 2) flush();
    }
    if (out.length >= size) break;
  }
  if (batch.length && out.length < size) flush();
  return out;
}
