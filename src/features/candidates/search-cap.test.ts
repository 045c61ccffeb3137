import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "./service";
import { SEARCH_COUNT_CAP } from "./repo";
import { sampleCandidates } from "./sample-data";

// A search counts its matches up to 10,000; past that the total says "at least" (issue 21).
const t = makeTestApp();

describe("a search with more matches than it counts", () => {
  test("says total 10,000 with totalIsLowerBound, pages on past it, and stays exact below it", async () => {
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, sampleCandidates({ count: SEARCH_COUNT_CAP + 60, now: t.clock.now(), seed: 11 }));
    const get = async (q: string) => {
      const res = await t.request(`/api/participants?${q}`, { cookie: u.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as { participants: { id: number; emailAddress: string }[]; pagination: { total: number; page: number; limit: number; totalIsLowerBound?: boolean } };
    };
    // Every sample e-mail is @example.com.
    const broad = await get("search=example&limit=20");
    expect(broad.pagination).toEqual({ total: SEARCH_COUNT_CAP, page: 1, limit: 20, totalIsLowerBound: true });
    const ids = broad.participants.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Newest first, the same order as the list without a search.
    expect(ids).toEqual((await get("limit=20")).participants.map((p) => p.id));
    // A page past the counted matches still answers (the last 60 candidates, oldest last).
    const deep = await get(`search=example&limit=50&page=${Math.floor(SEARCH_COUNT_CAP / 50) + 1}`);
    expect(deep.participants).toHaveLength(50);
    expect(deep.pagination.totalIsLowerBound).toBe(true);
    const last = await get(`search=example&limit=100&page=${Math.floor(SEARCH_COUNT_CAP / 100) + 1}`);
    expect(last.participants).toHaveLength(60);
    // Three words or more are read oldest first when they fit under the cap, else newest first again.
    const many = await get("search=example%20com%20example&limit=20");
    expect(many.pagination).toEqual({ total: SEARCH_COUNT_CAP, page: 1, limit: 20, totalIsLowerBound: true });
    expect(many.participants.map((p) => p.id)).toEqual(ids);
    const few = await get("search=olivia%20smith%20example&limit=100");
    expect(few.pagination.totalIsLowerBound).toBeUndefined();
    expect(few.participants.length).toBeGreaterThan(1);
    const fewIds = few.participants.map((p) => p.id);
    expect(fewIds).toEqual([...fewIds].sort((a, b) => b - a));
    expect(few.participants.every((p) => p.emailAddress.startsWith("olivia.smith."))).toBe(true);
    // Without a search, and for a narrower one, the total is exact and unflagged.
    const all = await get("limit=1");
    expect(all.pagination).toEqual({ total: SEARCH_COUNT_CAP + 60, page: 1, limit: 1 });
    const narrow = await get("search=olivia%20smith");
    expect(narrow.pagination.totalIsLowerBound).toBeUndefined();
    expect(narrow.pagination.total).toBeGreaterThan(0);
    expect(narrow.pagination.total).toBeLessThan(SEARCH_COUNT_CAP);
  });
});
