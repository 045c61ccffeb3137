import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios } from "../../../test/kits/api-scenario";

const t = makeTestApp();

apiScenarios(
  "jobs API",
  t,
  async (w) => {
    const job = await (await t.request("/api/jobs", { headers: w.headers.owner, json: { title: "Welder" } })).json();
    w.ids.job = job.job.id;
    const other = await (await t.request("/api/jobs", { headers: w.headers.stranger, json: { title: "Elsewhere" } })).json();
    w.ids.strangerJob = other.job.id;
  },
  [
    { name: "lists the workspace's jobs", url: "/api/jobs", as: "owner", status: 200, expect: (j) => expect(j.jobs.map((x: { title: string }) => x.title)).toEqual(["Welder"]) },
    { name: "without a session", url: "/api/jobs", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key lists", url: "/api/jobs", as: "readKey", status: 200, expect: (j) => expect(j.jobs).toHaveLength(1) },
    { name: "another workspace's key sees its own", url: "/api/jobs", as: "strangerKey", status: 200, expect: (j) => expect(j.jobs[0].title).toBe("Elsewhere") },
    {
      name: "creates",
      method: "POST",
      url: "/api/jobs",
      body: { title: "Painter", location: "Leeds" },
      as: "recruiter",
      status: 201,
      events: { "job.created": 1 },
      expect: (j) => expect(j.job).toMatchObject({ title: "Painter", location: "Leeds" }),
    },
    { name: "a read key may not write", method: "POST", url: "/api/jobs", body: { title: "Painter" }, as: "readKey", status: 403, code: "insufficient_scope" },
    {
      name: "a read-write key writes",
      method: "POST",
      url: "/api/jobs",
      body: { title: "Roofer" },
      as: "writeKey",
      status: 201,
      events: { "job.created": 1 },
      expect: (j) => expect(j.job).toMatchObject({ title: "Roofer", clientId: null }),
    },
    { name: "title is required", method: "POST", url: "/api/jobs", body: {}, as: "owner", status: 400, code: "validation_failed", message: "Title is required" },
    { name: "empty title", method: "POST", url: "/api/jobs", body: { title: "  " }, as: "owner", status: 400, message: "Title is required" },
    { name: "too long", method: "POST", url: "/api/jobs", body: { title: "x".repeat(201) }, as: "owner", status: 400, message: "Title must be at most 200 characters" },
    { name: "campaigns of another workspace's job", url: (w) => `/api/jobs/${w.ids.strangerJob}/campaigns`, as: "owner", status: 404, code: "not_found" },
    { name: "a bad id", method: "DELETE", url: "/api/jobs/abc", as: "owner", status: 400, code: "validation_failed" },
    { name: "another workspace's job", method: "DELETE", url: (w) => `/api/jobs/${w.ids.strangerJob}`, as: "owner", status: 404, code: "not_found" },
    {
      name: "creates a campaign",
      method: "POST",
      url: (w) => `/api/jobs/${w.ids.job}/campaigns`,
      body: { name: "Spring" },
      as: "owner",
      status: 201,
      events: { "campaign.created": 1 },
      expect: (j) => expect(j.campaign.code).toBeString(),
    },
    { name: "deletes", method: "DELETE", url: (w) => `/api/jobs/${w.ids.job}`, as: "owner", status: 200, events: { "job.deleted": 1 }, expect: (j) => expect(j).toEqual({ success: true }) },
    { name: "deleted is gone", method: "DELETE", url: (w) => `/api/jobs/${w.ids.job}`, as: "owner", status: 404, code: "not_found" },
  ],
);
