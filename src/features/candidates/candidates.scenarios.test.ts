import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();

// Two candidates in the world's workspace, one in the stranger's, through the CSV import.
async function importCsv(headers: Record<string, string>, rows: string[]) {
  const res = await t.request("/api/participants/import", {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body: ["name,emailAddress,city,roleApplied,stages", ...rows].join("\n"),
  });
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`);
}
async function idsOf(headers: Record<string, string>): Promise<number[]> {
  const j = (await (await t.request("/api/participants", { headers })).json()) as { participants: { id: number }[] };
  return j.participants.map((p) => p.id);
}
async function setup(w: World) {
  await importCsv(w.headers.owner, ["Ann Archer,ann@scenario.example,London,Developer,1", "Ben Baker,ben@scenario.example,Leeds,Designer,2"]);
  await importCsv(w.headers.stranger, ["Cat Cole,cat@scenario.example,York,Manager,1"]);
  const [newest, older] = await idsOf(w.headers.owner);
  w.ids.candidate = newest!;
  w.ids.other = older!;
  w.ids.strangerCandidate = (await idsOf(w.headers.stranger))[0]!;
}

const FIELDS = [
  "id",
  "uniqueId",
  "name",
  "emailAddress",
  "city",
  "jobTitle",
  "roleApplied",
  "linkedinUrl",
  "phone",
  "industry",
  "visaStatus",
  "salaryExpectation",
  "availability",
  "stages",
  "prequalifier",
  "assessment",
  "voiceTranscript",
  "summary",
  "skills",
  "jobId",
  "campaignId",
  "createdAt",
  "lastUpdated",
  "shortlistId",
  "isTest",
];

apiScenarios("participants API", t, setup, [
  {
    name: "lists the workspace's candidates with every field",
    url: "/api/participants",
    as: "owner",
    status: 200,
    expect: (j) => {
      expect(j.pagination).toEqual({ total: 2, page: 1, limit: 20 });
      expect(Object.keys(j.participants[0]).sort()).toEqual([...FIELDS].sort());
    },
  },
  { name: "without a session", url: "/api/participants", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "a read key lists", url: "/api/participants", as: "readKey", status: 200, expect: (j) => expect(j.participants).toHaveLength(2) },
  {
    name: "another workspace's key sees its own",
    url: "/api/participants",
    as: "strangerKey",
    status: 200,
    expect: (j) => expect(j.participants.map((p: { name: string }) => p.name)).toEqual(["Cat Cole"]),
  },
  { name: "search", url: "/api/participants?search=leeds", as: "recruiter", status: 200, expect: (j) => expect(j.participants.map((p: { name: string }) => p.name)).toEqual(["Ben Baker"]) },
  { name: "limit out of range", url: "/api/participants?limit=0", as: "owner", status: 400, code: "validation_failed", message: "Limit must be between 1 and 100" },
  { name: "page below 1", url: "/api/participants?page=0", as: "owner", status: 400, message: "Page must be 1 or more" },
  { name: "an unknown bucket", url: "/api/participants?role=Astronaut", as: "owner", status: 400, code: "validation_failed" },
  { name: "one candidate", url: (w) => `/api/participants/${w.ids.candidate}`, as: "recruiter", status: 200, expect: (j) => expect(j.emailAddress).toBe("ben@scenario.example") },
  { name: "another workspace's candidate", url: (w) => `/api/participants/${w.ids.strangerCandidate}`, as: "owner", status: 404, code: "not_found" },
  { name: "a bad id", url: "/api/participants/abc", as: "owner", status: 400, code: "validation_failed" },
  {
    name: "changes the stage",
    method: "PATCH",
    url: (w) => `/api/participants/${w.ids.candidate}`,
    body: { stages: 3 },
    as: "recruiter",
    status: 200,
    events: { "candidate.stage_changed": 1 },
    expect: (j) => {
      expect(j.stages).toBe(3);
      expect(Object.keys(j).sort()).toEqual([...FIELDS].sort());
    },
  },
  { name: "a read key may not change", method: "PATCH", url: (w) => `/api/participants/${w.ids.candidate}`, body: { stages: 2 }, as: "readKey", status: 403, code: "insufficient_scope" },
  {
    name: "a read-write key changes",
    method: "PATCH",
    url: (w) => `/api/participants/${w.ids.candidate}`,
    body: { city: "Bath" },
    as: "writeKey",
    status: 200,
    events: { "candidate.updated": 1 },
    expect: (j) => expect(j.city).toBe("Bath"),
  },
  { name: "a stage out of range", method: "PATCH", url: (w) => `/api/participants/${w.ids.candidate}`, body: { stages: 9 }, as: "owner", status: 400, message: "Stage must be a number from 1 to 5" },
  { name: "nothing to change", method: "PATCH", url: (w) => `/api/participants/${w.ids.candidate}`, body: {}, as: "owner", status: 400, message: "Nothing to change: send at least one field" },
  { name: "an empty name", method: "PATCH", url: (w) => `/api/participants/${w.ids.candidate}`, body: { name: " " }, as: "owner", status: 400, message: "Name cannot be empty" },
  { name: "a bad e-mail", method: "PATCH", url: (w) => `/api/participants/${w.ids.candidate}`, body: { emailAddress: "nope" }, as: "owner", status: 400, message: "Enter a valid e-mail address" },
  { name: "changing another workspace's candidate", method: "PATCH", url: (w) => `/api/participants/${w.ids.strangerCandidate}`, body: { stages: 2 }, as: "owner", status: 404, code: "not_found" },
  {
    name: "adds a note",
    method: "POST",
    url: (w) => `/api/participants/${w.ids.candidate}/notes`,
    body: { body: "Call back on Monday" },
    as: "recruiter",
    status: 201,
    events: { "candidate.note_added": 1 },
    expect: (j) => {
      expect(j.body).toBe("Call back on Monday");
      expect(j.note.body).toBe("Call back on Monday");
      expect(j.author).toStartWith("Member");
    },
  },
  { name: "an empty note", method: "POST", url: (w) => `/api/participants/${w.ids.candidate}/notes`, body: { body: "  " }, as: "owner", status: 400, message: "Please write a note" },
  {
    name: "a note on another workspace's candidate",
    method: "POST",
    url: (w) => `/api/participants/${w.ids.strangerCandidate}/notes`,
    body: { body: "x" },
    as: "owner",
    status: 404,
    code: "not_found",
  },
  { name: "lists the notes", url: (w) => `/api/participants/${w.ids.candidate}/notes`, as: "readKey", status: 200, expect: (j) => expect(j.notes).toHaveLength(1) },
  {
    name: "the timeline",
    url: (w) => `/api/participants/${w.ids.candidate}/activity`,
    as: "owner",
    status: 200,
    expect: (j, w) => {
      expect(j.participantId).toBe(w.ids.candidate);
      expect(j.activity.map((a: { type: string }) => a.type)).toContain("note");
    },
  },
  { name: "another workspace's timeline", url: (w) => `/api/participants/${w.ids.strangerCandidate}/activity`, as: "owner", status: 404, code: "not_found" },
  {
    name: "the database stats",
    url: "/api/database/stats",
    as: "owner",
    status: 200,
    expect: (j) => {
      expect(j.totalCandidates).toBe(2);
      expect(j.recentActivity).toHaveLength(30);
    },
  },
  { name: "stats of a bad job id", url: "/api/database/stats?jobId=abc", as: "owner", status: 400, code: "validation_failed" },
  {
    name: "the test page's list",
    url: "/api/candidates",
    as: "owner",
    status: 200,
    expect: (j) => expect(j.candidates[0]).toMatchObject({ firstName: "Ben", lastName: "Baker", email: "ben@scenario.example" }),
  },
  { name: "the CSV export", url: "/api/participants/export.csv", as: "readKey", status: 200, contains: ["id,name,emailAddress,city,jobTitle"] },
  { name: "the CSV export without a session", url: "/api/participants/export.csv", as: "anonymous", status: 401, code: "unauthorized" },
  {
    name: "an import in JSON",
    method: "POST",
    url: "/api/participants/import",
    body: { csv: "x" },
    as: "owner",
    status: 400,
    message: "Send the CSV as a text/csv body or as the multipart field file",
  },
  { name: "an import with a bad dryRun", method: "POST", url: "/api/participants/import?dryRun=maybe", body: {}, as: "owner", status: 400, message: "dryRun must be 1 or 0" },
  { name: "a read key may not import", method: "POST", url: "/api/participants/import", body: {}, as: "readKey", status: 403, code: "insufficient_scope" },
  { name: "no duplicates yet", url: "/api/participants/duplicates", as: "owner", status: 200, expect: (j) => expect(j.duplicates).toEqual([]) },
  { name: "a merge without ids", method: "POST", url: "/api/participants/merge", body: {}, as: "owner", status: 400, message: "keepId is required" },
  { name: "a merge without duplicates", method: "POST", url: (w) => `/api/participants/${w.ids.candidate}/merge`, body: {}, as: "owner", status: 400, message: "mergeIds must list the duplicates" },
  {
    name: "a merge with another workspace's record",
    method: "POST",
    url: (w) => `/api/participants/${w.ids.candidate}/merge`,
    body: (w: World) => ({ mergeIds: [w.ids.strangerCandidate] }),
    as: "owner",
    status: 404,
    code: "not_found",
  },
  {
    name: "merges",
    method: "POST",
    url: (w) => `/api/participants/${w.ids.candidate}/merge`,
    body: (w: World) => ({ mergeIds: [w.ids.other] }),
    as: "owner",
    status: 200,
    events: { "candidate.merged": 1 },
    expect: (j, w) => {
      expect(j.merged).toEqual([w.ids.other]);
      expect(Object.keys(j.participant).sort()).toEqual([...FIELDS].sort());
    },
  },
  { name: "no test data", url: "/api/participants/test-data", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ count: 0 }) },
  { name: "a read key may not erase", method: "DELETE", url: (w) => `/api/participants/${w.ids.candidate}`, as: "readKey", status: 403, code: "insufficient_scope" },
  { name: "erasing another workspace's candidate", method: "DELETE", url: (w) => `/api/participants/${w.ids.strangerCandidate}`, as: "owner", status: 404, code: "not_found" },
  {
    name: "erases",
    method: "DELETE",
    url: (w) => `/api/participants/${w.ids.candidate}`,
    as: "owner",
    status: 200,
    events: { "candidate.deleted": 1 },
    expect: (j) => expect(j).toEqual({ success: true, erased: 1, interviewsKept: 0 }),
  },
  { name: "erased is gone", url: (w) => `/api/participants/${w.ids.candidate}`, as: "owner", status: 404, code: "not_found" },
]);

apiScenarios("candidate settings API", t, async () => {}, [
  {
    name: "the defaults",
    url: "/api/candidate-settings",
    as: "recruiter",
    status: 200,
    expect: (j) => {
      expect(j.roles.length).toBeGreaterThan(0);
      expect(j).toMatchObject({ privacyPolicyUrl: "/privacy", retentionMonths: null });
    },
  },
  { name: "without a session", url: "/api/candidate-settings", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "a recruiter may not change them", method: "PATCH", url: "/api/candidate-settings", body: { retentionMonths: 12 }, as: "recruiter", status: 403, code: "forbidden" },
  { name: "a read key may not change them", method: "PATCH", url: "/api/candidate-settings", body: { retentionMonths: 12 }, as: "readKey", status: 403, code: "insufficient_scope" },
  {
    name: "an admin changes retention",
    method: "PATCH",
    url: "/api/candidate-settings",
    body: { retentionMonths: 12 },
    as: "admin",
    status: 200,
    events: { "settings.changed": 1 },
    expect: (j) => expect(j.retentionMonths).toBe(12),
  },
  {
    name: "a read-write key changes the roles",
    method: "PATCH",
    url: "/api/candidate-settings",
    body: { roles: ["Nurse", "Doctor"] },
    as: "writeKey",
    status: 200,
    events: { "settings.changed": 1 },
    expect: (j) => expect(j.roles).toEqual(["Nurse", "Doctor"]),
  },
  { name: "nothing to change", method: "PATCH", url: "/api/candidate-settings", body: {}, as: "owner", status: 400, code: "validation_failed", message: "Nothing to change" },
  { name: "retention below a month", method: "PATCH", url: "/api/candidate-settings", body: { retentionMonths: 0 }, as: "owner", status: 400, message: "At least 1 month" },
  { name: "no roles", method: "PATCH", url: "/api/candidate-settings", body: { roles: [] }, as: "owner", status: 400, message: "Give at least one role" },
  {
    name: "Other is not a bucket name",
    method: "PATCH",
    url: "/api/candidate-settings",
    body: { locations: ["Other"] },
    as: "owner",
    status: 400,
    message: "Other is the bucket of everything else: it is always there",
  },
  { name: "another workspace keeps its own", url: "/api/candidate-settings", as: "strangerKey", status: 200, expect: (j) => expect(j.retentionMonths).toBeNull() },
]);
