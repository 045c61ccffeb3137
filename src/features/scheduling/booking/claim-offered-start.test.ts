// Step 1 for free times: the picked start is checked again and written as the session's slot;
// a pool's member is chosen; a start not offered, a bad id or a session no longer open is refused.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { schedulingSessions } from "../../../db/schema";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY, tuesdayAt } from "../../../../test/kits/booking-steps";
import * as repo from "../repo";
import { claimOfferedStart } from "./claim-offered-start";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

describe("claimOfferedStart", () => {
  test("an offered start becomes a slot of the session; the organiser holds it", async () => {
    const u = await w.recruiter();
    const s = await w.freeTimes(u);
    const claim = w.inTx((tx) => claimOfferedStart(t.deps, tx, s.id, tuesdayAt("10:00")));
    if (claim.kind !== "claimed") throw new Error(claim.kind);
    const slot = repo.findSlot(t.deps.db, claim.slotId)!;
    expect([slot.sessionId, slot.startTime.toISOString(), slot.endTime.toISOString()]).toEqual([s.id, "2030-01-08T10:00:00.000Z", "2030-01-08T11:00:00.000Z"]);
    expect(claim.seat).toEqual({ people: { required: [u.userId], optional: [], pool: [], strategy: "fair" }, optionalFree: [], holderId: u.userId, reason: null });
  });

  test("with a pool, the member its strategy picks among those free holds it, with the reason", async () => {
    const u = await w.recruiter();
    const late = await w.member(u, [{ day: 2, start: "11:00", end: "12:00" }]);
    const early = await w.member(u, [{ day: 2, start: "09:00", end: "12:00" }]);
    const s = await w.freeTimes(u, { pool: { userIds: [late, early], strategy: "first-available" } });
    const claim = w.inTx((tx) => claimOfferedStart(t.deps, tx, s.id, tuesdayAt("09:00")));
    if (claim.kind !== "claimed") throw new Error(claim.kind);
    expect([claim.seat?.holderId, claim.seat?.reason]).toEqual([early, "first available in the pool's order"]);
  });

  test("refused: an id that is no free time, a start not offered, a session booked or gone; nothing is written", async () => {
    const u = await w.recruiter();
    const s = await w.freeTimes(u);
    const claim = (sessionId: number, slotId: string) => w.inTx((tx) => claimOfferedStart(t.deps, tx, sessionId, slotId)).kind;
    expect(claim(s.id, "nope")).toBe("bad_slot");
    expect(claim(s.id, tuesdayAt("13:00"))).toBe("taken"); // after the recruiter's hours
    expect(claim(s.id, tuesdayAt("10:05"))).toBe("taken"); // off the 15-minute grid
    expect(claim(s.id + 10_000, tuesdayAt("10:00"))).toBe("not_found");
    expect(repo.openSlots(t.deps.db, { sessionId: s.id, userId: u.userId, now: t.clock.now() })).toEqual([]);
    t.deps.db.update(schedulingSessions).set({ status: "scheduled" }).where(eq(schedulingSessions.id, s.id)).run();
    expect(claim(s.id, tuesdayAt("10:00"))).toBe("taken");
  });
});
