// GET /api/jobs/{id}/matches (issue 57 item 2): the workspace's candidates ranked by fit. The
// search index finds who holds any criterion's words (the CV text included) and gives a first
// order; the best POOL of those are judged criterion by criterion by rules, with quotes; where a
// model is configured, its checked judgments (made in the job queue) replace the rules' for the
// top JUDGE_TOP. Every list shown is kept on record as suggestions.
import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { listOfJob } from "../applications/service";
import { candidatesInWorkspace, candidatesWithTerms } from "../candidates/service-match";
import { featureOn } from "../suggestions/settings";
import { recordNewSuggestions } from "../suggestions/service";
import { modelConfigured } from "../chat/llm";
import { criteriaOf } from "./criteria";
import { howScored } from "./evidence";
import { judgeCandidates, type Judged } from "./judged";
import { PROMPT_VERSION } from "./judge";
import { SUGGESTION_NOTICE, type Criterion, type Match } from "./model";
import { askForJudgments, type MatchingDeps } from "./tasks";
import { bestByPoints } from "./pool";
import * as repo from "./repo";

/** How many candidates the index's first order hands to the rules' judgment. */
const POOL = 100;
/** How many of the rules' best the model judges. */
const JUDGE_TOP = 10;

const weightOf = (c: Criterion) => c.weight * (c.mustHave ? 2 : 1);

/** The candidates the index finds for any criterion, best first by the weight of the criteria they hold, newest first among equals. */
export function indexPool(deps: Deps, workspaceId: number, criteria: Criterion[], size = POOL): number[] {
  const read = criteria.filter((c) => c.kind !== "experience"); // years are read from the text, not the index
  const { lists, anyWorkspace } = candidatesWithTerms(
    deps,
    workspaceId,
    read.map((c) => (c.terms.length ? c.terms : [c.label])),
  );
  return bestByPoints(lists, read.map(weightOf), size, anyWorkspace ? (ids) => candidatesInWorkspace(deps, workspaceId, ids) : undefined);
}

const byScore = (a: Judged, b: Judged) => b.score - a.score || b.fields.id - a.fields.id;

export function matchesForJob(deps: MatchingDeps, workspaceId: number, jobId: number, limit = 20): { jobId: number; notice: string; matches: Match[]; pending: number } {
  const job = getJob(deps, workspaceId, jobId); // another workspace's job: 404
  if (!featureOn(deps, workspaceId, "matching")) return { jobId, notice: "Matching is switched off in Settings → Assistant.", matches: [], pending: 0 };
  const { criteria } = criteriaOf(deps, workspaceId, jobId);
  if (!criteria.length) return { jobId, notice: SUGGESTION_NOTICE, matches: [], pending: 0 };
  const useModel = modelConfigured(deps.config);
  const dismissed = repo.dismissedOf(deps.db, workspaceId, jobId);
  const pool = indexPool(deps, workspaceId, criteria).filter((id) => !dismissed.has(id));
  const ranked = judgeCandidates(deps, workspaceId, jobId, criteria, pool, useModel).sort(byScore);
  // The model judges the rules' best: those without a current judgment are sent to the queue.
  let pending = 0;
  if (useModel) {
    const waiting = ranked.slice(0, JUDGE_TOP).filter((j) => j.madeBy === "rules");
    pending = waiting.length;
    askForJudgments(
      deps,
      workspaceId,
      jobId,
      waiting.map((j) => ({ id: j.fields.id, hash: j.hash })),
    );
  }
  const onJob = new Set(listOfJob(deps, workspaceId, jobId).map((a) => a.candidateId));
  const shown = ranked.slice(0, limit);
  recordNewSuggestions(
    deps,
    shown.map((j) => ({
      workspaceId,
      participantId: j.fields.id,
      feature: "matching",
      subject: `job:${jobId}`,
      madeBy: j.madeBy,
      promptVersion: j.madeBy === "rules" ? null : PROMPT_VERSION,
      inputHash: j.hash,
      output: { job: job.title, score: j.score, criteria: j.verdicts.map((v) => ({ criterion: v.label, status: v.status, evidence: v.evidence })) },
    })),
  );
  return {
    jobId,
    notice: SUGGESTION_NOTICE,
    pending,
    matches: shown.map((j) => ({
      candidate: { id: j.fields.id, name: j.fields.name, city: j.fields.city, jobTitle: j.fields.jobTitle },
      score: j.score,
      onJob: onJob.has(j.fields.id),
      madeBy: j.madeBy,
      howScored: howScored(j.madeBy, j.verdicts),
      criteria: j.verdicts,
    })),
  };
}
