// Step 1 for hand-picked slots: the picked slot stands unless the interviewer's cached calendar is
// busy then; a slot of another session is not this step's to refuse.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY } from "../../../../test/kits/booking-steps";
import { claimFixedSlot } from "./claim-fixed-slot";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

describe("claimFixedSlot", () => {
  test("free in the calendar: the picked slot, nobody seated; busy: taken; the interviewer's calendar is asked about the slot's hour", async () => {
    const u = await w.recruiter();
    const s = await w.fixedSlots(u, ["10:00"]);
    const session = w.sessionOf(s.sessionToken);
    const asked: [number, string, string][] = [];
    const calendar = (busy: boolean) => (userId: number, start: Date, end: Date) => (asked.push([userId, start.toISOString(), end.toISOString()]), busy);
    expect(claimFixedSlot(t.deps, session, s.timeSlots[0]!.id, calendar(false))).toEqual({ kind: "claimed", slotId: s.timeSlots[0]!.id, seat: null });
    expect(claimFixedSlot(t.deps, session, s.timeSlots[0]!.id, calendar(true))).toEqual({ kind: "taken" });
    expect(asked).toEqual([
      [u.userId, "2030-01-08T10:00:00.000Z", "2030-01-08T11:00:00.000Z"],
      [u.userId, "2030-01-08T10:00:00.000Z", "2030-01-08T11:00:00.000Z"],
    ]);
  });

  test("a slot of another session or no slot: passed on (taking the slot refuses it), the calendar not asked", async () => {
    const u = await w.recruiter();
    const mine = w.sessionOf((await w.fixedSlots(u, ["10:00"])).sessionToken);
    const other = await w.fixedSlots(u, ["11:00"]);
    const busy = () => {
      throw new Error("the calendar was asked");
    };
    expect(claimFixedSlot(t.deps, mine, other.timeSlots[0]!.id, busy)).toEqual({ kind: "claimed", slotId: other.timeSlots[0]!.id, seat: null });
    expect(claimFixedSlot(t.deps, mine, "nope", busy)).toEqual({ kind: "claimed", slotId: "nope", seat: null });
  });
});
