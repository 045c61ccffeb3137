// Step 4: the panel sits on the new interview (required members, and the optional ones free at
// the start), never the holder twice; a pool's choice is recorded with its reason.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY } from "../../../../test/kits/booking-steps";
import { randomToken } from "../../../lib/crypto";
import * as repo from "../repo";
import { meetingPanels } from "../repo-member-availability";
import { seatPanelAndPool } from "./seat-panel-and-pool";
import { takeSlot } from "./take-slot";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

async function booked(u: { cookie: string; userId: number; workspaceId: number }, holderId: number) {
  const s = await w.fixedSlots(u, ["10:00"]);
  const o = w.inTx((tx) =>
    takeSlot(t.deps, tx, { token: s.sessionToken, slotId: s.timeSlots[0]!.id, publicId: randomToken(16), candidateTimeZone: null, holderId }, () => ({ kind: "none", url: null })),
  );
  if (o.kind !== "booked") throw new Error(o.kind);
  return o.meeting.id;
}
const panelOf = (meetingId: number) => meetingPanels(t.deps.db, [meetingId]).map((p) => [p.userId, p.required]);

describe("seatPanelAndPool", () => {
  test("required members and the free optional ones sit on the panel, the holder not among them; no pool, no assignment", async () => {
    const u = await w.recruiter();
    const [a, b] = [await w.member(u), await w.member(u)];
    const id = await booked(u, u.userId);
    w.inTx((tx) => seatPanelAndPool(tx, id, { people: { required: [u.userId, a], optional: [b], pool: [], strategy: "fair" }, optionalFree: [b], holderId: u.userId, reason: null }));
    expect(panelOf(id)).toEqual([
      [a, true],
      [b, false],
    ]);
    expect(repo.findMeetingById(t.deps.db, id)!.meeting).toMatchObject({ assignedBy: null, assignmentReason: null });
  });

  test("a pool's member holds it: recorded as the pool's choice with the reason; an optional member who is the holder is not seated", async () => {
    const u = await w.recruiter();
    const [p1, p2] = [await w.member(u), await w.member(u)];
    const id = await booked(u, p2);
    w.inTx((tx) => seatPanelAndPool(tx, id, { people: { required: [], optional: [p2], pool: [p1, p2], strategy: "fair" }, optionalFree: [p2], holderId: p2, reason: "fewest pool interviews" }));
    expect(panelOf(id)).toEqual([]);
    expect(repo.findMeetingById(t.deps.db, id)!.meeting).toMatchObject({ userId: p2, assignedBy: "pool", assignmentReason: "fewest pool interviews" });
  });
});
