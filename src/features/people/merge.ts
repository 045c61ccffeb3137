import type { Deps } from "../../deps";
import { getParticipant } from "../candidates/service";
import { applyMerge, mergedValues, type Merge } from "../candidates/service-merge";
import { bucketsOf } from "../candidates/settings";
import { eraseBackupOf } from "../monitor/person-data";
import { moveCandidateSchedule } from "../scheduling/candidate-records";
import { moveMemberships } from "../shortlists/service";
import { moveConversations } from "../visitors/person-data";

/**
 * POST /api/participants/merge: one person, one record. The kept record takes the chosen
 * field values; the duplicates' notes, history, shortlist memberships, scheduling sessions,
 * interviews and chats move to it; the duplicates are deleted. One transaction.
 */
export function mergeCandidates(deps: Deps, workspaceId: number, m: Merge, userId: number | null) {
  const { dupes, values } = mergedValues(deps, workspaceId, m);
  const now = deps.clock.now();
  deps.db.transaction((tx) => {
    moveMemberships(tx, workspaceId, dupes, m.keepId);
    moveCandidateSchedule(tx, workspaceId, dupes, m.keepId);
    moveConversations(tx, workspaceId, dupes, m.keepId);
    for (const id of dupes) eraseBackupOf(tx, workspaceId, id);
    applyMerge(tx, workspaceId, m.keepId, dupes, values, now, userId, bucketsOf(deps, workspaceId));
  });
  return { participant: getParticipant(deps, workspaceId, m.keepId), merged: dupes };
}
