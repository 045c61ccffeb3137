import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { DEFAULT_CRITERIA } from "./model";
import * as repo from "./repo";

// The criteria a job's scorecard rates 1–5 (the defaults until the job names its own).

export function criteriaOf(deps: Deps, workspaceId: number, jobId: number | null): string[] {
  if (!jobId) return [...DEFAULT_CRITERIA];
  const raw = repo.criteriaOf(deps.db, workspaceId, jobId);
  try {
    const list: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(list) && list.length ? list.map(String) : [...DEFAULT_CRITERIA];
  } catch {
    return [...DEFAULT_CRITERIA];
  }
}

/** GET /api/jobs/{id}/scorecard (another workspace's job: 404). */
export function scorecardCriteria(deps: Deps, workspaceId: number, jobId: number): string[] {
  getJob(deps, workspaceId, jobId);
  return criteriaOf(deps, workspaceId, jobId);
}

export function setCriteria(deps: Deps, workspaceId: number, jobId: number, criteria: string[]): string[] {
  getJob(deps, workspaceId, jobId);
  const seen = new Set<string>();
  const list = criteria.filter((c) => !seen.has(c.toLowerCase()) && seen.add(c.toLowerCase()));
  repo.setCriteria(deps.db, workspaceId, jobId, JSON.stringify(list));
  return list;
}
