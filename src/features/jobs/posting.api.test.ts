import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { openJobs } from "./service";

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

describe("a job's posting fields (PATCH and GET /api/jobs)", () => {
  test("a new job is a draft with no posting facts; its creator owns it", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Nurse" } })).body.job;
    expect(job).toMatchObject({
      status: "draft",
      published: false,
      publishedAt: null,
      closedAt: null,
      validThrough: null,
      employmentType: null,
      remote: "on_site",
      remoteCountries: [],
      salary: null,
      showClient: false,
      ownerId: w.userId,
      descriptionHtml: "",
    });
  });

  test("every field is set by PATCH, returned by GET /api/jobs, and publishing stamps publishedAt once", async () => {
    const w = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Site engineer" } })).body.job;
    const patch = {
      description: "## The role\n\nBuild **bridges**.<script>alert(1)</script>",
      published: true,
      validThrough: "2099-03-31",
      employmentType: "contract",
      remote: "remote",
      remoteCountries: ["au", "NZ", "AU"],
      city: "Melbourne",
      region: "VIC",
      country: "au",
      postalCode: "3000",
      salary: { min: 90000, max: 120000, currency: "aud", period: "year" },
      showClient: true,
    };
    const r = await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json: patch });
    expect(r.status).toBe(200);
    expect(r.body.job).toMatchObject({
      status: "open",
      published: true,
      validThrough: "2099-03-31T23:59:59.000Z",
      employmentType: "contract",
      remote: "remote",
      remoteCountries: ["AU", "NZ"],
      city: "Melbourne",
      region: "VIC",
      country: "AU",
      postalCode: "3000",
      salary: { min: 90000, max: 120000, currency: "AUD", period: "year" },
      showClient: true,
    });
    expect(r.body.job.descriptionHtml).toBe("<h2>The role</h2>\n<p>Build <strong>bridges</strong>.</p>");
    const publishedAt = r.body.job.publishedAt;
    expect(publishedAt).toBeString();
    t.clock.advance(60_000);
    const again = await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json: { published: true, salary: null } });
    expect(again.body.job.publishedAt).toBe(publishedAt);
    expect(again.body.job.salary).toBeNull();
    expect(again.body.job.updatedAt > r.body.job.updatedAt).toBe(true);
    const listed = (await w.call("/api/jobs")).body.jobs.find((j: any) => j.id === job.id);
    expect(listed).toMatchObject({ status: "open", city: "Melbourne", remoteCountries: ["AU", "NZ"] });
  });

  test("closed, unpublished or past its closing date: no longer open", async () => {
    const w = await workspace();
    const mk = async (json: object) => (await w.call("/api/jobs", { json: { title: "Job", ...json } })).body.job;
    const open = await mk({ published: true });
    const closed = await mk({ published: true, closed: true });
    await mk({ published: false });
    const expired = await mk({ published: true, validThrough: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    expect(
      openJobs(t.deps, w.workspaceId)
        .map((j) => j.id)
        .sort(),
    ).toEqual([open.id, expired.id].sort());
    expect(closed.status).toBe("closed");
    t.clock.advance(2 * 3_600_000);
    expect(openJobs(t.deps, w.workspaceId).map((j) => j.id)).toEqual([open.id]);
    expect((await w.call(`/api/jobs/${expired.id}`)).body.job.status).toBe("closed");
    const reopened = await w.call(`/api/jobs/${closed.id}`, { method: "PATCH", json: { closed: false } });
    expect(reopened.body.job).toMatchObject({ status: "open", closedAt: null });
  });

  test("bad values are refused at their field; another workspace's member cannot own the job", async () => {
    const w = await workspace();
    const other = await workspace();
    const job = (await w.call("/api/jobs", { json: { title: "Chef" } })).body.job;
    const cases: [object, string][] = [
      [{ employmentType: "forever" }, "employmentType"],
      [{ remote: "moon" }, "remote"],
      [{ country: "Australia" }, "country"],
      [{ validThrough: "soon" }, "validThrough"],
      [{ salary: { min: 5, max: 1, currency: "AUD", period: "year" } }, "salary.max"],
      [{ salary: { currency: "dollars", period: "year", min: 1 } }, "salary.currency"],
    ];
    for (const [json, field] of cases) {
      const r = await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.fields ?? {})).toContain(field);
    }
    const owner = await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json: { ownerId: other.userId } });
    expect(owner.status).toBe(400);
    expect(owner.body.fields).toEqual({ ownerId: "Member not found" });
  });
});
