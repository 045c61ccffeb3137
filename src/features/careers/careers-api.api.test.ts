import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { careersWorkspace, ORIGIN } from "../../../test/kits/careers";

const t = makeTestApp();

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const post = (cookie: string, path: string, fields: Record<string, string>) =>
  t.request(path, { method: "POST", cookie, body: form(fields), headers: { ...ORIGIN, "content-type": "application/x-www-form-urlencoded" } });

describe("the careers API (issue 56 item 7)", () => {
  test("GET/PUT /api/jobs/{id}/application-form: defaults, a saved form, refusals at the fields, another workspace's job 404", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Electrician");
    expect((await w.call(`/api/jobs/${job.id}/application-form`)).body.form).toEqual({ fields: { phone: "optional", linkedin: "optional", cv: "required", note: "optional" }, questions: [] });
    const saved = await w.call(`/api/jobs/${job.id}/application-form`, {
      method: "PUT",
      json: {
        fields: { cv: "optional", note: "off" },
        questions: [
          { label: "Licence class?", kind: "choice", options: ["A", "B"], knockout: "B" },
          { label: "Own tools?", kind: "yes_no", mode: "optional", knockout: "No" },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.form).toEqual({
      fields: { phone: "optional", linkedin: "optional", cv: "optional", note: "off" },
      questions: [
        { id: "q1", label: "Licence class?", kind: "choice", options: ["A", "B"], mode: "required", knockout: "B" },
        { id: "q2", label: "Own tools?", kind: "yes_no", options: [], mode: "optional", knockout: "no" },
      ],
    });
    const bad = await w.call(`/api/jobs/${job.id}/application-form`, { method: "PUT", json: { questions: [{ label: "Pick", kind: "choice", options: ["Only one"] }] } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.fields)).toContain("A choice needs at least two options");
    const badMode = await w.call(`/api/jobs/${job.id}/application-form`, { method: "PUT", json: { fields: { cv: "sometimes" } } });
    expect(badMode.status).toBe(400);
    const other = await careersWorkspace(t);
    expect((await other.call(`/api/jobs/${job.id}/application-form`)).status).toBe(404);
    expect((await other.call(`/api/jobs/${job.id}/application-form`, { method: "PUT", json: { questions: [] } })).status).toBe(404);
  });

  test("the OpenAPI document describes /api/careers, the application form and an application's source, answers and flags", async () => {
    const doc = await (await t.request("/api/openapi.json")).json();
    expect(doc.paths["/api/careers"].get.responses["200"].content["application/json"].schema.properties.site).toBeDefined();
    expect(doc.paths["/api/careers"].put.requestBody.content["application/json"].schema.required).toContain("slug");
    const formPath = doc.paths["/api/jobs/{jobId}/application-form"];
    expect(formPath.get).toBeDefined();
    expect(formPath.put.requestBody).toBeDefined();
    const app = doc.paths["/api/applications/{id}"].get.responses["200"].content["application/json"].schema.properties.application;
    expect(Object.keys(app.properties)).toEqual(expect.arrayContaining(["source", "answers", "flags"]));
  });
});

describe("the job's Posting page and Settings → Careers site, without JavaScript", () => {
  test("the posting form saves the job's facts; a bad value shows the form again with its message and what was typed", async () => {
    const w = await careersWorkspace(t);
    const made = (await w.call("/api/jobs", { json: { title: "Fitter" } })).body.job;
    const page = await (await t.request(`/jobs/${made.id}/posting`, { cookie: w.cookie })).text();
    expect(page).toContain("Status: <strong>draft</strong>");
    const ok = await post(w.cookie, `/jobs/${made.id}/posting`, {
      published: "on",
      description: "## Fitter\n\nBuild things.",
      validThrough: "2099-06-30",
      employmentType: "contract",
      remote: "hybrid",
      city: "Geelong",
      region: "VIC",
      country: "au",
      salaryMin: "45",
      salaryMax: "60",
      salaryCurrency: "aud",
      salaryPeriod: "hour",
      showClient: "on",
    });
    expect(ok.status).toBe(303);
    const job = (await w.call(`/api/jobs/${made.id}`)).body.job;
    expect(job).toMatchObject({
      status: "open",
      employmentType: "contract",
      remote: "hybrid",
      city: "Geelong",
      country: "AU",
      showClient: true,
      salary: { min: 45, max: 60, currency: "AUD", period: "hour" },
    });
    expect(job.descriptionHtml).toContain("<h2>Fitter</h2>");
    const bad = await post(w.cookie, `/jobs/${made.id}/posting`, { published: "on", country: "Australia", city: "Ballarat", description: "kept text" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("A country is its two-letter ISO code");
    expect(html).toContain('value="Ballarat"');
    expect(html).toContain(">kept text</textarea>");
    expect((await w.call(`/api/jobs/${made.id}`)).body.job.city).toBe("Geelong");

    const formSaved = await post(w.cookie, `/jobs/${made.id}/application-form`, {
      field_phone: "required",
      field_cv: "off",
      q0_label: "Do you hold a trade certificate?",
      q0_kind: "yes_no",
      q0_mode: "required",
      q0_knockout: "no",
      q1_label: "",
    });
    expect(formSaved.status).toBe(303);
    expect((await w.call(`/api/jobs/${made.id}/application-form`)).body.form).toMatchObject({
      fields: { phone: "required", cv: "off" },
      questions: [{ label: "Do you hold a trade certificate?", knockout: "no" }],
    });
    const formBad = await post(w.cookie, `/jobs/${made.id}/application-form`, { q1_label: "Pick one", q1_kind: "choice", q1_options: "Only" });
    expect(formBad.status).toBe(400);
    expect(await formBad.text()).toContain('id="q1_options-error"');
  });

  test("Settings → Careers site saves the address; a taken one is refused at the field", async () => {
    const w = await careersWorkspace(t);
    const other = await careersWorkspace(t);
    const page = await (await t.request("/settings/careers", { cookie: w.cookie })).text();
    expect(page).toContain(`value="${w.slug}"`);
    expect(page).toContain(`/careers/${w.slug}/feed.xml`);
    const saved = await post(w.cookie, "/settings/careers", { slug: `${w.slug}-2`, intro: "New intro", privacyNotice: "Notice", feedEmail: "" });
    expect(saved.status).toBe(303);
    expect((await w.call("/api/careers")).body.site).toMatchObject({ slug: `${w.slug}-2`, intro: "New intro", feedEmail: null });
    const taken = await post(w.cookie, "/settings/careers", { slug: other.slug, intro: "Typed intro" });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(html).toContain("Taken: choose another");
    expect(html).toContain("Typed intro");
    expect((await t.request(`/careers/${w.slug}`)).status).toBe(404);
    expect((await t.request(`/careers/${w.slug}-2`)).status).toBe(200);
  });
});
