import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();
let n = 0;

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text && res.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as any) : text, location: res.headers.get("location") };
  };
  return { ...u, call };
}
const names = (p: any) => p.stages.map((s: any) => s.name);

describe("Settings → Pipeline", () => {
  test("defaults; add, rename (applications stay), reorder; Rejected stays last", async () => {
    const w = await workspace();
    const p = (await w.call("/api/pipeline")).body;
    expect(names(p)).toEqual(["Applied", "Screening", "Interview", "Offer", "Placed", "Rejected"]);
    expect(p.rejectReasons).toEqual(["Not a fit", "Withdrew", "Salary", "Position filled", "No response"]);
    const added = await w.call("/api/pipeline/stages", { json: { name: "Client interview", position: 3 } });
    expect(added.status).toBe(201);
    expect(names(added.body)).toEqual(["Applied", "Screening", "Interview", "Client interview", "Offer", "Placed", "Rejected"]);
    expect((await w.call("/api/pipeline/stages", { json: { name: "offer" } })).body.message).toBe("There is already a stage named offer");

    const job = (await w.call("/api/jobs", { json: { title: "Chef" } })).body.job;
    const person = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `s-${++n}`, name: "Sam" });
    const app = (await w.call(`/api/jobs/${job.id}/applications`, { json: { candidateId: person.id } })).body.application;
    await w.call(`/api/applications/${app.id}`, { method: "PATCH", json: { stage: "Screening" } });
    const screening = p.stages.find((s: any) => s.name === "Screening");
    const renamed = await w.call(`/api/pipeline/stages/${screening.id}`, { method: "PATCH", json: { name: "Phone screen", position: 0 } });
    expect(names(renamed.body).slice(0, 2)).toEqual(["Phone screen", "Applied"]);
    expect((await w.call(`/api/applications/${app.id}`)).body.application.stage).toBe("Phone screen");
    const rejected = p.stages.find((s: any) => s.name === "Rejected");
    expect(names((await w.call(`/api/pipeline/stages/${rejected.id}`, { method: "PATCH", json: { position: 0 } })).body).at(-1)).toBe("Rejected");
    expect((await w.call(`/api/pipeline/stages/${rejected.id}`, { method: "DELETE" })).body.message).toBe("Rejected is the closing stage and cannot be removed");
  });

  test("removing a stage that holds applications asks where to move them", async () => {
    const w = await workspace();
    const p = (await w.call("/api/pipeline")).body;
    const job = (await w.call("/api/jobs", { json: { title: "Chef" } })).body.job;
    const offer = p.stages.find((s: any) => s.name === "Offer");
    const placed = p.stages.find((s: any) => s.name === "Placed");
    for (const name of ["A", "B"]) {
      const person = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `r-${++n}`, name });
      const app = (await w.call(`/api/jobs/${job.id}/applications`, { json: { candidateId: person.id } })).body.application;
      await w.call(`/api/applications/${app.id}`, { method: "PATCH", json: { stage: "Offer" } });
    }
    const asked = await w.call(`/api/pipeline/stages/${offer.id}`, { method: "DELETE" });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe("Offer holds 2 applications: choose the stage to move them to");
    const done = await w.call(`/api/pipeline/stages/${offer.id}?moveTo=${placed.id}`, { method: "DELETE" });
    expect(done.status).toBe(200);
    expect(names(done.body)).toEqual(["Applied", "Screening", "Interview", "Placed", "Rejected"]);
    expect(done.body.stages.find((s: any) => s.name === "Placed").applications).toBe(2);
    expect((await w.call(`/api/jobs/${job.id}/applications?stage=Placed`)).body.applications).toHaveLength(2);
  });

  test("reasons: edited list, used by Rejected; validation", async () => {
    const w = await workspace();
    const r = await w.call("/api/pipeline/reject-reasons", { method: "PUT", json: { reasons: [" Ghosted ", "Not a fit", "ghosted", ""] } });
    expect(r.body.rejectReasons).toEqual(["Ghosted", "Not a fit"]);
    expect((await w.call("/api/pipeline/reject-reasons", { method: "PUT", json: { reasons: [" "] } })).body.message).toBe("Give at least one reason");
    expect((await w.call("/api/pipeline/stages", { json: { name: "" } })).body.fields.name).toBe("Name is required");
    const job = (await w.call("/api/jobs", { json: { title: "Chef" } })).body.job;
    const person = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: `g-${++n}`, name: "Gus" });
    const app = (await w.call(`/api/jobs/${job.id}/applications`, { json: { candidateId: person.id } })).body.application;
    expect((await w.call(`/api/applications/${app.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Ghosted" } })).body.application.rejectedReason).toBe("Ghosted");
    expect((await w.call(`/api/applications/${app.id}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Salary" } })).status).toBe(400);
  });

  test("recruiters read the stages but may not change them; another workspace's stage is not found; the page works without JavaScript", async () => {
    const w = await workspace();
    const rec = await addMember(t, w.cookie, "recruiter");
    expect((await w.call("/api/pipeline", { cookie: rec.cookie })).status).toBe(200);
    expect((await w.call("/api/pipeline/stages", { json: { name: "X" }, cookie: rec.cookie })).status).toBe(403);
    expect((await w.call("/settings/pipeline", { cookie: rec.cookie })).status).toBe(403);
    const stage = (await w.call("/api/pipeline")).body.stages[1];
    const other = await workspace();
    expect((await other.call(`/api/pipeline/stages/${stage.id}`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(404);
    expect((await other.call(`/api/pipeline/stages/${stage.id}`, { method: "DELETE" })).status).toBe(404);

    const form = (path: string, fields: Record<string, string>) =>
      t.request(path, { method: "POST", cookie: w.cookie, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" }, body: new URLSearchParams(fields).toString() });
    expect((await form("/settings/pipeline/stages", { name: "Reference check" })).status).toBe(303);
    expect((await form(`/settings/pipeline/stages/${stage.id}`, { name: "Screen", position: "1" })).status).toBe(303);
    expect((await form("/settings/pipeline/reasons", { reasons: "Too junior\r\nToo senior" })).status).toBe(303);
    const page = await w.call("/settings/pipeline");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Reference check");
    expect(page.body).toContain("Screen");
    expect(page.body).toContain("Too junior\nToo senior");
    expect(names((await w.call("/api/pipeline")).body)).toEqual(["Applied", "Screen", "Interview", "Offer", "Placed", "Reference check", "Rejected"]);
  });
});
