import type { Deps } from "./deps";
import { addParticipants, latestParticipants } from "./features/candidates/service";
import { sampleCandidates } from "./features/candidates/sample-data";
import { createShortlist, addCandidates } from "./features/shortlists/service";
import { createCampaign, createJob, listJobs } from "./features/jobs/service";
import { seedDemoApplications } from "./features/applications/service";

const JOBS = [
  { title: "Frontend Developer", location: "Melbourne", description: "React and TypeScript for our hiring platform.", campaigns: ["LinkedIn", "Seek"] },
  { title: "UX Designer", location: "Sydney", description: "Own research and design for the candidate experience.", campaigns: ["Dribbble"] },
  { title: "Product Owner", location: "Brisbane", description: "Drive the roadmap with engineering and clients.", campaigns: ["LinkedIn", "Referral"] },
  { title: "Engineering Manager", location: "Perth", description: "Lead two product teams.", campaigns: [] },
];

/**
 * Demo data for a workspace: jobs with campaign links, about 200 varied candidates over the
 * last 30 days (some through the campaigns, on their job's board) and one shortlist. Does nothing if the workspace
 * already has jobs, so every start after the first leaves the data alone.
 */
export function seedWorkspaceDemo(deps: Deps, workspaceId: number, count = 200) {
  if (listJobs(deps, workspaceId).length) return;
  const links: { jobId: number; campaignId: number }[] = [];
  for (const j of JOBS) {
    const job = createJob(deps, workspaceId, { title: j.title, location: j.location, description: j.description }, "system");
    for (const name of j.campaigns) {
      const c = createCampaign(deps, workspaceId, job.id, { name: `${name} ${j.title}`, label: name, description: null }, "system");
      links.push({ jobId: job.id, campaignId: c.id });
    }
  }
  addParticipants(deps, workspaceId, sampleCandidates({ count, seed: 20240601, now: deps.clock.now(), links }));
  // The candidates who came through a campaign are on their job's board, at their progress.
  seedDemoApplications(deps, workspaceId, latestParticipants(deps, workspaceId, count));
  const shortlist = createShortlist(deps, workspaceId, "Final round", "system");
  // Three candidates start in the shortlist (and so are hidden from All Candidates).
  addCandidates(
    deps,
    workspaceId,
    shortlist.id,
    latestParticipants(deps, workspaceId, 3).map((p) => p.id),
    "system",
  );
  deps.log.info("demo jobs and candidates seeded", { workspaceId, count });
}
