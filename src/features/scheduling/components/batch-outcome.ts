/**
 * What a batch of session creations (one per candidate of a shortlist) left to do: the
 * candidates whose session failed stay in the form, those that succeeded leave it, so
 * sending again never duplicates a session. Pure, for the island and its tests.
 */
export interface BatchOutcome {
  made: number[];
  failed: number[];
}

export function batchOutcome(ids: number[], results: PromiseSettledResult<unknown>[]): BatchOutcome {
  const made: number[] = [];
  const failed: number[] = [];
  ids.forEach((id, i) => (results[i]?.status === "fulfilled" ? made : failed).push(id));
  return { made, failed };
}

/** The notice shown while only the failed candidates remain in the form. */
export function retryNotice(o: BatchOutcome, nameOf: (id: number) => string): string {
  const names = o.failed.map(nameOf).join(", ");
  return `${o.made.length} of ${o.made.length + o.failed.length} sessions were created. Only the ${o.failed.length} that failed remain selected (${names}): create again to retry them.`;
}
