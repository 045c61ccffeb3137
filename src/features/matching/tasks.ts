// The model's part of matching, in the job queue (never while a person waits): proposing a job's
// criteria from its description, and judging the top of the rules ranking with quotes.
import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, type Job } from "../../lib/jobs";
import { completeJson, modelConfigured } from "../chat/llm";
import { findJobAnywhere } from "./job-lookup";
import { featureOn } from "../suggestions/settings";
import { recordSuggestions } from "../suggestions/service";
import { criteriaOf, saveModelProposal } from "./criteria";
import { checkVerdicts, judgeMessages, PROMPT_VERSION } from "./judge";
import { checkCriteria, criteriaMessages } from "./propose-model";
import { scoreOf } from "./evidence";
import { judgeCandidates } from "./judged";
import * as repo from "./repo";

const JudgePayload = z.object({ workspaceId: z.number().int(), jobId: z.number().int(), participantIds: z.array(z.number().int()).max(50) });
const CriteriaPayload = z.object({ workspaceId: z.number().int(), jobId: z.number().int() });
const judgeMatchesJob = defineJob("matching.judge", JudgePayload, { serialKey: (p) => `match-job:${p.jobId}` });
const proposeCriteriaJob = defineJob("matching.propose-criteria", CriteriaPayload, { serialKey: (p) => `match-job:${p.jobId}` });

/**
 * What this app has asked for already (job|candidate|input hash), so a page seen twice before
 * the worker ran does not queue the same work twice. Per app (a field of the matching feature's
 * closure), and only a saving: the task itself skips a candidate whose current judgment is
 * already written.
 */
export interface AskedWork {
  has(key: string): boolean;
  remember(key: string): void;
}

const ASKED_MAX = 10_000;

export function askedWork(): AskedWork {
  const asked = new Set<string>();
  return {
    has: (key) => asked.has(key),
    remember: (key) => {
      if (asked.size >= ASKED_MAX) asked.clear();
      asked.add(key);
    },
  };
}

/** The matching services' context: the infrastructure and what this app has asked the model for. */
export type MatchingDeps = Deps & { asked: AskedWork };

export function askForJudgments(deps: MatchingDeps, workspaceId: number, jobId: number, candidates: { id: number; hash: string }[]): void {
  const fresh = candidates.filter((c) => !deps.asked.has(`${jobId}|${c.id}|${c.hash}`));
  if (!fresh.length) return;
  deps.db.transaction((tx) => judgeMatchesJob.enqueue(tx, { workspaceId, jobId, participantIds: fresh.map((c) => c.id) }));
  for (const c of fresh) deps.asked.remember(`${jobId}|${c.id}|${c.hash}`);
}

export function askForCriteria(deps: MatchingDeps, workspaceId: number, jobId: number): void {
  if (!modelConfigured(deps.config) || deps.asked.has(`criteria|${jobId}`)) return;
  deps.db.transaction((tx) => proposeCriteriaJob.enqueue(tx, { workspaceId, jobId }));
  deps.asked.remember(`criteria|${jobId}`);
}

export function matchingJobs(deps: Deps): Job<any>[] {
  return [
    judgeMatchesJob.runs(
      async ({ workspaceId, jobId, participantIds }, { signal, whileLeased }) => {
        if (!modelConfigured(deps.config) || !featureOn(deps, workspaceId, "matching") || !findJobAnywhere(deps, workspaceId, jobId)) return;
        const { criteria } = criteriaOf(deps, workspaceId, jobId);
        for (const j of judgeCandidates(deps, workspaceId, jobId, criteria, participantIds, true)) {
          if (j.madeBy !== "rules") continue; // judged already from the same input
          const answer = await completeJson(deps.config, judgeMessages(criteria, j.sources), signal);
          const { verdicts, dropped } = checkVerdicts(answer, criteria, j.sources);
          if (dropped) deps.log.info("matching: quotes not in the candidate's text were dropped", { jobId, participantId: j.fields.id, dropped });
          const model = deps.config.OPENAI_MODEL;
          await whileLeased((tx) => {
            repo.saveJudgment(tx, { workspaceId, jobId, participantId: j.fields.id, inputHash: j.hash, model, verdicts: JSON.stringify(verdicts), createdAt: deps.clock.now() });
            recordSuggestions(deps, tx, [
              {
                workspaceId,
                participantId: j.fields.id,
                feature: "matching",
                subject: `job:${jobId}`,
                madeBy: model,
                promptVersion: PROMPT_VERSION,
                inputHash: j.hash,
                output: { score: scoreOf(criteria, verdicts), criteria: verdicts.map((v) => ({ criterion: v.label, status: v.status, evidence: v.evidence })), quotesDropped: dropped },
              },
            ]);
          });
        }
      },
      { timeoutMs: 300_000, concurrency: 2 },
    ),
    proposeCriteriaJob.runs(
      async ({ workspaceId, jobId }, { signal }) => {
        const job = findJobAnywhere(deps, workspaceId, jobId);
        if (!job || !modelConfigured(deps.config) || !featureOn(deps, workspaceId, "matching")) return;
        const criteria = checkCriteria(await completeJson(deps.config, criteriaMessages(job), signal));
        if (criteria.length) saveModelProposal(deps, workspaceId, jobId, criteria);
      },
      { timeoutMs: 120_000 },
    ),
  ];
}
