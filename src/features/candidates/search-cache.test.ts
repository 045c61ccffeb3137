import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addCandidates, createShortlist } from "../shortlists/service";
import { addParticipants, databaseStats, listParticipants, upsertParticipantFromVisitor } from "./service";
import { sampleCandidates } from "./sample-data";

// Search totals, pages and stats are kept until the candidates or the shortlist memberships
// change: every answer must still be what the database says right now.
const t = makeTestApp();

describe("kept search results are never stale", () => {
  test("new, changed and shortlisted candidates show at once; unrelated writes keep the result", async () => {
    const u = await t.signUp();
    const ws = u.workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 30, now: t.clock.now(), seed: 3 }));
    const search = (q: Record<string, unknown>) => listParticipants(t.deps, ws, q);
    const before = search({ search: "zed" }).pagination.total;
    expect(before).toBe(0);
    const all = search({}).pagination.total;
    expect(databaseStats(t.deps, ws).totalCandidates).toBe(all);

    // Unrelated writes (another account) leave the answers as they were.
    await t.signUp();
    expect(search({ search: "zed" }).pagination.total).toBe(0);

    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "zed-1", name: "Zed Zulu", city: "Hobart" });
    expect(search({ search: "zed" }).pagination.total).toBe(1);
    expect(search({}).pagination.total).toBe(all + 1);
    expect(databaseStats(t.deps, ws).totalCandidates).toBe(all + 1);

    // A change of name moves the candidate out of the results.
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "zed-1", name: "Ann Zulu" });
    expect(search({ search: "zed" }).pagination.total).toBe(0);
    expect(search({ search: "ann zul" }).participants.map((p) => p.uniqueId)).toEqual(["zed-1"]);

    // Shortlisting changes the "not yet shortlisted" totals and pages.
    const open = search({ search: "ann", excludeShortlisted: true });
    expect(open.participants.map((p) => p.uniqueId)).toContain("zed-1");
    const list = createShortlist(t.deps, ws, "Keepers", "system");
    addCandidates(t.deps, ws, list.id, [open.participants.find((p) => p.uniqueId === "zed-1")!.id], "system");
    const after = search({ search: "ann", excludeShortlisted: true });
    expect(after.pagination.total).toBe(open.pagination.total - 1);
    expect(after.participants.map((p) => p.uniqueId)).not.toContain("zed-1");
    expect(search({ excludeShortlisted: true }).pagination.total).toBe(all);
  });

  test("a whole page is kept until a candidate changes: the same answer, then the new value", async () => {
    const u = await t.signUp();
    const ws = u.workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 12, now: t.clock.now(), seed: 9 }));
    const first = listParticipants(t.deps, ws, { limit: 5 });
    await t.signUp(); // an unrelated write
    expect(listParticipants(t.deps, ws, { limit: 5 })).toBe(first);
    // Each page, size and filter is its own answer.
    expect(listParticipants(t.deps, ws, { limit: 5, page: 2 }).participants[0]!.id).not.toBe(first.participants[0]!.id);
    expect(listParticipants(t.deps, ws, { limit: 6 }).participants).toHaveLength(6);
    const top = first.participants[0]!;
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: top.uniqueId ?? "x", name: top.name, city: "Kalgoorlie" });
    const again = listParticipants(t.deps, ws, { limit: 5 });
    expect(again).not.toBe(first);
    expect(again.participants.map((p) => p.city)).toContain("Kalgoorlie");
  });

  test("a read inside a transaction that rolls back is not kept", async () => {
    const u = await t.signUp();
    const ws = u.workspaceId;
    expect(listParticipants(t.deps, ws, { search: "quill" }).pagination.total).toBe(0);
    try {
      t.deps.db.transaction(() => {
        upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-1", name: "Quill One" });
        expect(listParticipants(t.deps, ws, { search: "quill" }).pagination.total).toBe(1);
        throw new Error("roll back");
      });
    } catch {}
    expect(listParticipants(t.deps, ws, { search: "quill" }).pagination.total).toBe(0);
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "q-2", name: "Quill Two" });
    const names = listParticipants(t.deps, ws, { search: "quill" }).participants.map((p) => p.name);
    expect(names).toEqual(["Quill Two"]);
  });
});
