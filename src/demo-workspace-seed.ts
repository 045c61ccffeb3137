import type { Deps } from "./deps";
import { addParticipants, latestParticipants } from "./features/candidates/service";
import { sampleCandidates } from "./features/candidates/sample-data";
import { createShortlist, addCandidates } from "./features/shortlists/service";
import { createCampaign, createJob, listJobs } from "./features/jobs/service";
import { seedDemoApplications } from "./features/applications/service";
import { seedDemoClient } from "./features/clients/service";

// The agency's clients (issue 60: the demo named the agency as its own client): each job is for one.
const CLIENTS = [
  { name: "Harbour Bank", website: "https://harbourbank.example.com", notes: "Retail bank; hiring for its digital team in Melbourne and Brisbane." },
  { name: "Koala Health", website: "https://koalahealth.example.com", notes: "Telehealth start-up in Sydney." },
  { name: "Southern Freight", website: "https://southernfreight.example.com", notes: "Logistics group; engineering hub in Perth." },
];

// Campaigns are named by their source (LinkedIn, Seek, a referral); the job says what for.
const JOBS = [
  { title: "Frontend Developer", client: "Harbour Bank", location: "Melbourne", description: "React and TypeScript for the bank's new customer app.", campaigns: ["LinkedIn", "Seek"] },
  { title: "UX Designer", client: "Koala Health", location: "Sydney", description: "Own research and design for booking a doctor online.", campaigns: ["Dribbble", "LinkedIn"] },
  { title: "Product Owner", client: "Harbour Bank", location: "Brisbane", description: "Drive the payments roadmap with engineering and the business.", campaigns: ["LinkedIn", "Referral"] },
  { title: "Engineering Manager", client: "Southern Freight", location: "Perth", description: "Lead two product teams building the tracking platform.", campaigns: ["Seek"] },
];

/**
 * Demo data for a workspace: clients, their jobs with campaign links, about 200 varied candidates over the
 * last six weeks (some through the campaigns, on their job's board) and one shortlist. Does nothing if the workspace
 * already has jobs, so every start after the first leaves the data alone.
 */
export function seedWorkspaceDemo(deps: Deps, workspaceId: number, count = 200) {
  if (listJobs(deps, workspaceId).length) return;
  const links: { jobId: number; campaignId: number; role: string }[] = [];
  const clients = new Map(CLIENTS.map((c) => [c.name, seedDemoClient(deps, workspaceId, c)]));
  for (const j of JOBS) {
    const job = createJob(deps, workspaceId, { title: j.title, location: j.location, description: j.description, clientId: clients.get(j.client) ?? null }, "system");
    for (const name of j.campaigns) {
      const c = createCampaign(deps, workspaceId, job.id, { name, label: name, description: null }, "system");
      links.push({ jobId: job.id, campaignId: c.id, role: j.title });
    }
  }
  // Six weeks of history: the board's days in stage and the funnel's medians are not all today.
  addParticipants(deps, workspaceId, sampleCandidates({ count, seed: 20240601, now: deps.clock.now(), days: 42, links }));
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
