/**
 * The other features' services the candidate pages use, in one place: candidates
 * (participants), jobs (campaigns) and scheduling (meetings of the host).
 */
import type { Deps } from "../../deps";
import { AppError } from "../../lib/errors";
import { getParticipant, type ParticipantFields } from "../candidates/service";
import { getCandidateSettings } from "../candidates/settings";
import { findCampaignByCode, getJob, listJobs, recordCampaignClick } from "../jobs/service";

export { type ParticipantFields };

/** The workspace's privacy notice and policy link, shown before the first question. */
export function privacyNoticeOf(deps: Deps, workspaceId: number): { text: string; policyUrl: string } {
  const s = getCandidateSettings(deps, workspaceId);
  return { text: s.privacyNotice, policyUrl: s.privacyPolicyUrl };
}

export interface CampaignRef {
  id: number;
  workspaceId: number;
  jobId: number;
  /** The title of the campaign's own job (same workspace), or null. */
  jobTitle: string | null;
}

/** The campaign of a code (codes are unique across workspaces), or null. */
export function campaignOfCode(deps: Deps, code: string): CampaignRef | null {
  const c = findCampaignByCode(deps, code);
  return c ? { id: c.id, workspaceId: c.workspaceId, jobId: c.jobId, jobTitle: c.job?.title ?? null } : null;
}

/** Counts one click per visitor (the jobs feature keeps the per-visitor record). */
export function countCampaignClick(deps: Deps, campaignId: number, visitorId: string): void {
  recordCampaignClick(deps, campaignId, visitorId);
}

/** The job's title when the job belongs to the workspace; null otherwise (never another workspace's). */
export function jobTitleIn(deps: Deps, workspaceId: number, jobId: number): string | null {
  try {
    return getJob(deps, workspaceId, jobId).title;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}

export function jobsOf(deps: Deps, workspaceId: number): { id: number; title: string }[] {
  return listJobs(deps, workspaceId).map((j) => ({ id: j.id, title: j.title }));
}

/** A candidate's e-mail address, or null (also when the candidate is gone). */
export function emailOfParticipant(deps: Deps, workspaceId: number, participantId: number): string | null {
  try {
    return getParticipant(deps, workspaceId, participantId).emailAddress ?? null;
  } catch (e) {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  }
}
