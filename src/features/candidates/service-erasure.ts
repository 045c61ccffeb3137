import type { Deps } from "../../deps";
import * as identity from "./repo-identity";

/** The workspace's stand-in record for erased candidates (carries their anonymised interviews). */
export function erasedStandInFor(tx: identity.Writer, workspaceId: number, at: Date): number {
  return identity.erasedStandIn(tx, workspaceId, at);
}

/** Deletes candidate rows (their notes, timeline and shortlist memberships cascade). Returns whether any was deleted. */
export function eraseParticipantRows(tx: identity.Writer, workspaceId: number, ids: number[]): boolean {
  const before = identity.rowsByIdIn(tx, workspaceId, ids).length;
  identity.deleteRows(tx, workspaceId, ids);
  return before > 0;
}

/** Candidates marked as test data (seed, test pages). */
export function testDataIds(deps: Deps, workspaceId: number): number[] {
  return identity.testDataIds(deps.db, workspaceId);
}

/** Candidates with no change since `before` (the retention setting). */
export function idleCandidateIds(deps: Deps, workspaceId: number, before: Date, afterId = 0, limit = 500): number[] {
  return identity.idleIds(deps.db, workspaceId, before, afterId, limit);
}

/**
 * The step that, repeated after an erasure (db/residue.ts), merges the search index until the
 * erased person's tokens have left its old segments.
 */
export function searchIndexMergeStep(): string {
  return identity.MERGE_SEARCH_INDEX_STEP;
}
