import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apply, careersWorkspace, startedOf } from "../../../test/kits/careers";

const t = makeTestApp({ TRUST_PROXY: "1" });
let ip = 0;
const addr = () => `198.51.100.${++ip}`;

describe("where applicants come from (issue 56 item 5)", () => {
  test("?source= and utm_source are kept on the application; /jobs and the job's Posting page count them by source and progress; the candidate list filters by source", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Welder");
    // The list's link carries the source to the job page, the job page to the form, the form to the application.
    const list = await (await t.request(`/careers/${w.slug}?utm_source=Seek`)).text();
    expect(list).toContain(`href="/careers/${w.slug}/jobs/${job.id}?source=seek"`);
    const jobPage = await (await t.request(`/careers/${w.slug}/jobs/${job.id}?source=seek`)).text();
    expect(jobPage).toContain(`href="/careers/${w.slug}/jobs/${job.id}/apply?source=seek"`);
    const formPage = await (await t.request(`/careers/${w.slug}/jobs/${job.id}/apply?source=seek`)).text();
    expect(formPage).toContain('name="source" value="seek"');

    const started = await startedOf(t, w.slug, job.id, "?source=seek");
    expect((await apply(t, w.slug, job.id, { started, source: "seek", email: "a@example.com", ip: addr() })).status).toBe(303);
    expect((await apply(t, w.slug, job.id, { source: "seek", email: "b@example.com", ip: addr() })).status).toBe(303);
    expect((await apply(t, w.slug, job.id, { source: "indeed", email: "c@example.com", ip: addr() })).status).toBe(303);
    expect((await apply(t, w.slug, job.id, { source: "", email: "d@example.com", ip: addr() })).status).toBe(303);

    const apps = (await w.call(`/api/jobs/${job.id}/applications`)).body.applications as any[];
    const b = apps.find((a) => a.candidate.name === "Ada Applicant" && a.source === "seek");
    expect(b).toBeDefined();
    // One of the seek applicants moves on: "how far each got".
    const seekId = apps.find((a) => a.source === "seek").id;
    await w.call(`/api/applications/${seekId}`, { method: "PATCH", json: { stage: "Screening" } });
    // It reached Interview and was rejected after: it still got as far as Interview.
    await w.call(`/api/applications/${seekId}`, { method: "PATCH", json: { stage: "Interview" } });
    await w.call(`/api/applications/${seekId}`, { method: "PATCH", json: { stage: "Rejected", rejectedReason: "Salary" } });

    // The sources report reads the application's own source: how far each source's applicants got.
    const report = await (await t.request(`/reports.csv?report=sources&by=source`, { cookie: w.cookie })).text();
    expect(report).toMatch(/^seek,2,/m);
    expect(report).toMatch(/^indeed,1,/m);

    const posting = await (await t.request(`/jobs/${job.id}/posting`, { cookie: w.cookie })).text();
    expect(posting).toContain("Applications by source");
    // Stage by stage: applications, then how many reached Screening, Interview, Offer and Placed.
    const row = (source: string) => {
      const tr = posting.match(new RegExp(`<tr><th scope="row"[^>]*>${source}</th>(.*?)</tr>`))?.[1] ?? "";
      return [...tr.matchAll(/<td[^>]*>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    };
    expect(posting).toMatch(/<th scope="col"[^>]*>Screening<\/th><th scope="col"[^>]*>Interview<\/th>/);
    expect(row("seek")).toEqual([2, 1, 1, 0, 0]);
    expect(row("indeed")).toEqual([1, 0, 0, 0, 0]);
    // Without a source of its own (and a candidate who came through no campaign): "Direct", as the sources report names it.
    expect(row("Direct")).toEqual([1, 0, 0, 0, 0]);
    expect(report).toMatch(/^Direct,1,/m);
    const jobs = await (await t.request("/jobs", { cookie: w.cookie })).text();
    expect(jobs).toContain(`href="/candidates?source=seek"`);
    expect(jobs.replaceAll("<!-- -->", "")).toContain("seek</a> 2 (1 Screening, 1 Interview, 0 Offer, 0 Placed)");
    // "Direct" is no source to filter the candidates by: a name, not a link.
    expect(jobs.replaceAll("<!-- -->", "")).toContain(" · Direct 1 (0 Screening");
    expect(jobs).not.toContain("/candidates?source=Direct");

    const seek = (await w.call("/api/participants?source=seek")).body;
    expect(seek.participants.map((p: any) => p.emailAddress).sort()).toEqual(["a@example.com", "b@example.com"]);
    expect(seek.pagination.total).toBe(2);
    const indeed = (await w.call("/api/participants?source=indeed")).body;
    expect(indeed.participants.map((p: any) => p.emailAddress)).toEqual(["c@example.com"]);
    const page = await (await t.request("/candidates?source=indeed", { cookie: w.cookie })).text();
    expect(page).toContain("c@example.com");
    expect(page).not.toContain("a@example.com");
    expect(page).toContain('<option value="">All sources</option>');
  });

  test("an application through a campaign link carries the campaign as its source", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Crane Operator");
    const campaign = (await w.call(`/api/jobs/${job.id}/campaigns`, { json: { name: "Seek Spring Ad" } })).body.campaign;
    const person = t.deps.candidates.upsertFromVisitor(w.workspaceId, { uniqueId: "visitor-1", name: "Cam", emailAddress: "cam@example.com", jobId: job.id, campaignId: campaign.id });
    const apps = (await w.call(`/api/participants/${person.id}`)).body.applications as any[];
    expect(apps.map((a) => a.source)).toEqual(["campaign:seek-spring-ad"]);
    expect((await w.call("/api/participants?source=campaign:seek-spring-ad")).body.participants.map((p: any) => p.id)).toEqual([person.id]);
  });
});
