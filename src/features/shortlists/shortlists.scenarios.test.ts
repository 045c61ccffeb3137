import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();

async function firstCandidate(headers: Record<string, string>, row: string): Promise<number> {
  const res = await t.request("/api/participants/import", { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body: `name,emailAddress\n${row}` });
  if (res.status !== 200) throw new Error(`import: ${res.status}`);
  return ((await (await t.request("/api/participants", { headers })).json()) as { participants: { id: number }[] }).participants[0]!.id;
}
async function setup(w: World) {
  w.ids.candidate = await firstCandidate(w.headers.owner, "Ann Archer,ann@list.example");
  w.ids.strangerCandidate = await firstCandidate(w.headers.stranger, "Cat Cole,cat@list.example");
  const other = await (await t.request("/api/shortlists", { headers: w.headers.stranger, json: { name: "Theirs" } })).json();
  w.ids.strangerList = other.id;
}
const list = (w: World) => `/api/shortlists/${w.ids.list}`;

apiScenarios("shortlists API", t, setup, [
  { name: "none yet", url: "/api/shortlists", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ shortlists: [] }) },
  { name: "without a session", url: "/api/shortlists", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "a name is required", method: "POST", url: "/api/shortlists", body: {}, as: "owner", status: 400, code: "validation_failed", message: "Please enter a shortlist name" },
  { name: "a blank name", method: "POST", url: "/api/shortlists", body: { name: "   " }, as: "owner", status: 400, message: "Please enter a shortlist name" },
  { name: "a read key may not create", method: "POST", url: "/api/shortlists", body: { name: "Finalists" }, as: "readKey", status: 403, code: "insufficient_scope" },
  {
    name: "a recruiter creates",
    method: "POST",
    url: "/api/shortlists",
    body: { name: "Finalists" },
    as: "recruiter",
    status: 201,
    events: { "shortlist.created": 1 },
    expect: (j, w) => {
      expect(j).toMatchObject({ name: "Finalists", candidateIds: [], success: true });
      w.ids.list = j.id;
    },
  },
  {
    name: "lists with createdAt",
    url: "/api/shortlists/all-details",
    as: "readKey",
    status: 200,
    expect: (j) => expect(Object.keys(j.shortlists[0]).sort()).toEqual(["candidateIds", "createdAt", "id", "name"]),
  },
  {
    name: "another workspace's key sees its own",
    url: "/api/shortlists",
    as: "strangerKey",
    status: 200,
    expect: (j) => expect(j.shortlists.map((s: { name: string }) => s.name)).toEqual(["Theirs"]),
  },
  { name: "one shortlist", url: list, as: "owner", status: 200, expect: (j) => expect(j.name).toBe("Finalists") },
  { name: "another workspace's shortlist", url: (w) => `/api/shortlists/${w.ids.strangerList}`, as: "owner", status: 404, code: "not_found" },
  { name: "a bad id", url: "/api/shortlists/abc", as: "owner", status: 400, code: "validation_failed" },
  {
    name: "no candidates selected",
    method: "POST",
    url: (w) => `${list(w)}/candidates`,
    body: { candidateIds: [] },
    as: "owner",
    status: 400,
    message: "Please select candidates to add to the shortlist",
  },
  {
    name: "another workspace's candidate",
    method: "POST",
    url: (w) => `${list(w)}/candidates`,
    body: (w: World) => ({ candidateIds: [w.ids.strangerCandidate] }),
    as: "owner",
    status: 404,
    code: "not_found",
  },
  {
    name: "adding to another workspace's shortlist",
    method: "POST",
    url: (w) => `/api/shortlists/${w.ids.strangerList}/candidates`,
    body: (w: World) => ({ candidateIds: [w.ids.candidate] }),
    as: "owner",
    status: 404,
    code: "not_found",
  },
  {
    name: "adds",
    method: "POST",
    url: (w) => `${list(w)}/candidates`,
    body: (w: World) => ({ candidateIds: [w.ids.candidate] }),
    as: "writeKey",
    status: 200,
    events: { "shortlist.changed": 1 },
    expect: (j, w) => expect(j).toEqual({ success: true, added: 1, candidateIds: [w.ids.candidate] }),
  },
  {
    name: "the members with their whole records",
    url: (w) => `${list(w)}/candidates`,
    as: "owner",
    status: 200,
    expect: (j) => {
      expect(j.candidates[0]).toMatchObject({ name: "Ann Archer", emailAddress: "ann@list.example", isTest: false });
      expect(Object.keys(j.candidates[0])).toContain("voiceTranscript");
    },
  },
  {
    name: "renames",
    method: "PATCH",
    url: list,
    body: { name: "Top three" },
    as: "owner",
    status: 200,
    events: { "shortlist.changed": 1 },
    expect: (j) => expect(j).toMatchObject({ name: "Top three", success: true }),
  },
  { name: "a rename without a name", method: "PATCH", url: list, body: { name: "" }, as: "owner", status: 400, message: "Please enter a shortlist name" },
  {
    name: "takes a candidate out",
    method: "DELETE",
    url: (w) => `${list(w)}/candidates/${w.ids.candidate}`,
    as: "owner",
    status: 200,
    events: { "shortlist.changed": 1 },
    expect: (j) => expect(j).toEqual({ success: true, candidateIds: [] }),
  },
  { name: "not in the shortlist any more", method: "DELETE", url: (w) => `${list(w)}/candidates/${w.ids.candidate}`, as: "owner", status: 404, code: "not_found" },
  { name: "a read key may not delete", method: "DELETE", url: list, as: "readKey", status: 403, code: "insufficient_scope" },
  { name: "deleting another workspace's shortlist", method: "DELETE", url: (w) => `/api/shortlists/${w.ids.strangerList}`, as: "owner", status: 404, code: "not_found" },
  { name: "deletes", method: "DELETE", url: list, as: "owner", status: 200, events: { "shortlist.deleted": 1 }, expect: (j) => expect(j).toEqual({ success: true }) },
  { name: "deleted is gone", url: list, as: "owner", status: 404, code: "not_found" },
]);
