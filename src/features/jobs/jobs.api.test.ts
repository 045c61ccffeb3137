import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { findCampaignByCode, recordCampaignClick } from "./service";

const t = makeTestApp();

async function workspace() {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
  };
  return { ...u, call };
}

describe("/api/jobs", () => {
  test("create, list newest first, delete", async () => {
    const w = await workspace();
    const a = await w.call("/api/jobs", { json: { title: "  Frontend Developer ", description: "React", location: "Melbourne" } });
    expect(a.status).toBe(201);
    expect(a.body.job).toMatchObject({ title: "Frontend Developer", description: "React", location: "Melbourne" });
    await w.call("/api/jobs", { json: { title: "UX Designer" } });
    const list = await w.call("/api/jobs");
    expect(list.body.jobs.map((j: any) => j.title)).toEqual(["UX Designer", "Frontend Developer"]);
    expect(list.body.jobs[0]).toMatchObject({ description: null, location: null });
    expect((await w.call(`/api/jobs/${a.body.job.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await w.call("/api/jobs")).body.jobs).toHaveLength(1);
    expect((await w.call(`/api/jobs/${a.body.job.id}`, { method: "DELETE" })).status).toBe(404);
  });

  test("a title is required", async () => {
    const w = await workspace();
    for (const json of [{}, { title: "   " }, { title: 42 }]) {
      const r = await w.call("/api/jobs", { json });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ message: "Title is required", code: "validation_failed", fields: { title: "Title is required" } });
    }
    expect((await w.call("/api/jobs", { json: { title: "x".repeat(201) } })).status).toBe(400);
  });

  test("deleting a job removes its campaigns", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "PO" } })).body.job;
    const c = (await w.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "LinkedIn" } })).body.campaign;
    expect(findCampaignByCode(t.deps, c.code)).not.toBeNull();
    await w.call(`/api/jobs/${job.id}`, { method: "DELETE" });
    expect(findCampaignByCode(t.deps, c.code)).toBeNull();
    expect((await w.call(`/api/jobs/${job.id}/campaigns`)).status).toBe(404);
  });
});

describe("/api/jobs/{jobId}/campaigns", () => {
  test("create and list: unique URL-safe code, campaignUrl from APP_URL, clickCount", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Developer" } })).body.job;
    const r = await w.call(`/api/jobs/${job.id}/campaigns`, { json: { label: "Seek", name: "Seek ad", description: "March" } });
    expect(r.status).toBe(201);
    const c = r.body.campaign;
    expect(c).toMatchObject({ name: "Seek ad", label: "Seek", description: "March", clickCount: 0, jobId: job.id });
    expect(c.code).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(c.campaignUrl).toBe(`http://localhost/prequalifier?c=${c.code}`);
    const c2 = (await w.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "Second" } })).body.campaign;
    expect(c2.code).not.toBe(c.code);
    const list = (await w.call(`/api/jobs/${job.id}/campaigns`)).body.campaigns;
    expect(list.map((x: any) => x.name)).toEqual(["Seek ad", "Second"]);
  });

  test("a name is required", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Developer" } })).body.job;
    const r = await w.call(`/api/jobs/${job.id}/campaigns`, { json: { label: "x", name: " " } });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ name: "Name is required" });
  });

  test("one click per visitor", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Developer" } })).body.job;
    const c = (await w.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "Clicks" } })).body.campaign;
    const found = findCampaignByCode(t.deps, c.code)!;
    expect(found.workspaceId).toBe(w.workspaceId);
    expect(found.job?.title).toBe("Developer");
    expect(recordCampaignClick(t.deps, c.id, "visitor-a")).toBe(true);
    expect(recordCampaignClick(t.deps, c.id, "visitor-a")).toBe(false);
    expect(recordCampaignClick(t.deps, c.id, "visitor-b")).toBe(true);
    expect((await w.call(`/api/jobs/${job.id}/campaigns`)).body.campaigns[0].clickCount).toBe(2);
    expect(findCampaignByCode(t.deps, "nope")).toBeNull();
  });
});

describe("isolation", () => {
  test("another workspace can neither read nor change jobs and campaigns", async () => {
    const a = await workspace();
    const b = await workspace();
    const job = (await a.call("/api/jobs", { json: { title: "Secret job" } })).body.job;
    await a.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "Secret campaign" } });
    expect((await b.call("/api/jobs")).body.jobs).toEqual([]);
    expect((await b.call(`/api/jobs/${job.id}/campaigns`)).status).toBe(404);
    expect((await b.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "Intruder" } })).status).toBe(404);
    expect((await b.call(`/api/jobs/${job.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await a.call(`/api/jobs/${job.id}/campaigns`)).body.campaigns).toHaveLength(1);
    expect((await t.request("/api/jobs")).status).toBe(401);
  });
});

describe("no-JavaScript job form", () => {
  test("POST /dashboard/jobs answers 303 to the dashboard", async () => {
    const w = await workspace();
    const res = await t.request("/dashboard/jobs", {
      cookie: w.cookie,
      body: new URLSearchParams({ title: "Form job", location: "Perth" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    expect((await w.call("/api/jobs")).body.jobs[0].title).toBe("Form job");
  });
});
