import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createCampaign } from "../jobs/service";

const t = makeTestApp();
let n = 0;

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
  };
  const job = (await call("/api/jobs", { json: { title: "Backend Engineer", location: "Sydney" } })).body.job as { id: number; title: string };
  const person = (name: string) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `v-${++n}`, name, emailAddress: `p${n}@example.com`, city: "Sydney" });
  return { ...u, call, job, person };
}

describe("applications", () => {
  test("a candidate coming through a job's campaign link gets one application, in Applied, once", async () => {
    const w = await workspace();
    const campaign = createCampaign(t.deps, w.workspaceId, w.job.id, { name: "Seek", label: null, description: null }, "system");
    const p = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `v-${++n}`, name: "Ada Lovelace", emailAddress: "ada@example.com", jobId: w.job.id, campaignId: campaign.id });
    upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `v-${n}`, assessment: "done", stages: 3, jobId: w.job.id, campaignId: campaign.id });
    const list = await w.call(`/api/jobs/${w.job.id}/applications`);
    expect(list.status).toBe(200);
    expect(list.body.applications).toHaveLength(1);
    expect(list.body.applications[0]).toMatchObject({ candidateId: p.id, jobId: w.job.id, stage: "Applied", rejectedReason: null, candidate: { name: "Ada Lovelace" } });
    const second = (await w.call("/api/jobs", { json: { title: "Data Engineer" } })).body.job;
    expect((await w.call(`/api/jobs/${second.id}/applications`, { json: { candidateId: p.id } })).status).toBe(201);
    const detail = await w.call(`/api/participants/${p.id}`);
    expect(detail.body.applications.map((a: any) => [a.jobId, a.stage, a.job.title])).toEqual([
      [w.job.id, "Applied", "Backend Engineer"],
      [second.id, "Applied", "Data Engineer"],
    ]);
  });

  test("a recruiter adds a candidate; twice is a conflict; a stranger's candidate or job is not found", async () => {
    const w = await workspace();
    const p = w.person("Grace");
    const r = await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: p.id } });
    expect(r.status).toBe(201);
    expect(r.body.application).toMatchObject({ candidateId: p.id, jobId: w.job.id, stage: "Applied" });
    const again = await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: p.id } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Grace already has an application to Backend Engineer");
    expect((await w.call(`/api/jobs/${w.job.id}/applications`, { json: {} })).body).toMatchObject({ code: "validation_failed", fields: { candidateId: "Choose a candidate" } });

    const other = await workspace();
    const theirs = other.person("Eve");
    expect((await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: theirs.id } })).status).toBe(404);
    expect((await other.call(`/api/jobs/${w.job.id}/applications`)).status).toBe(404);
    expect((await other.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: theirs.id } })).status).toBe(404);
    expect((await other.call(`/api/applications/${r.body.application.id}`, { method: "PATCH", json: { stage: "Offer" } })).status).toBe(404);
    expect((await other.call(`/api/applications/${r.body.application.id}`)).status).toBe(404);
  });

  test("moving: by stage name, ?stage= filters, Rejected needs a listed reason; recorded in the timeline, the activity log and a webhook", async () => {
    const w = await workspace();
    const hook = await w.call("/api/webhooks", { json: { url: "https://hooks.example/frank", events: ["application.stage_changed"] } });
    expect(hook.status).toBe(201);
    const a = w.person("Ada");
    const b = w.person("Bob");
    const appA = (await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: a.id } })).body.application;
    await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: b.id } });
    const moved = await w.call(`/api/applications/${appA.id}`, { method: "PATCH", json: { stage: "screening" } });
    expect(moved.status).toBe(200);
    expect(moved.body.application).toMatchObject({ stage: "Screening", rejectedReason: null });
    expect((await w.call(`/api/jobs/${w.job.id}/applications?stage=Screening`)).body.applications.map((x: any) => x.candidateId)).toEqual([a.id]);
    expect((await w.call(`/api/jobs/${w.job.id}/applications?stage=Applied`)).body.applications.map((x: any) => x.candidateId)).toEqual([b.id]);
    const unknown = await w.call(`/api/jobs/${w.job.id}/applications?stage=Nowhere`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Unknown stage: Nowhere. Stages are: Applied, Screening, Interview, Offer, Placed, Rejected");

    const noReason = await w.call(`/api/applications/${appA.id}`, { method: "PATCH", json: { stage: "Rejected" } });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ message: "Choose a reason for Rejected", fields: { rejectedReason: "Choose a reason for Rejected" } });
    const badReason = await w.call(`/api/applications/${appA.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Bad hair" } });
    expect(badReason.body.message).toBe("Unknown reason: Bad hair. Reasons are: Not a fit, Withdrew, Salary, Position filled, No response");
    const rejected = await w.call(`/api/applications/${appA.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "salary" } });
    expect(rejected.body.application).toMatchObject({ stage: "Rejected", rejectedReason: "Salary" });

    const timeline = await w.call(`/api/participants/${a.id}/activity`);
    const lines = timeline.body.activity.filter((i: any) => i.type === "pipeline").map((i: any) => i.text);
    expect(lines).toContain("Backend Engineer: pipeline stage moved from Applied to Screening");
    expect(lines).toContain("Backend Engineer: pipeline stage moved from Screening to Rejected (Salary)");
    const log = await w.call("/api/workspace/activity?action=application.stage_changed");
    expect(log.body.activity).toHaveLength(2);
    const deliveries = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(deliveries.map((d) => d.type)).toEqual(["application.stage_changed", "application.stage_changed"]);
    expect(JSON.parse(deliveries[1]!.payload).data).toMatchObject({ candidateId: a.id, jobId: w.job.id, from: "Screening", to: "Rejected", rejectedReason: "Salary" });
  });

  test("a recruiter may add and move; the input is checked", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    const p = w.person("Cy");
    const made = await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: p.id }, cookie: rec.cookie });
    expect(made.status).toBe(201);
    expect((await w.call(`/api/applications/${made.body.application.id}`, { method: "PATCH", json: { stage: "Offer" }, cookie: rec.cookie })).body.application.stage).toBe("Offer");
    expect((await w.call(`/api/applications/${made.body.application.id}`, { method: "PATCH", json: {} })).status).toBe(400);
    expect((await w.call(`/api/applications/${made.body.application.id}`, { method: "PATCH", json: { stage: "" } })).status).toBe(400);
    expect((await w.call(`/api/applications/abc`, { method: "PATCH", json: { stage: "Offer" } })).status).toBe(400);
  });

  test("merging duplicates keeps their applications (one per job)", async () => {
    const w = await workspace();
    const other = (await w.call("/api/jobs", { json: { title: "Ops" } })).body.job;
    const keep = w.person("Kim");
    const dupe = w.person("Kim Again");
    await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: keep.id } });
    await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: dupe.id } });
    await w.call(`/api/jobs/${other.id}/applications`, { json: { candidateId: dupe.id } });
    expect((await w.call("/api/participants/merge", { json: { keepId: keep.id, mergeIds: [dupe.id] } })).status).toBe(200);
    const apps = (await w.call(`/api/participants/${keep.id}`)).body.applications.map((a: any) => a.jobId).sort();
    expect(apps).toEqual([w.job.id, other.id].sort());
  });

  test("500 concurrent stage moves on one board: none lost", async () => {
    const w = await workspace();
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push((await w.call(`/api/jobs/${w.job.id}/applications`, { json: { candidateId: w.person(`P${i}`).id } })).body.application.id);
    const open = ["Screening", "Interview", "Offer", "Placed", "Applied"];
    // 10 rounds of 50 moves at once; the last round decides each card's stage.
    const last = new Map<number, string>();
    const moves = [];
    for (let round = 0; round < 10; round++) {
      for (const [k, id] of ids.entries()) {
        const stage = open[(k + round) % open.length]!;
        last.set(id, stage);
        moves.push(() => w.call(`/api/applications/${id}`, { method: "PATCH", json: { stage } }));
      }
    }
    const results = await Promise.all(moves.map((m) => m()));
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const counts = new Map<string, number>();
    for (const s of last.values()) counts.set(s, (counts.get(s) ?? 0) + 1);
    const list = (await w.call(`/api/jobs/${w.job.id}/applications`)).body.applications as { id: number; stage: string }[];
    for (const s of open) expect({ s, n: list.filter((a) => a.stage === s).length }).toEqual({ s, n: counts.get(s) ?? 0 });
  });
});
