// The candidate events of outgoing webhooks, written in the transaction of the change: the
// payload carries the candidate as the API returns it, read inside that transaction.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent } from "../webhooks/record";
import { toParticipant } from "./participant-view";
import * as repo from "./repo";


function candidateData(deps: Deps, workspaceId: number, id: number) {
  const row = repo.findParticipant(deps.db, workspaceId, id);
  return row ? toParticipant(row) : null;
}

/** candidate.created: a new record (visitor flows, CSV import). */
export function candidateCreated(deps: Deps, tx: Tx, workspaceId: number, id: number, source: string): void {
  recordEvent(deps, tx, workspaceId, "candidate.created", () => ({ candidate: candidateData(deps, workspaceId, id), source }), { candidateId: id });
}

/**
 * candidate.updated for any change of the record (`changedFields` names them), and
 * candidate.stage_changed as well when the stage moved (`from`, `to`).
 */
export function candidateChanged(deps: Deps, tx: Tx, workspaceId: number, id: number, v: { changedFields: string[]; stage?: { from: number; to: number } | null; source: string; mergedIds?: number[] }): void {
  if (v.changedFields.length) recordEvent(deps, tx, workspaceId, "candidate.updated", () => ({ candidate: candidateData(deps, workspaceId, id), changedFields: v.changedFields, source: v.source, ...(v.mergedIds ? { mergedIds: v.mergedIds } : {}) }), { candidateId: id });
  if (v.stage && v.stage.from !== v.stage.to) {
    const stage = v.stage;
    recordEvent(deps, tx, workspaceId, "candidate.stage_changed", () => ({ candidate: candidateData(deps, workspaceId, id), from: stage.from, to: stage.to, source: v.source }), { candidateId: id });
  }
}
