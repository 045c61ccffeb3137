import { expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { funnelOf } from "./funnel";

const t = makeTestApp();
t.clock.set(new Date("2030-07-01T00:00:00Z"));

test("the funnel: reached per stage, conversion to the next, median days in stage, time to Placed; drawn on the board and the client's page", async () => {
  const u = await t.signUp();
  let cookie = u.cookie;
  // Days pass in this test: the recruiter signs in again after each wait.
  const later = async (days: number) => {
    t.clock.advance(days * 86_400_000);
    cookie = await t.login(u.email, u.password);
  };
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie, ...init });
    const text = await res.text();
    return res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  };
  const client = (await call("/api/clients", { json: { name: "Globex" } })).client;
  const job = (await call("/api/jobs", { json: { title: "Welder", clientId: client.id } })).job;
  const apps: number[] = [];
  for (const name of ["A", "B", "C", "D"]) {
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `fn-${name}`, name });
    apps.push((await call(`/api/jobs/${job.id}/applications`, { json: { candidateId: p.id } })).application.id);
  }
  const move = (i: number, stage: string, extra: Record<string, unknown> = {}) => call(`/api/applications/${apps[i]}`, { method: "PATCH", json: { stage, ...extra } });
  // Day 2: A, B, C to Screening; D rejected. Day 6: A, B to Interview. Day 10: A placed.
  await later(2);
  for (const i of [0, 1, 2]) await move(i, "Screening");
  await move(3, "Rejected", { rejectedReason: "Salary" });
  await later(4);
  for (const i of [0, 1]) await move(i, "Interview");
  await later(4);
  await move(0, "Offer");
  await move(0, "Placed");

  const f = funnelOf(t.deps, u.workspaceId, [job.id]);
  expect(f.stages.map((s) => [s.name, s.reached, s.now])).toEqual([
    ["Applied", 4, 0],
    ["Screening", 3, 1],
    ["Interview", 2, 1],
    ["Offer", 1, 0],
    ["Placed", 1, 1],
  ]);
  expect(f.stages.map((s) => s.conversion)).toEqual([0.75, 2 / 3, 0.5, 1, null]);
  // Applied: four stays of 2 days; Screening: 4, 4 and 8 (C still there, day 10) → 4.
  expect(f.stages[0]!.medianDays).toBe(2);
  expect(f.stages[1]!.medianDays).toBe(4);
  expect(f).toMatchObject({ total: 4, rejected: 1, medianDaysToPlaced: 10 });

  const board = await call(`/jobs/${job.id}`);
  // Drawn in HTML, the figures in words (issue 60: they wrap on a phone instead of being cut).
  expect(board).toContain('data-funnel-stage="Screening"');
  expect(board).toContain("3 reached · 1 here now · 67% went on to Interview · median 4 days here");
  expect(await call(`/clients/${client.id}`)).toContain("Funnel of this client&#x27;s jobs");
});
