import type { Deps } from "../../deps";
import { STAGE_LABELS } from "../candidates/classify";
import { getParticipant } from "../candidates/service";
import { listDuplicates } from "../candidates/service-merge";
import { testDataIds } from "../candidates/service-erasure";
import { getCandidateSettings } from "../candidates/settings";
import { shortlistsOfCandidate } from "../shortlists/service";
import { candidateActivity } from "./activity";
import { applicationsOfCandidate } from "../applications/service";
import { feedbackOfCandidate } from "../feedback/service";
import { listFiles } from "../candidate-files/service";
import type { Author } from "../messages/compose";
import { candidateMailPart } from "../messages/candidate-part";
import type { CandidateSettingsPageData } from "./pages/settings-page";

/**
 * The loaders of the people pages: plain props, read before rendering, so the page components
 * only render (docs/decisions/0022).
 */

/** Everything /candidates/{id} shows on the first response. */
export function loadCandidatePage(deps: Deps, workspaceId: number, id: number, me: Author) {
  const participant = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  return {
    participant,
    activity: candidateActivity(deps, workspaceId, id).activity,
    shortlists: shortlistsOfCandidate(deps, workspaceId, id).map((s) => s.name),
    stages: Object.entries(STAGE_LABELS).map(([value, label]) => ({ value: Number(value), label })),
    // Issue 38: the person's applications (one per job) and their interview feedback, shown above the record.
    pipeline: { applications: applicationsOfCandidate(deps, workspaceId, id), feedback: feedbackOfCandidate(deps, workspaceId, id).summary },
    // Issue 39: the candidate's CVs, with a plain upload form (no JavaScript needed).
    files: listFiles(deps, workspaceId, id),
    // Issue 55: the e-mails with them (found in the members' mailboxes or written here), by thread, and the compose form.
    messages: candidateMailPart(deps, me, id),
  };
}
export type CandidatePageData = ReturnType<typeof loadCandidatePage>;

/** /candidates/settings: the settings, the duplicate groups and how many test candidates there are. */
export function loadCandidateSettingsPage(deps: Deps, workspaceId: number): CandidateSettingsPageData {
  return { settings: getCandidateSettings(deps, workspaceId), duplicates: listDuplicates(deps, workspaceId), testData: testDataIds(deps, workspaceId).length };
}
