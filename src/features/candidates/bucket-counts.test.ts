import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { eraseCandidate } from "../people/erase";
import { addParticipants, databaseStats, listParticipants, upsertParticipantFromVisitor } from "./service";
import { erasedStandInFor } from "./service-erasure";
import { sampleCandidates } from "./sample-data";

// The filters' totals and the stats' buckets read participant_bucket_counts (a few rows per
// workspace, kept by triggers and by the bulk path): after every kind of write they must be
// the live count of the workspace's candidates, the erased candidates' stand-in left out.
const t = makeTestApp();

function liveCounts(ws: number) {
  return t.deps.db.$client.query("select role_category as r, location_category as l, count(*) as n from participants where workspace_id = ? and erased = 0 group by 1, 2 order by 1, 2").all(ws);
}
function keptCounts(ws: number) {
  return t.deps.db.$client.query("select role_category as r, location_category as l, n from participant_bucket_counts where workspace_id = ? and n > 0 order by 1, 2").all(ws);
}

describe("candidate counts per bucket", () => {
  test("follow single and bulk inserts, bucket changes, erasure and the stand-in; totals and stats read them", async () => {
    const ws = (await t.signUp()).workspaceId;
    addParticipants(t.deps, ws, sampleCandidates({ count: 1100, now: t.clock.now(), seed: 31 })); // bulk path
    addParticipants(t.deps, ws, sampleCandidates({ count: 30, now: t.clock.now(), seed: 32 })); // triggers
    expect(keptCounts(ws)).toEqual(liveCounts(ws));
    const c = upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "b-1", name: "Bea Counts", roleApplied: "UX Designer", city: "Sydney" });
    upsertParticipantFromVisitor(t.deps, ws, { uniqueId: "b-1", roleApplied: "Backend Developer", city: "Perth" });
    expect(keptCounts(ws)).toEqual(liveCounts(ws));
    t.deps.db.transaction((tx) => erasedStandInFor(tx, ws, t.clock.now()));
    eraseCandidate(t.deps, ws, c.id, "system");
    expect(keptCounts(ws)).toEqual(liveCounts(ws));
    const total = (q: Record<string, unknown>) => listParticipants(t.deps, ws, q).pagination.total;
    const count = (where: string, ...args: string[]) =>
      (t.deps.db.$client.query(`select count(*) as n from participants where workspace_id = ? and erased = 0 ${where}`).get(ws, ...args) as { n: number }).n;
    expect(total({})).toBe(count(""));
    expect(total({ role: "Developer" })).toBe(count("and role_category = ?", "Developer"));
    expect(total({ role: "Developer", location: "Sydney" })).toBe(count("and role_category = ? and location_category = ?", "Developer", "Sydney"));
    const stats = databaseStats(t.deps, ws);
    expect(stats.totalCandidates).toBe(count(""));
    expect(stats.byLocation.find((b) => b.location === "Melbourne")!.count).toBe(count("and location_category = ?", "Melbourne"));
  });
});
