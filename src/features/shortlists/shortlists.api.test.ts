import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, upsertParticipantFromVisitor } from "../candidates/service";

const t = makeTestApp();

async function workspace(candidates = 0) {
  const u = await t.signUp();
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    return { status: res.status, body: (await res.json()) as any };
  };
  addParticipants(
    t.deps,
    u.workspaceId,
    Array.from({ length: candidates }, (_, i) => ({ uniqueId: `c${i}`, name: `Cand ${i}`, city: "Perth", roleApplied: "Developer" })),
  );
  const ids: number[] = (await call("/api/participants?limit=100")).body.participants.map((p: any) => p.id).reverse();
  return { ...u, call, ids };
}

describe("/api/shortlists", () => {
  test("create answers {id, name}; list and all-details carry candidateIds", async () => {
    const w = await workspace();
    const r = await w.call("/api/shortlists", { json: { name: "  Finalists " } });
    expect(r.status).toBe(201);
    const id = r.body.id;
    expect(typeof id).toBe("number");
    expect(r.body.name).toBe("Finalists");
    const list = (await w.call("/api/shortlists")).body.shortlists;
    expect(list).toEqual([expect.objectContaining({ id, name: "Finalists", candidateIds: [] })]);
    expect((await w.call("/api/shortlists/all-details")).body.shortlists[0].candidateIds).toEqual([]);
    expect((await w.call(`/api/shortlists/${id}`)).body).toEqual({ id, name: "Finalists", candidateIds: [] });
  });

  test("accepts the test page's payload", async () => {
    const w = await workspace();
    const r = await w.call("/api/shortlists", { json: { name: "Chat: Jane", candidateName: "Jane Doe", chatMessage: "Let's meet Jane" } });
    expect(r.status).toBe(201);
  });

  test("the name must be non-empty after trimming", async () => {
    const w = await workspace();
    for (const json of [{}, { name: "   " }]) {
      const r = await w.call("/api/shortlists", { json });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("Please enter a shortlist name");
    }
  });

  test("adding candidates is idempotent; at least one is needed; they leave the All Candidates list", async () => {
    const w = await workspace(4);
    const s = (await w.call("/api/shortlists", { json: { name: "Next round" } })).body;
    const empty = await w.call(`/api/shortlists/${s.id}/candidates`, { json: { candidateIds: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please select candidates to add to the shortlist");
    const r = await w.call(`/api/shortlists/${s.id}/candidates`, { json: { candidateIds: [w.ids[0], w.ids[1]] } });
    expect(r.status).toBe(200);
    expect(r.body.added).toBe(2);
    const again = await w.call(`/api/shortlists/${s.id}/candidates`, { json: { candidateIds: [w.ids[1], w.ids[2]] } });
    expect(again.body.added).toBe(1);
    expect((await w.call(`/api/shortlists/${s.id}`)).body.candidateIds).toEqual([w.ids[0], w.ids[1], w.ids[2]]);
    const visible = (await w.call("/api/participants?excludeShortlisted=true")).body;
    expect(visible.participants.map((p: any) => p.id)).toEqual([w.ids[3]]);
    expect((await w.call(`/api/participants/${w.ids[0]}`)).body.shortlistId).toBe(s.id);
  });

  test("isolation: other workspaces' shortlists and candidate ids are refused", async () => {
    const a = await workspace(2);
    const b = await workspace(1);
    const s = (await a.call("/api/shortlists", { json: { name: "A only" } })).body;
    expect((await b.call("/api/shortlists")).body.shortlists).toEqual([]);
    expect((await b.call(`/api/shortlists/${s.id}`)).status).toBe(404);
    expect((await b.call(`/api/shortlists/${s.id}/candidates`, { json: { candidateIds: b.ids } })).status).toBe(404);
    const mixed = await a.call(`/api/shortlists/${s.id}/candidates`, { json: { candidateIds: [a.ids[0], b.ids[0]] } });
    expect(mixed.status).toBe(404);
    expect((await a.call(`/api/shortlists/${s.id}`)).body.candidateIds).toEqual([]);
    expect((await a.call(`/api/shortlists/999999`)).status).toBe(404);
  });
});

describe("shortlists you can see", () => {
  async function ws() {
    const u = await t.signUp();
    const call = async (method: string, path: string, json?: unknown) => {
      const res = await t.request(path, { method, cookie: u.cookie, json });
      return { status: res.status, body: (await res.json()) as any };
    };
    return { ...u, call };
  }
  const add = (workspaceId: number, name: string) => upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: crypto.randomUUID(), name, roleApplied: "Developer" });

  test("members with details, remove one, rename, delete; another workspace's answers 404", async () => {
    const w = await ws();
    const a = add(w.workspaceId, "Ann Member");
    const b = add(w.workspaceId, "Bob Member");
    const s = (await w.call("POST", "/api/shortlists", { name: "Final" })).body;
    await w.call("POST", `/api/shortlists/${s.id}/candidates`, { candidateIds: [a.id, b.id] });
    const m = await w.call("GET", `/api/shortlists/${s.id}/candidates`);
    expect(m.body.candidates.map((c: any) => c.name)).toEqual(["Ann Member", "Bob Member"]);
    // A search that only matches shortlisted candidates says so.
    const hidden = await w.call("GET", "/api/participants?excludeShortlisted=true&search=ann");
    expect(hidden.body.pagination.total).toBe(0);
    expect(hidden.body.shortlistedMatches).toBe(1);
    const all = await w.call("GET", "/api/participants?excludeShortlisted=false&search=ann");
    expect(all.body.participants[0].shortlistId).toBe(s.id);

    expect((await w.call("DELETE", `/api/shortlists/${s.id}/candidates/${a.id}`)).body.candidateIds).toEqual([b.id]);
    expect((await w.call("DELETE", `/api/shortlists/${s.id}/candidates/${a.id}`)).status).toBe(404);
    expect((await w.call("GET", "/api/participants?excludeShortlisted=true")).body.participants.map((p: any) => p.id)).toEqual([a.id]);
    expect((await w.call("PATCH", `/api/shortlists/${s.id}`, { name: "  " })).status).toBe(400);
    expect((await w.call("PATCH", `/api/shortlists/${s.id}`, { name: "Finalists" })).body.name).toBe("Finalists");

    const other = await ws();
    expect((await other.call("GET", `/api/shortlists/${s.id}/candidates`)).status).toBe(404);
    expect((await other.call("PATCH", `/api/shortlists/${s.id}`, { name: "x" })).status).toBe(404);
    expect((await other.call("DELETE", `/api/shortlists/${s.id}/candidates/${b.id}`)).status).toBe(404);
    expect((await other.call("DELETE", `/api/shortlists/${s.id}`)).status).toBe(404);

    expect((await w.call("DELETE", `/api/shortlists/${s.id}`)).status).toBe(200);
    expect((await w.call("GET", `/api/shortlists/${s.id}`)).status).toBe(404);
    expect((await w.call("GET", "/api/participants?excludeShortlisted=true")).body.pagination.total).toBe(2);
  });
});
