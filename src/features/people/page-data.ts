import type { Deps } from "../../deps";
import { STAGE_LABELS } from "../candidates/classify";
import { getParticipant } from "../candidates/service";
import { shortlistsOfCandidate } from "../shortlists/service";
import { candidateActivity } from "./activity";

/** Everything /candidates/{id} shows on the first response. */
export function loadCandidatePage(deps: Deps, workspaceId: number, id: number) {
  const participant = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  return {
    participant,
    activity: candidateActivity(deps, workspaceId, id).activity,
    shortlists: shortlistsOfCandidate(deps, workspaceId, id).map((s) => s.name),
    stages: Object.entries(STAGE_LABELS).map(([value, label]) => ({ value: Number(value), label })),
  };
}
export type CandidatePageData = ReturnType<typeof loadCandidatePage>;
