import type { Deps } from "../../deps";
import { getParticipant } from "../candidates/service";
import { applyMerge, mergedValues, type Merge } from "../candidates/service-merge";
import { candidateChanged } from "../candidates/service-records";
import { bucketsOf } from "../candidates/settings";
import { eraseBackupOf } from "../monitor/person-data";
import { moveCandidateSchedule } from "../scheduling/candidate-records";
import { moveMemberships } from "../shortlists/service";
import { moveConversations } from "../visitors/person-data";
import { moveApplications } from "../applications/service";
import { moveFeedback } from "../feedback/service";
import { moveFilesOnMerge } from "../candidate-files/service";
import { moveAnswersOnMerge } from "../client-shares/service";

/**
 * POST /api/participants/merge: one person, one record. The kept record takes the chosen
 * field values; the duplicates' notes, history, shortlist memberships, scheduling sessions,
 * interviews, chats, CV files and clients' answers move to it; the duplicates are deleted. One transaction.
 */
export function mergeCandidates(deps: Deps, workspaceId: number, m: Merge, userId: number | null, apiKeyId?: number | null) {
  const { dupes, values } = mergedValues(deps, workspaceId, m);
  const now = deps.clock.now();
  const before = getParticipant(deps, workspaceId, m.keepId);
  deps.db.transaction((tx) => {
    moveMemberships(tx, workspaceId, dupes, m.keepId);
    moveCandidateSchedule(tx, workspaceId, dupes, m.keepId);
    moveConversations(tx, workspaceId, dupes, m.keepId);
    moveApplications(tx, workspaceId, dupes, m.keepId);
    moveFeedback(tx, workspaceId, dupes, m.keepId);
    // Before the kept record is written: its search entry then reads the moved CVs' text.
    moveFilesOnMerge(tx, workspaceId, dupes, m.keepId);
    moveAnswersOnMerge(tx, workspaceId, dupes, m.keepId);
    for (const id of dupes) eraseBackupOf(tx, workspaceId, id);
    applyMerge(tx, workspaceId, m.keepId, dupes, values, now, bucketsOf(deps, workspaceId));
    // One event on the kept record (the duplicates are gone; `mergedIds` names them); its webhooks say it changed.
    const changedFields = Object.keys(values).filter((k) => (before as unknown as Record<string, unknown>)[k] !== values[k]);
    candidateChanged(
      deps,
      tx,
      workspaceId,
      m.keepId,
      { changedFields: changedFields.length ? changedFields : ["merged"], stage: { from: before.stages, to: Number(values.stages ?? before.stages) }, source: "merge", mergedIds: dupes },
      userId ? { userId, apiKeyId: apiKeyId ?? null } : "system",
      "candidate.merged",
    );
  });
  return { participant: getParticipant(deps, workspaceId, m.keepId), merged: dupes };
}
