import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants, databaseStats, listParticipants, listParticipantsSorted } from "./service";
import { sampleCandidates } from "./sample-data";
import { bulkLoad, insertParticipantRows, setIndexesAside } from "./repo-bulk";

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

  test("returns each row's id in order, rows of different fields and more than one statement's worth mixed", async () => {
    const ws = (await t.signUp()).workspaceId;
    const now = t.clock.now();
    for (const n of [1, 31, 32, 33, 70, 1100]) {
      const rows = Array.from({ length: n }, (_, i) =>
        i % 7 === 3
          ? { name: `Row ${n}.${i}`, createdAt: now, lastUpdated: now, stages: 1 }
          : { name: `Row ${n}.${i}`, city: i % 2 ? "Perth" : null, createdAt: now, lastUpdated: now, stages: 2, emailAddress: `r${n}.${i}@example.com` },
      );
      const ids = insertParticipantRows(t.deps.db, ws, rows);
      const byId = new Map(
        (t.deps.db.$client.query("select id, name, city, stages from participants where workspace_id = ?").all(ws) as { id: number; name: string; city: string | null; stages: number }[]).map((r) => [
          r.id,
          r,
        ]),
      );
      expect(ids.map((id) => byId.get(id)?.name)).toEqual(rows.map((r) => r.name));
      expect(ids.map((id) => byId.get(id)?.stages)).toEqual(rows.map((r) => r.stages));
      expect(ids.map((id) => byId.get(id)?.city ?? null)).toEqual(rows.map((r) => ("city" in r ? (r.city ?? null) : null)));
    }
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
    const index = setIndexesAside(t.deps.db);
    addParticipants(t.deps, ws, sampleCandidates({ count: 1100, now: t.clock.now(), seed: 8 }));
    addParticipants(t.deps, ws, [{ name: "Quentin Xylo", city: "Perth", createdAt: t.clock.now() }]);
    index.restore();
    expect(listParticipants(t.deps, ws, { search: "xylo" }).pagination.total).toBe(1);
    expect(listParticipants(t.deps, ws, { search: "example" }).pagination.total).toBe(1100);
    addParticipants(t.deps, ws, [{ name: "Xylo Second", createdAt: t.clock.now() }]);
    expect(listParticipants(t.deps, ws, { search: "xylo" }).pagination.total).toBe(2);
    const indexes = t.deps.db.$client.query("select name from sqlite_master where type = 'index' and tbl_name = 'participants' and name like 'participants%idx' order by name").all() as {
      name: string;
    }[];
    expect(indexes.map((i) => i.name)).toContain("participants_city_idx");
    expect(indexes.length).toBeGreaterThanOrEqual(12);
  });
});

describe("a first load in bulk", () => {
  test("loads, indexes and counts every row, builds every index again (the unique one refusing duplicates), and puts the connection's settings back", async () => {
    const ws = (await t.signUp()).workspaceId;
    const c = t.deps.db.$client;
    const settings = () => ["cache_size", "mmap_size", "synchronous", "wal_autocheckpoint", "threads"].map((p) => c.query(`PRAGMA ${p}`).get());
    const hashsize = () => c.query("select v from participants_fts_config where k = 'hashsize'").get();
    const before = settings();
    const indexes = () => c.query("select name, sql from sqlite_master where type = 'index' and tbl_name = 'participants' order by name").all();
    const indexesBefore = indexes();
    const took = await bulkLoad(t.deps.db, async () => {
      addParticipants(t.deps, ws, sampleCandidates({ count: 1500, now: t.clock.now(), seed: 12 }));
      await Bun.sleep(1);
      addParticipants(t.deps, ws, [{ uniqueId: "only-once", name: "Ulla Bulk", createdAt: t.clock.now() }]);
    });
    expect(took.rowsMs).toBeGreaterThan(0);
    expect(settings()).toEqual(before);
    expect(hashsize()).toEqual({ v: 1048576 });
    expect(indexes()).toEqual(indexesBefore);
    expect(listParticipants(t.deps, ws, { search: "ulla" }).pagination.total).toBe(1);
    expect(listParticipants(t.deps, ws, { search: "example" }).pagination.total).toBe(1500);
    expect(databaseStats(t.deps, ws).totalCandidates).toBe(1501);
    expect(() => addParticipants(t.deps, ws, [{ uniqueId: "only-once", name: "Ulla Again", createdAt: t.clock.now() }])).toThrow();
    // A load that fails half way still leaves every index built.
    await expect(
      bulkLoad(t.deps.db, () => {
        addParticipants(t.deps, ws, sampleCandidates({ count: 20, now: t.clock.now(), seed: 13 }));
        throw new Error("the source broke");
      }),
    ).rejects.toThrow("the source broke");
    expect(indexes()).toEqual(indexesBefore);
    expect(listParticipants(t.deps, ws, { search: "example" }).pagination.total).toBe(1520);
  });
});

describe("sorting every candidate by a column", () => {
  test("each page in either direction equals the same slice of the whole list sorted in memory, empty values last", async () => {
    const ws = (await t.signUp()).workspaceId;
    const rows = sampleCandidates({ count: 60, now: t.clock.now(), seed: 3 }).map((r, i) => ({ ...r, city: i % 4 === 0 ? null : r.city, roleApplied: i % 5 === 0 ? null : r.roleApplied }));
    addParticipants(t.deps, ws, rows);
    const all = listParticipants(t.deps, ws, { limit: 100 }).participants;
    for (const [column, field] of [
      ["city", "city"],
      ["role", "roleApplied"],
      ["stage", "stages"],
    ] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const key = (p: (typeof all)[number]) => p[field] as string | number | null;
        const expected = [...all].sort((a, b) => {
          const [x, y] = [key(a), key(b)];
          if (x === null || y === null) return x === y ? (dir === "asc" ? a.id - b.id : b.id - a.id) : x === null ? 1 : -1;
          const c = x < y ? -1 : x > y ? 1 : dir === "asc" ? a.id - b.id : b.id - a.id;
          return dir === "asc" || x === y ? c : -c;
        });
        const paged: number[] = [];
        for (let page = 1; page <= 9; page++) paged.push(...listParticipantsSorted(t.deps, ws, { page, limit: 7 }, { column, dir }).participants.map((p) => p.id));
        expect({ column, dir, ids: paged }).toEqual({ column, dir, ids: expected.map((p) => p.id) });
      }
    }
  });
});
