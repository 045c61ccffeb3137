// The job an interview is for. A scheduling session names a candidate, not a job: the job is
// the candidate's application in the Interview stage, else their latest moved one. The
// interview page's feedback card and the booking pages' client line read the same rule.
import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { applicationsOfCandidate } from "./service";

export function jobOfInterview(deps: Deps, workspaceId: number, candidateId: number): number | null {
  const apps = applicationsOfCandidate(deps, workspaceId, candidateId);
  const inInterview = apps.find((a) => a.stage.toLowerCase() === "interview");
  return (inInterview ?? [...apps].sort((a, b) => b.movedAt.localeCompare(a.movedAt))[0])?.jobId ?? null;
}

/**
 * The client of the job an interview is for, and whether the job lets candidates see its name
 * (the careers site's rule: otherwise "Confidential client"). Null when the job is the agency's
 * own (no client) or there is no job.
 */
export function clientOfInterview(deps: Deps, workspaceId: number, candidateId: number): { name: string; named: boolean } | null {
  const jobId = jobOfInterview(deps, workspaceId, candidateId);
  if (!jobId) return null;
  try {
    const job = getJob(deps, workspaceId, jobId);
    return job.client ? { name: job.client.name, named: job.showClient } : null;
  } catch {
    // The job was deleted while it was read.
    return null;
  }
}
