// A candidate's changes as events (decision 0029): one row per change, written in its transaction
// through the one recorder, with the outgoing webhooks it causes as that event's jobs. The
// payload carries the candidate as the API returns it, read inside the transaction.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor, type WebhookJob } from "../events/record";
import { toParticipant } from "./participant-view";
import * as repo from "./repo";

function candidateData(deps: Deps, workspaceId: number, id: number) {
  const row = repo.findParticipant(deps.db, workspaceId, id);
  return row ? toParticipant(row) : null;
}

export interface CandidateChange {
  changedFields: string[];
  stage?: { from: number; to: number } | null;
  /** recruiter, visitor, import, merge, assistant. */
  source: string;
  mergedIds?: number[];
}

/** candidate.updated for any change of the record, and candidate.stage_changed as well when the stage moved. */
function changeHooks(deps: Deps, workspaceId: number, id: number, v: CandidateChange): WebhookJob[] {
  const hooks: WebhookJob[] = [];
  if (v.changedFields.length)
    hooks.push({
      type: "candidate.updated",
      candidateId: id,
      data: () => ({ candidate: candidateData(deps, workspaceId, id), changedFields: v.changedFields, source: v.source, ...(v.mergedIds ? { mergedIds: v.mergedIds } : {}) }),
    });
  if (v.stage && v.stage.from !== v.stage.to) {
    const stage = v.stage;
    hooks.push({ type: "candidate.stage_changed", candidateId: id, data: () => ({ candidate: candidateData(deps, workspaceId, id), from: stage.from, to: stage.to, source: v.source }) });
  }
  return hooks;
}

const moved = (v: CandidateChange) => (v.stage && v.stage.from !== v.stage.to ? { stage: v.stage } : {});

const CREATED_KINDS = { visitor: "candidate.created", import: "candidate.imported_row", cv: "candidate.created_from_cv", careers: "candidate.created" } as const;

/** A new record (a visitor's application, a CSV import's row, a confirmed CV): candidate.created as its webhook. */
export function candidateCreated(deps: Deps, tx: Tx, workspaceId: number, id: number, source: keyof typeof CREATED_KINDS, actor: Actor, via: Record<string, unknown> = {}): void {
  recordEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "candidate", id },
    kind: CREATED_KINDS[source],
    data: { source, ...via },
    webhooks: [{ type: "candidate.created", candidateId: id, data: () => ({ candidate: candidateData(deps, workspaceId, id), source }) }],
  });
}

/**
 * A change of an existing record: `kind` says what kind of change (candidate.updated by default;
 * candidate.applied_again, candidate.merged, candidate.imported_row). Nothing is recorded when
 * nothing changed and the kind is a plain update.
 */
export function candidateChanged(deps: Deps, tx: Tx, workspaceId: number, id: number, v: CandidateChange, actor: Actor, kind = "candidate.updated", extra: Record<string, unknown> = {}): void {
  const hooks = changeHooks(deps, workspaceId, id, v);
  if (kind === "candidate.updated" && !hooks.length) return;
  // A move and nothing else reads as one in the activity log.
  const stageOnly = kind === "candidate.updated" && v.changedFields.length === 1 && v.changedFields[0] === "stages";
  recordEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "candidate", id },
    kind: stageOnly ? "candidate.stage_changed" : kind,
    summary: v.changedFields.length ? v.changedFields.join(", ") : null,
    data: { fields: v.changedFields, ...moved(v), source: v.source, ...(v.mergedIds ? { mergedIds: v.mergedIds, count: v.mergedIds.length } : {}), ...extra },
    webhooks: hooks,
  });
}
