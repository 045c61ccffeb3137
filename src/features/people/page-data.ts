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
import { RECOMMENDATION_LABELS } from "../feedback/model";
import { listFiles } from "../candidate-files/service";
import { suggestedJobs } from "../matching/service";
import type { Author } from "../messages/compose";
import { candidateMailPart } from "../messages/candidate-part";
import type { CandidateSettingsPageData } from "./pages/settings-page";

/**
 * The loaders of the people pages: plain props, read before rendering, so the page components
 * only render (docs/decisions/0022).
 */

/** Everything /candidates/{id} shows on the first response. */
export function loadCandidatePage(deps: Deps, workspaceId: number, id: number, me: Author, timeZone: string) {
  const participant = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  return {
    participant,
    // The reader's zone (issue 60): the timeline's times are written in it.
    timeZone,
    activity: candidateActivity(deps, workspaceId, id, timeZone).activity,
    shortlists: shortlistsOfCandidate(deps, workspaceId, id).map((s) => s.name),
    stages: Object.entries(STAGE_LABELS).map(([value, label]) => ({ value: Number(value), label })),
    // Issue 38: the person's applications (one per job) and their interview feedback, shown above the record.
    // Issue 60: the scorecards themselves too, not only their summary.
    pipeline: { applications: applicationsOfCandidate(deps, workspaceId, id), ...scorecardsOf(feedbackOfCandidate(deps, workspaceId, id)) },
    // Issue 39: the candidate's CVs, with a plain upload form (no JavaScript needed).
    files: listFiles(deps, workspaceId, id),
    // Issue 55: the e-mails with them (found in the members' mailboxes or written here), by thread, and the compose form.
    messages: candidateMailPart(deps, me, id),
    // Issue 57: the jobs the record suits, as suggestions.
    suggestedJobs: suggestedJobs(deps, workspaceId, id),
  };
}
function scorecardsOf({ feedback, summary }: ReturnType<typeof feedbackOfCandidate>) {
  return {
    feedback: summary,
    scorecards: feedback.map((f) => ({
      id: f.id,
      interviewId: f.interviewId,
      reviewer: f.reviewer.name ?? f.reviewer.email,
      recommendation: f.recommendation ? RECOMMENDATION_LABELS[f.recommendation] : null,
      ratings: Object.entries(f.ratings).map(([k, v]) => `${k} ${v}/5`),
      notes: f.notes,
      submittedAt: f.submittedAt,
    })),
  };
}
export type CandidatePageData = ReturnType<typeof loadCandidatePage>;

/** /candidates/settings: the settings, the duplicate groups and how many test candidates there are. */
export function loadCandidateSettingsPage(deps: Deps, workspaceId: number): CandidateSettingsPageData {
  return { settings: getCandidateSettings(deps, workspaceId), duplicates: listDuplicates(deps, workspaceId), testData: testDataIds(deps, workspaceId).length };
}
