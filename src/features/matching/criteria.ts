// A job's criteria (issue 57 item 1): what the recruiter saved, else a proposal from the job's
// description (the rules at once; the model's, from the job queue, when one is configured).
import { z } from "zod";
import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { recordEvent, type Actor } from "../events/record";
import { requirePermission } from "../auth/permissions";
import { featureOn } from "../suggestions/settings";
import { criterionId, proposeCriteria } from "./criteria-rules";
import { CriterionInput, CriterionView, type Criterion } from "./model";
import * as repo from "./repo";

type CriteriaSource = "rules" | "model" | "recruiter";
export interface JobCriteria {
  jobId: number;
  source: CriteriaSource;
  criteria: Criterion[];
}

/** A criterion as saved: an id, its terms (the label when none), years for experience. */
export function normalise(input: z.input<typeof CriterionInput>[]): Criterion[] {
  const seen = new Set<string>();
  const out: Criterion[] = [];
  for (const raw of input) {
    const c = CriterionInput.parse(raw);
    let id = c.id || criterionId(c.kind, c.label);
    for (let n = 2; seen.has(id); n++) id = `${criterionId(c.kind, c.label)}-${n}`;
    seen.add(id);
    const terms = [...new Set([c.label, ...(c.terms ?? [])].map((t) => t.trim()).filter(Boolean))];
    const years = c.kind === "experience" ? (c.years ?? Number(c.label.match(/\d+/)?.[0] ?? 0)) : null;
    out.push({ id, kind: c.kind, label: c.label, mustHave: c.mustHave, weight: c.weight, terms, years });
  }
  return out;
}

function parseSaved(row: repo.CriteriaRow): Criterion[] {
  try {
    return z.array(CriterionView).parse(JSON.parse(row.criteria));
  } catch {
    return [];
  }
}

/** GET /api/jobs/{id}/criteria. */
export function criteriaOf(deps: Deps, workspaceId: number, jobId: number): JobCriteria {
  const job = getJob(deps, workspaceId, jobId); // another workspace's job: 404
  const row = repo.findCriteria(deps.db, workspaceId, jobId);
  if (row) return { jobId, source: row.source as CriteriaSource, criteria: parseSaved(row) };
  return { jobId, source: "rules", criteria: featureOn(deps, workspaceId, "matching") ? proposeCriteria(job) : [] };
}

/** "Propose from the description": the rules' proposal again, to check before it is saved. */
export function proposalFor(deps: Deps, workspaceId: number, jobId: number): JobCriteria {
  const job = getJob(deps, workspaceId, jobId);
  return { jobId, source: "rules", criteria: proposeCriteria(job) };
}

/** The criteria of several jobs at once (the candidate's Suggested jobs). */
export function criteriaOfJobs(deps: Deps, workspaceId: number, jobs: { id: number; title: string; description: string | null; location: string | null }[]): Map<number, Criterion[]> {
  const saved = new Map(
    repo
      .criteriaOfJobs(
        deps.db,
        workspaceId,
        jobs.map((j) => j.id),
      )
      .map((r) => [r.jobId, parseSaved(r)]),
  );
  return new Map(jobs.map((j) => [j.id, saved.get(j.id) ?? proposeCriteria(j)]));
}

/** PUT /api/jobs/{id}/criteria: the recruiter's list replaces the proposal. */
export function saveCriteria(deps: Deps, me: { id: number; role: string; workspaceId: number }, jobId: number, input: z.input<typeof CriterionInput>[], actor: Actor): JobCriteria {
  requirePermission(me, "jobs.write");
  const job = getJob(deps, me.workspaceId, jobId);
  const criteria = normalise(input);
  deps.db.transaction((tx) => {
    repo.saveCriteria(tx, { workspaceId: me.workspaceId, jobId, criteria: JSON.stringify(criteria), source: "recruiter", updatedBy: me.id, updatedAt: deps.clock.now() });
    recordEvent(deps, tx, {
      workspaceId: me.workspaceId,
      actor,
      subject: { type: "job", id: jobId },
      kind: "job.criteria_changed",
      summary: `${job.title}: ${criteria.length} criteria`,
      data: { criteria: criteria.map((c) => c.label) },
    });
  });
  return { jobId, source: "recruiter", criteria };
}

/** The model's proposal, written by the job queue only when nobody has saved criteria meanwhile. */
export function saveModelProposal(deps: Deps, workspaceId: number, jobId: number, criteria: Criterion[]): boolean {
  return deps.db.transaction((tx) => repo.saveCriteriaIfNone(tx, { workspaceId, jobId, criteria: JSON.stringify(criteria), source: "model", updatedAt: deps.clock.now() }));
}
