// What a recruiter does with suggestions (issue 57 items 2 and 4): read and save a job's criteria,
// put a suggested candidate on the job's board ("Add to job"), hide one for the job with a reason
// ("Not a fit"), and see the jobs a candidate may suit. Each decision goes on the suggestion's record.
import type { Deps } from "../../deps";
import { addToJob, applicationsOfCandidate } from "../applications/service";
import { getParticipant } from "../candidates/service";
import { listJobs, getJob } from "../jobs/service";
import { recordEvent, type Actor } from "../events/record";
import { requirePermission } from "../auth/permissions";
import { featureOn } from "../suggestions/settings";
import { decideSuggestion, recordNewSuggestions } from "../suggestions/service";
import { criteriaOf, criteriaOfJobs, type JobCriteria } from "./criteria";
import { howScored } from "./evidence";
import { judgeCandidates } from "./judged";
import { askForCriteria, type MatchingDeps } from "./tasks";
import type { CriterionVerdict } from "./model";
import * as repo from "./repo";

type Member = { id: number; role: string; workspaceId: number };

/** GET /api/jobs/{id}/criteria: saved, else proposed (and the model asked for its proposal when there is one). */
export function readCriteria(deps: MatchingDeps, workspaceId: number, jobId: number): JobCriteria {
  const c = criteriaOf(deps, workspaceId, jobId);
  if (c.source === "rules" && featureOn(deps, workspaceId, "matching")) askForCriteria(deps, workspaceId, jobId);
  return c;
}

/** "Add to job": the candidate goes on the board at the first stage, and the suggestion is marked accepted. */
export function addSuggested(deps: Deps, me: Member, jobId: number, candidateId: number) {
  const application = addToJob(deps, me, jobId, candidateId);
  deps.db.transaction((tx) => decideSuggestion(deps, tx, { workspaceId: me.workspaceId, participantId: candidateId, feature: "matching", subject: `job:${jobId}` }, "accepted", { userId: me.id }));
  return application;
}

/** "Not a fit": hidden from this job's suggestions, with the recruiter's reason on record. */
export function notAFit(deps: Deps, me: Member, jobId: number, candidateId: number, reason: string, actor: Actor): void {
  requirePermission(me, "applications.write");
  const job = getJob(deps, me.workspaceId, jobId);
  getParticipant(deps, me.workspaceId, candidateId); // another workspace's candidate: 404
  deps.db.transaction((tx) => {
    repo.insertDismissal(tx, { workspaceId: me.workspaceId, jobId, participantId: candidateId, reason, userId: me.id, createdAt: deps.clock.now() });
    decideSuggestion(deps, tx, { workspaceId: me.workspaceId, participantId: candidateId, feature: "matching", subject: `job:${jobId}` }, "dismissed", { userId: me.id, reason });
    recordEvent(deps, tx, { workspaceId: me.workspaceId, actor, subject: { type: "job", id: jobId }, kind: "match.not_a_fit", summary: `Not a fit for ${job.title}`, data: { candidateId } });
  });
}

export interface SuggestedJob {
  job: { id: number; title: string; location: string | null };
  score: number;
  /** The candidate is on this job's board already ("Add to job" done). */
  onJob: boolean;
  howScored: string;
  criteria: CriterionVerdict[];
}

const MAX_JOBS = 200;

/** A candidate's Suggested jobs: the workspace's jobs not set aside for them ("Not a fit"), best fit first; those they are on marked. */
export function suggestedJobs(deps: Deps, workspaceId: number, candidateId: number, limit = 5): SuggestedJob[] {
  getParticipant(deps, workspaceId, candidateId);
  if (!featureOn(deps, workspaceId, "matching")) return [];
  const on = new Set(applicationsOfCandidate(deps, workspaceId, candidateId).map((a) => a.jobId));
  const dismissed = repo.dismissedJobsOf(deps.db, workspaceId, candidateId);
  const jobs = listJobs(deps, workspaceId)
    .filter((j) => !dismissed.has(j.id))
    .slice(0, MAX_JOBS);
  const criteria = criteriaOfJobs(deps, workspaceId, jobs);
  const out: (SuggestedJob & { hash: string })[] = [];
  for (const job of jobs) {
    const list = criteria.get(job.id) ?? [];
    if (!list.length) continue;
    const [j] = judgeCandidates(deps, workspaceId, job.id, list, [candidateId], false);
    if (!j || !j.verdicts.some((v) => v.status === "met")) continue;
    out.push({ job: { id: job.id, title: job.title, location: job.location }, score: j.score, onJob: on.has(job.id), howScored: howScored(j.madeBy, j.verdicts), criteria: j.verdicts, hash: j.hash });
  }
  const best = out.sort((a, b) => b.score - a.score || b.job.id - a.job.id).slice(0, limit);
  for (const s of best)
    recordNewSuggestions(deps, [
      {
        workspaceId,
        participantId: candidateId,
        feature: "matching",
        subject: `job:${s.job.id}`,
        madeBy: "rules",
        inputHash: s.hash,
        output: { job: s.job.title, score: s.score, criteria: s.criteria.map((v) => ({ criterion: v.label, status: v.status, evidence: v.evidence })) },
      },
    ]);
  return best.map(({ job, score, onJob, howScored, criteria }) => ({ job, score, onJob, howScored, criteria }));
}
