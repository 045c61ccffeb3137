import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios } from "../../../test/kits/api-scenario";
import { createJob } from "../jobs/service";

const t = makeTestApp();
const WEEK = [{ day: 1, start: "09:00", end: "12:00" }];

apiScenarios(
  "candidate pages settings API",
  t,
  async (w) => {
    w.ids.job = createJob(t.deps, w.workspaceId, { title: "Welder", description: null, location: null }, "system").id;
    const stranger = await (await t.request("/api/jobs", { headers: w.headers.stranger, json: { title: "Elsewhere" } })).json();
    w.ids.strangerJob = stranger.job.id;
  },
  [
    { name: "the defaults", url: "/api/candidate-pages/settings", as: "owner", status: 200, expect: (j) => expect(j).toMatchObject({ prequalifierUrl: null, introCallMinutes: 30, timeZone: "UTC", weekly: [], allowedOrigins: [] }) },
    { name: "without a session", url: "/api/candidate-pages/settings", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a recruiter reads", url: "/api/candidate-pages/settings", as: "recruiter", status: 200, expect: (j) => expect(j).toMatchObject({ prequalifierUrl: null, introCallMinutes: 30 }) },
    { name: "a read key reads", url: "/api/candidate-pages/settings/embed", as: "readKey", status: 200, expect: (j) => expect(j).toEqual({ allowedOrigins: [] }) },
    // Outside URLs
    { name: "sets an outside chatbot", method: "PUT", url: "/api/candidate-pages/settings/urls", body: { prequalifierUrl: "https://bot.example.com/chat" }, as: "owner", status: 200, events: { "settings.changed": 1 }, expect: (j) => expect(j.prequalifierUrl).toBe("https://bot.example.com/chat") },
    { name: "refuses a script URL", method: "PUT", url: "/api/candidate-pages/settings/urls", body: { prequalifierUrl: "javascript:alert(1)" }, as: "owner", status: 400, code: "validation_failed", message: "Enter a full URL starting with https://" },
    { name: "a recruiter may not change settings", method: "PUT", url: "/api/candidate-pages/settings/urls", body: {}, as: "recruiter", status: 403, code: "forbidden" },
    { name: "a read key may not write", method: "PUT", url: "/api/candidate-pages/settings/urls", body: {}, as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "an admin may", method: "PUT", url: "/api/candidate-pages/settings/urls", body: { prequalifierUrl: "" }, as: "admin", status: 200, events: { "settings.changed": 1 }, expect: (j) => expect(j.prequalifierUrl).toBeNull() },
    // Availability
    { name: "sets the intro-call hours", method: "PUT", url: "/api/candidate-pages/settings/availability", body: { introCallMinutes: 45, timeZone: "Europe/London", weekly: WEEK }, as: "writeKey", status: 200, events: { "settings.changed": 1 }, expect: (j, w) => expect(j).toMatchObject({ introCallMinutes: 45, hostUserId: w.ownerId, weekly: WEEK }) },
    { name: "a length that is not offered", method: "PUT", url: "/api/candidate-pages/settings/availability", body: { introCallMinutes: 20, timeZone: "UTC", weekly: [] }, as: "owner", status: 400, message: "Choose 30, 45 or 60 minutes" },
    { name: "an unknown zone", method: "PUT", url: "/api/candidate-pages/settings/availability", body: { introCallMinutes: 30, timeZone: "Mars/Base", weekly: [] }, as: "owner", status: 400, message: "Unknown time zone" },
    { name: "not a quarter hour", method: "PUT", url: "/api/candidate-pages/settings/availability", body: { introCallMinutes: 30, timeZone: "UTC", weekly: [{ day: 1, start: "09:10", end: "10:00" }] }, as: "owner", status: 400, message: "Use a quarter hour (HH:00, :15, :30 or :45)" },
    { name: "an end before the start", method: "PUT", url: "/api/candidate-pages/settings/availability", body: { introCallMinutes: 30, timeZone: "UTC", weekly: [{ day: 1, start: "10:00", end: "09:00" }] }, as: "owner", status: 400, message: "The end must be after the start" },
    // Allowed embed origins
    { name: "sets the embed origins", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["https://www.agency.example", "http://localhost:8080"] }, as: "owner", status: 200, events: { "embed_origins.changed": 1 }, expect: (j) => expect(j).toEqual({ allowedOrigins: ["https://www.agency.example", "http://localhost:8080"] }) },
    { name: "they show in the settings", url: "/api/candidate-pages/settings", as: "readKey", status: 200, expect: (j) => expect(j.allowedOrigins).toEqual(["https://www.agency.example", "http://localhost:8080"]) },
    { name: "another workspace sees none of them", url: "/api/candidate-pages/settings/embed", as: "strangerKey", status: 200, expect: (j) => expect(j).toEqual({ allowedOrigins: [] }) },
    { name: "a path is not an origin", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["https://www.agency.example/careers"] }, as: "owner", status: 400, code: "validation_failed", message: "https://www.agency.example/careers: an origin has no path, query or fragment (like https://www.example.com)" },
    { name: "no wildcards", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["https://*.agency.example"] }, as: "owner", status: 400, message: "https://*.agency.example: wildcards are not allowed, list each origin" },
    { name: "not a bare star", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["*"] }, as: "owner", status: 400, message: "*: wildcards are not allowed, list each origin" },
    { name: "http only for localhost", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["http://www.agency.example"] }, as: "owner", status: 400, message: "http://www.agency.example: use https:// (http:// only for localhost)" },
    { name: "not a URL", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["www.agency.example"] }, as: "owner", status: 400, message: "www.agency.example: enter an origin like https://www.example.com" },
    { name: "other schemes", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["ftp://files.agency.example"] }, as: "owner", status: 400, message: "ftp://files.agency.example: use https://" },
    { name: "a query", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["https://www.agency.example?x=1"] }, as: "owner", status: 400, message: "https://www.agency.example?x=1: an origin has no path, query or fragment (like https://www.example.com)" },
    { name: "credentials", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["https://me:pw@www.agency.example"] }, as: "owner", status: 400, message: "https://me:pw@www.agency.example: an origin has no user name or password" },
    { name: "'none' with others", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: ["'none'", "https://a.example"] }, as: "owner", status: 400, message: "'none' cannot be combined with origins" },
    { name: "too many", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) }, as: "owner", status: 400, message: "At most 20 origins" },
    { name: "the list is required", method: "PUT", url: "/api/candidate-pages/settings/embed", body: {}, as: "owner", status: 400, message: "allowedOrigins must be a list of origins" },
    { name: "a recruiter may not set origins", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: [] }, as: "recruiter", status: 403, code: "forbidden" },
    { name: "a read key may not set origins", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: [] }, as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "anonymous may not set origins", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: [] }, as: "anonymous", status: 401, code: "unauthorized" },
    { name: "the refused ones changed nothing", url: "/api/candidate-pages/settings/embed", as: "owner", status: 200, expect: (j) => expect(j.allowedOrigins).toHaveLength(2) },
    { name: "an empty list allows none again", method: "PUT", url: "/api/candidate-pages/settings/embed", body: { allowedOrigins: [] }, as: "writeKey", status: 200, events: { "embed_origins.changed": 1 }, expect: (j) => expect(j).toEqual({ allowedOrigins: [] }) },
    // A job's assessment questions
    { name: "the default questions", url: (w) => `/api/candidate-pages/jobs/${w.ids.job}/questions`, as: "readKey", status: 200, expect: (j) => expect(j).toMatchObject({ title: "Welder", isDefault: true }) },
    { name: "sets a job's questions", method: "PUT", url: (w) => `/api/candidate-pages/jobs/${w.ids.job}/questions`, body: { questions: ["Why us?", " ", "Your best weld?"] }, as: "owner", status: 200, events: { "settings.changed": 1 }, expect: (j) => expect(j).toMatchObject({ questions: ["Why us?", "Your best weld?"], isDefault: false }) },
    { name: "too many questions", method: "PUT", url: (w) => `/api/candidate-pages/jobs/${w.ids.job}/questions`, body: { questions: Array.from({ length: 30 }, (_, i) => `Q${i}`) }, as: "owner", status: 400, code: "validation_failed" },
    { name: "another workspace's job", url: (w) => `/api/candidate-pages/jobs/${w.ids.strangerJob}/questions`, as: "owner", status: 404, message: "Job not found" },
    { name: "another workspace's job (write)", method: "PUT", url: (w) => `/api/candidate-pages/jobs/${w.ids.strangerJob}/questions`, body: { questions: ["x"] }, as: "owner", status: 404, message: "Job not found" },
    { name: "a job id that is no number", url: "/api/candidate-pages/jobs/abc/questions", as: "owner", status: 404, message: "Job not found" },
    { name: "a recruiter may not set questions", method: "PUT", url: (w) => `/api/candidate-pages/jobs/${w.ids.job}/questions`, body: { questions: [] }, as: "recruiter", status: 403, code: "forbidden" },
  ],
);
