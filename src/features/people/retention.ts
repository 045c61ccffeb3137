import type { Deps } from "../../deps";
import { idleCandidateIds } from "../candidates/service-erasure";
import { retentionWorkspaces } from "../candidates/settings";
import { candidateSchedule } from "../scheduling/candidate-records";
import { afterErasure, eraseCandidate } from "./erase";
import { messagedSince, pruneOldMessages } from "../messages/retention";

const MONTH_MS = 30 * 86_400_000;

/**
 * The retention setting (off by default): candidates of a workspace with no activity for N
 * months are erased, exactly as DELETE /api/participants/{id} does. Activity is any change
 * to the record (an application, an edit, a note, a stage) or a scheduling session or
 * interview or an e-mail with them after the cut-off. The e-mails kept from the members'
 * mailboxes (issue 55) older than the period go too, whoever they are with. Runs daily; returns
 * how many candidates were erased.
 */
export function eraseIdleCandidates(deps: Deps): number {
  let erased = 0;
  for (const { workspaceId, months } of retentionWorkspaces(deps)) {
    const cutoff = new Date(deps.clock.now().getTime() - months * MONTH_MS);
    for (let after = 0, ids = idleCandidateIds(deps, workspaceId, cutoff, 0); ids.length; after = ids[ids.length - 1]!, ids = idleCandidateIds(deps, workspaceId, cutoff, after)) {
      for (const id of ids) {
        const s = candidateSchedule(deps, workspaceId, id);
        const recent = [...s.sessions.map((x) => x.createdAt), ...s.interviews.flatMap((x) => [x.createdAt, x.endTime])].some((t) => new Date(t) > cutoff);
        if (recent || messagedSince(deps, workspaceId, id, cutoff)) continue;
        eraseCandidate(deps, workspaceId, id, "system", { cleanUp: false });
        erased++;
      }
    }
    pruneOldMessages(deps, workspaceId, cutoff, months);
  }
  if (erased) {
    void afterErasure(deps);
    deps.log.info("retention: idle candidates erased", { erased });
  }
  return erased;
}
