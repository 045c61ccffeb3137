// How far an application got, from its `reached` summary (decision 57): the ids of every stage
// it was ever moved to, ascending and comma-separated. Pure, so reports, the jobs page and tests
// read it the same way. Stages removed since, or closing ones, are not open stages and count for nothing.

/** The ids in a `reached` summary. */
function reachedIds(reached: string): number[] {
  return reached ? reached.split(",").map(Number) : [];
}

/**
 * The furthest open stage's position among the stages reached, by the positions of now
 * (`openPositions`: open stage id → position), or null when it reached no open stage.
 */
export function furthestPosition(reached: string, openPositions: Map<number, number>): number | null {
  let best: number | null = null;
  for (const id of reachedIds(reached)) {
    const p = openPositions.get(id);
    if (p !== undefined && (best === null || p > best)) best = p;
  }
  return best;
}
