import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { createCampaign, createJob } from "../jobs/service";

const t = makeTestApp();

// The candidate pages' API is public: every caller is a visitor (the scenario kit keeps no cookies,
// so each request is a new visitor), and a campaign code files the chat under its workspace's job.
apiScenarios(
  "visitor chat API",
  t,
  async (w) => {
    const job = createJob(t.deps, w.workspaceId, { title: "Welder", description: null, location: null }, "system");
    w.ids.code = createCampaign(t.deps, w.workspaceId, job.id, { name: "Spring", label: null, description: null }, "system").code;
  },
  [
    {
      name: "the first question of a campaign's prequalifier",
      url: (w) => `/api/visitors/prequalifier?c=${w.ids.code}`,
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j).toMatchObject({ kind: "prequalifier", done: false, jobTitle: "Welder", question: { step: 0 } }),
    },
    { name: "a signed-in member is a visitor too", url: (w) => `/api/visitors/assessment?c=${w.ids.code}`, as: "owner", status: 200, expect: (j) => expect(j.kind).toBe("assessment") },
    { name: "an unknown chat", url: "/api/visitors/interview", as: "anonymous", status: 404, code: "not_found" },
    { name: "an unknown code still gets a chat (no job)", url: "/api/visitors/prequalifier?c=nope", as: "anonymous", status: 200, expect: (j) => expect(j.jobTitle).toBeNull() },
    {
      name: "answers the first question",
      method: "POST",
      url: "/api/visitors/prequalifier/answer",
      body: (w: World) => ({ answer: "Ada Lovelace", step: 0, c: w.ids.code }),
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j.messages.at(-1).from).toBe("bot"),
    },
    { name: "a step that is no number", method: "POST", url: "/api/visitors/prequalifier/answer", body: { answer: "x", step: "first" }, as: "anonymous", status: 400, code: "validation_failed" },
    {
      name: "an empty answer",
      method: "POST",
      url: "/api/visitors/prequalifier/answer",
      body: (w: World) => ({ answer: "", step: 0, c: w.ids.code }),
      as: "anonymous",
      status: 400,
      code: "invalid_answer",
    },
    {
      name: "the honeypot stores nothing and answers the chat as it was",
      method: "POST",
      url: "/api/visitors/prequalifier/answer",
      body: (w: World) => ({ answer: "Bot", step: 0, c: w.ids.code, website: "http://spam.example" }),
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j.question.step).toBe(0),
    },
    {
      name: "restarts",
      method: "POST",
      url: "/api/visitors/assessment/restart",
      body: (w: World) => ({ c: w.ids.code }),
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j.kind).toBe("assessment"),
    },
    { name: "restart of an unknown chat", method: "POST", url: "/api/visitors/nope/restart", body: {}, as: "anonymous", status: 404, code: "not_found" },
    {
      name: "the intro-call times (none published)",
      url: (w) => `/api/visitors/intro-call?c=${w.ids.code}`,
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j).toMatchObject({ open: false, slots: [], qualified: false, booked: null }),
    },
    {
      name: "booking needs a name",
      method: "POST",
      url: "/api/visitors/intro-call",
      body: { start: "2030-01-01T10:00:00Z", email: "a@example.com" },
      as: "anonymous",
      status: 400,
      message: "Please enter your name",
    },
    { name: "booking needs a time", method: "POST", url: "/api/visitors/intro-call", body: { name: "Ada", email: "a@example.com" }, as: "anonymous", status: 400, message: "Please choose a time" },
    {
      name: "booking needs an e-mail",
      method: "POST",
      url: "/api/visitors/intro-call",
      body: { start: "2030-01-01T10:00:00Z", name: "Ada", email: "nope" },
      as: "anonymous",
      status: 400,
      message: "Invalid email address",
    },
    {
      name: "booking needs the prequalifier first",
      method: "POST",
      url: "/api/visitors/intro-call",
      body: (w: World) => ({ start: "2030-01-01T10:00:00Z", name: "Ada", email: "a@example.com", c: w.ids.code }),
      as: "anonymous",
      status: 403,
      code: "prequalifier_required",
    },
  ],
);
