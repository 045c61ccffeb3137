// Issue 60 item 9: demo data a recruiter believes. Campaign candidates apply for their campaign's
// job, the notice said in the conversation is the one in the field, the history runs over weeks
// (cards and funnel medians are not all "today" and "0 d"), and the jobs are for clients other
// than the agency itself.
import { expect, test } from "bun:test";
import { makeTestApp } from "../test/helpers";
import { seedDemo } from "./demo";
import { latestParticipants } from "./features/candidates/service";
import { listJobs, listCampaigns } from "./features/jobs/service";
import { clientNames } from "./features/clients/service";
import { loadBoard } from "./features/applications/board";
import { funnelOf } from "./features/applications/funnel";
import { workspaceZone } from "./features/auth/workspace-site";

const t = makeTestApp({}, { demo: true });

test("the demo workspace tells one consistent story over weeks", async () => {
  const user = await seedDemo(t.deps);
  const ws = user.workspaceId;
  const jobs = listJobs(t.deps, ws);
  const clients = clientNames(t.deps, ws);
  expect([...clients.values()]).not.toContain("Demo Agency");
  expect(clients.size).toBeGreaterThanOrEqual(3);
  // Every job is for one of the clients.
  expect(jobs.every((j) => j.clientId !== null && clients.has(j.clientId))).toBe(true);

  const campaignJob = new Map<number, string>();
  for (const j of jobs) for (const c of listCampaigns(t.deps, ws, j.id)) campaignJob.set(c.id, j.title);
  // Campaigns are named by their source, not "Referral Product Owner".
  for (const j of jobs) for (const c of listCampaigns(t.deps, ws, j.id)) expect(c.name).not.toContain(j.title);

  const people = latestParticipants(t.deps, ws, 1000);
  expect(people.length).toBeGreaterThan(150);
  for (const p of people) {
    if (p.campaignId) expect(p.roleApplied).toBe(campaignJob.get(p.campaignId)!);
    const said = p.prequalifier?.match(/available ([^.\n]+)\./)?.[1];
    if (said) expect(said).toBe(p.availability!.toLowerCase());
  }

  // Weeks of history: candidates applied on many different days, cards are not all "today".
  const days = new Set(people.map((p) => p.createdAt.slice(0, 10)));
  expect(days.size).toBeGreaterThan(20);
  const cards = jobs.flatMap((j) => loadBoard(t.deps, ws, j.id).columns.flatMap((c) => c.cards));
  expect(cards.length).toBeGreaterThan(50);
  expect(cards.filter((c) => c.daysInStage === 0).length).toBeLessThan(cards.length / 4);
  // The funnel's medians: days, not all 0.
  const funnel = funnelOf(
    t.deps,
    ws,
    jobs.map((j) => j.id),
  );
  const medians = funnel.stages.map((s) => s.medianDays).filter((m): m is number => m !== null);
  expect(medians.some((m) => m >= 3)).toBe(true);

  // The agency is in Sydney: its intro-call hours are Sydney's.
  expect(workspaceZone(t.deps, ws)).toBe("Australia/Sydney");
});
