import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addParticipants } from "../candidates/service";
import { createJob } from "../jobs/service";
import { saveCriteria } from "./criteria";
import { bestByPoints } from "./pool";
import { indexPool } from "./rank";

/** The first order as it was first written: a map of every id found and a sort of all of them. */
function reference(lists: number[][], weights: number[], size: number, keep?: (id: number) => boolean): number[] {
  const points = new Map<number, number>();
  lists.forEach((l, k) => l.forEach((id) => points.set(id, (points.get(id) ?? 0) + weights[k]!)));
  return [...points]
    .filter(([id]) => !keep || keep(id))
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, size)
    .map(([id]) => id);
}

function randomLists(seed: number, n: number, ids: number): number[][] {
  let s = seed;
  const next = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => Array.from({ length: ids }, (_, i) => ids - i).filter(() => next() < 0.3));
}

describe("the index's first order", () => {
  test("the same ids in the same order as a sort of every candidate found, with and without a workspace check", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const lists = randomLists(seed, 1 + (seed % 7), 50 + seed * 13);
      const weights = lists.map((_, k) => [6, 6, 2, 1, 3, 4, 2][k]!);
      for (const size of [1, 10, 100]) {
        expect(bestByPoints(lists, weights, size)).toEqual(reference(lists, weights, size));
        const odd = (id: number) => id % 3 !== 0;
        let checked = 0;
        const keep = (ids: number[]) => ((checked += ids.length), new Set(ids.filter(odd)));
        expect(bestByPoints(lists, weights, size, keep)).toEqual(reference(lists, weights, size, odd));
        expect(checked).toBeLessThanOrEqual(Math.max(...lists.map((l) => l.length)) * lists.length);
      }
    }
    expect(bestByPoints([], [], 10)).toEqual([]);
    expect(bestByPoints([[], []], [3, 1], 10)).toEqual([]);
  });

  test("only the workspace's candidates, whether its share of the index is most of it or not", async () => {
    const t = makeTestApp();
    const big = await t.signUp();
    const small = await t.signUp();
    const row = (i: number, skills: string) => ({ name: `Candidate ${i}`, emailAddress: `c${i}-${Math.random()}@example.com`, skills });
    // Interleaved, so the other workspace's candidates hold the best words and the newest ids.
    for (let i = 0; i < 30; i++) {
      addParticipants(t.deps, big.workspaceId, [row(i, i % 2 ? "TypeScript" : "TypeScript, React")]);
      if (i % 3 === 0) addParticipants(t.deps, small.workspaceId, [row(i, "TypeScript, React, Figma")]);
    }
    const me = { id: big.userId, role: "owner", workspaceId: big.workspaceId };
    const criteria = [
      { kind: "skill" as const, label: "TypeScript", mustHave: true, weight: 3 },
      { kind: "skill" as const, label: "React", mustHave: false, weight: 2 },
      { kind: "skill" as const, label: "Figma", mustHave: false, weight: 1 },
    ];
    const ids = (workspaceId: number) => (t.deps.db.$client.query("select id from participants where workspace_id = ? order by id").all(workspaceId) as { id: number }[]).map((r) => r.id);
    for (const [w, owner] of [
      [big, me],
      [small, { id: small.userId, role: "owner", workspaceId: small.workspaceId }],
    ] as const) {
      const job = createJob(t.deps, w.workspaceId, { title: "Frontend", description: null, location: null, clientId: null }, "system").id;
      const saved = saveCriteria(t.deps, owner, job, criteria, "system").criteria;
      const mine = new Set(ids(w.workspaceId));
      const pool = indexPool(t.deps, w.workspaceId, saved, 100);
      expect(pool.length).toBe(mine.size);
      expect(pool.every((id) => mine.has(id))).toBe(true);
      const res = await t.request(`/api/jobs/${job}/matches?limit=50`, { cookie: w.cookie });
      const matches = ((await res.json()) as { matches: { candidate: { id: number } }[] }).matches;
      expect(matches.length).toBe(mine.size);
      expect(matches.every((m) => mine.has(m.candidate.id))).toBe(true);

      // The holders are kept between requests: after changes, the first order is the one a new read gives.
      expect(addParticipants(t.deps, w.workspaceId, [row(100, "TypeScript, React, Figma")])).toBe(1);
      const added = Math.max(...ids(w.workspaceId));
      const dropped = pool[0]!;
      expect((await t.request(`/api/participants/${dropped}`, { method: "PATCH", json: { skills: "Cooking" }, cookie: w.cookie })).status).toBe(200);
      const after = indexPool(t.deps, w.workspaceId, saved, 100);
      expect(after[0]).toBe(added);
      expect(after).not.toContain(dropped);
      expect(after.length).toBe(mine.size); // one in, one out
    }
  });
});
