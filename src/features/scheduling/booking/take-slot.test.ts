// Step 2: the session flips to scheduled and the meeting is written on the slot, held by the
// holder given, with the session's video link or the holder's default; a second take is refused.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY } from "../../../../test/kits/booking-steps";
import { randomToken } from "../../../lib/crypto";
import * as repo from "../repo";
import { takeSlot } from "./take-slot";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

describe("takeSlot", () => {
  test("writes the meeting on the slot, held by the holder, with the holder's default video link; the session is scheduled", async () => {
    const u = await w.recruiter();
    const holder = await w.member(u);
    const s = await w.fixedSlots(u, ["10:00"]);
    const videoFor: number[] = [];
    const v = { token: s.sessionToken, slotId: s.timeSlots[0]!.id, publicId: randomToken(16), candidateTimeZone: "Europe/Paris", holderId: holder };
    const o = w.inTx((tx) => takeSlot(t.deps, tx, v, (userId) => (videoFor.push(userId), { kind: "fixed", url: "https://meet.example.com/holder" })));
    if (o.kind !== "booked") throw new Error(o.kind);
    expect(o.rebooked).toBe(false);
    expect(o.meeting).toMatchObject({
      publicId: v.publicId,
      userId: holder,
      slotId: v.slotId,
      status: "scheduled",
      videoKind: "fixed",
      meetingUrl: "https://meet.example.com/holder",
      candidateTimeZone: "Europe/Paris",
    });
    expect(o.meeting.startTime.toISOString()).toBe("2030-01-08T10:00:00.000Z");
    expect(videoFor).toEqual([holder]);
    expect(repo.sessionById(t.deps.db, s.id)!.status).toBe("scheduled");
  });

  test("without a holder the organiser holds it; taking a slot of a booked session is refused", async () => {
    const u = await w.recruiter();
    const s = await w.fixedSlots(u, ["10:00", "11:00"]);
    const take = (slotId: string) =>
      w.inTx((tx) => takeSlot(t.deps, tx, { token: s.sessionToken, slotId, publicId: randomToken(16), candidateTimeZone: null, holderId: undefined }, () => ({ kind: "none", url: null })));
    const o = take(s.timeSlots[0]!.id);
    expect(o.kind === "booked" && o.meeting.userId).toBe(u.userId);
    expect(take(s.timeSlots[1]!.id).kind).toBe("taken");
  });

  test("a slot that is not the session's is a bad slot", async () => {
    const u = await w.recruiter();
    const s = await w.fixedSlots(u, ["10:00"]);
    const other = await w.fixedSlots(u, ["11:00"]);
    const o = w.inTx((tx) =>
      takeSlot(t.deps, tx, { token: s.sessionToken, slotId: other.timeSlots[0]!.id, publicId: randomToken(16), candidateTimeZone: null, holderId: undefined }, () => ({ kind: "none", url: null })),
    );
    expect(o.kind).toBe("bad_slot");
  });
});
