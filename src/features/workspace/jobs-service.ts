import type { Deps } from "../../deps";
import { listCampaigns, listJobs } from "../jobs/service";
import { applicantsByCampaign } from "../candidates/service";
import { applicationsBySourcePerJob } from "../applications/sources";

/** /jobs: every job with its campaigns, each campaign's clicks (unique visitors) and applicants. */
export function loadJobs(deps: Deps, workspaceId: number) {
  const jobs = listJobs(deps, workspaceId).map((job) => ({ job, campaigns: listCampaigns(deps, workspaceId, job.id) }));
  const applicants = applicantsByCampaign(
    deps,
    workspaceId,
    jobs.flatMap((j) => j.campaigns.map((c) => c.id)),
  );
  const sources = applicationsBySourcePerJob(deps, workspaceId);
  return jobs.map(({ job, campaigns }) => {
    const rows = campaigns.map((c) => ({ id: c.id, name: c.name, label: c.label, url: c.campaignUrl, clicks: c.clicks, applicants: applicants.get(c.id) ?? 0, createdAt: c.createdAt }));
    return {
      ...job,
      campaigns: rows,
      clicks: rows.reduce((n, c) => n + c.clicks, 0),
      applicants: rows.reduce((n, c) => n + c.applicants, 0),
      // Where its applications came from, and how far those of each source got, stage by stage (issue 56).
      sources: sources.get(job.id) ?? [],
    };
  });
}

export type JobsData = ReturnType<typeof loadJobs>;
