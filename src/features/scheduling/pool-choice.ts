/**
 * Round robin (issue 36 item 4), pure: which free pool member takes an interview, and why, in
 * words the interview page shows. `fair`: the fewest interviews booked from pools in the last
 * 30 days, ties to the one whose last was longest ago (never counts as longest), then the pool's
 * order; `first-available`: the first free member in the pool's order.
 */
export type PoolStrategy = "fair" | "first-available";
export const POOL_WINDOW_DAYS = 30;

export function choosePoolMember(
  strategy: PoolStrategy,
  /** Free members, in the pool's order. */
  free: number[],
  load: Map<number, { count: number; last: number | null }>,
): { userId: number; reason: string } | null {
  if (!free.length) return null;
  if (strategy === "first-available") {
    return { userId: free[0]!, reason: "first available in the pool's order" };
  }
  const of = (id: number) => load.get(id) ?? { count: 0, last: null };
  const ranked = [...free].sort((a, b) => of(a).count - of(b).count || (of(a).last ?? -Infinity) - (of(b).last ?? -Infinity));
  const chosen = ranked[0]!;
  const counts = free.map((id) => of(id).count).sort((a, b) => a - b);
  const tied = free.filter((id) => of(id).count === of(chosen).count).length > 1;
  return {
    userId: chosen,
    reason: `fewest pool interviews in ${POOL_WINDOW_DAYS} days: ${of(chosen).count} of ${counts.join(", ")}${tied ? "; tie: longest since their last" : ""}`,
  };
}
