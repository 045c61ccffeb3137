import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, databaseStats, listParticipants } from "./service";
import { sampleCandidates } from "./sample-data";
import { setSearchIndexAside } from "./repo-bulk";

// A large batch sets the insert triggers aside and does their work once (repo-bulk.ts): the
// search index, the stats and the kept results must come out as the row-by-row way makes them.
const t = makeTestApp();

describe("adding many candidates at once", () => {
  test("searches, totals and stats equal those of the same rows added a few at a time", async () => {
    const bulk = (await t.signUp()).workspaceId;
    const small = (await t.signUp()).workspaceId;
    const rows = sampleCandidates({ count: 1500, now: t.clock.now(), seed: 77, days: 60 });
    const listed = (ws: number, q: Record<string, unknown>) => listParticipants(t.deps, ws, q).pagination.total;
    expect(listed(bulk, { search: "olivia" })).toBe(0); // kept before the load: must not survive it
    addParticipants(t.deps, bulk, rows);
    for (let i = 0; i < rows.length; i += 100) addParticipants(t.deps, small, rows.slice(i, i + 100));
    for (const q of [{}, { search: "olivia" }, { search: "a" }, { search: "melbourne product" }, { search: "ux", role: "UX Designer" }, { location: "Sydney" }]) {
      expect(listed(bulk, q)).toBe(listed(small, q));
    }
    expect(listed(bulk, { search: "olivia" })).toBeGreaterThan(0);
    const pageOf = (ws: number) => listParticipants(t.deps, ws, { search: "developer", limit: 50 }).participants.map((p) => p.emailAddress);
    expect(pageOf(bulk)).toEqual(pageOf(small));
    const { workspaceId: _a, ...bulkStats } = { workspaceId: 0, ...databaseStats(t.deps, bulk) };
    const { workspaceId: _b, ...smallStats } = { workspaceId: 0, ...databaseStats(t.deps, small) };
    expect(bulkStats).toEqual(smallStats);
    expect(bulkStats.totalCandidates).toBe(1500);
  });

  test("the triggers are back after a large batch: a single new candidate is found and counted", async () => {
    const ws = (await t.signUp()).workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 1200, now: t.clock.now(), seed: 5 }));
    const names = t.deps.db.$client.query("select name from sqlite_master where type = 'trigger' and name in ('participants_fts_ai', 'participant_stats_ai', 'participants_version_ai')").all();
    expect(names).toHaveLength(3);
    addParticipants(t.deps, ws, [{ name: "Zebedee Quux", city: "Hobart", createdAt: t.clock.now() }]);
    expect(listParticipants(t.deps, ws, { search: "zebedee" }).pagination.total).toBe(1);
    expect(databaseStats(t.deps, ws).totalCandidates).toBe(1201);
  });

  test("a load with the search index set aside indexes every row it added when restored, and the trigger is back", async () => {
    const ws = (await t.signUp()).workspaceId;
    const index = setSearchIndexAside(t.deps.db);
    addParticipants(t.deps, ws, sampleCandidates({ count: 1100, now: t.clock.now(), seed: 8 }));
    addParticipants(t.deps, ws, [{ name: "Quentin Xylo", city: "Perth", createdAt: t.clock.now() }]);
    index.restore();
    expect(listParticipants(t.deps, ws, { search: "xylo" }).pagination.total).toBe(1);
    expect(listParticipants(t.deps, ws, { search: "example" }).pagination.total).toBe(1100);
    addParticipants(t.deps, ws, [{ name: "Xylo Second", createdAt: t.clock.now() }]);
    expect(listParticipants(t.deps, ws, { search: "xylo" }).pagination.total).toBe(2);
  });
});
