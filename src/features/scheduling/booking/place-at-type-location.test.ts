// Step 3: a new interview takes its interview type's place, when the type names one.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY } from "../../../../test/kits/booking-steps";
import { randomToken } from "../../../lib/crypto";
import * as repo from "../repo";
import { placeAtTypeLocation } from "./place-at-type-location";
import { takeSlot } from "./take-slot";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

async function typeWith(cookie: string, location: string | null): Promise<number> {
  const res = await t.request("/api/interview-types", {
    cookie,
    json: {
      name: `Type ${randomToken(4)}`,
      duration: 60,
      videoLink: { kind: "none", url: null },
      location,
      description: null,
      defaultMessage: null,
      bufferBeforeMinutes: null,
      bufferAfterMinutes: null,
      minimumNoticeMinutes: null,
    },
  });
  if (res.status !== 201) throw new Error(await res.text());
  return ((await res.json()) as { id: number }).id;
}

async function meeting(u: { cookie: string; userId: number; workspaceId: number }) {
  const s = await w.fixedSlots(u, ["10:00"]);
  const o = w.inTx((tx) =>
    takeSlot(t.deps, tx, { token: s.sessionToken, slotId: s.timeSlots[0]!.id, publicId: randomToken(16), candidateTimeZone: null, holderId: undefined }, () => ({ kind: "none", url: null })),
  );
  if (o.kind !== "booked") throw new Error(o.kind);
  return o.meeting;
}

describe("placeAtTypeLocation", () => {
  test("the type's place becomes the interview's, written and returned", async () => {
    const u = await w.recruiter();
    const type = await typeWith(u.cookie, "Level 3, 1 Collins St");
    const m = await meeting(u);
    const placed = w.inTx((tx) => placeAtTypeLocation(tx, m, type));
    expect(placed.location).toBe("Level 3, 1 Collins St");
    expect(repo.findMeetingById(t.deps.db, m.id)!.meeting.location).toBe("Level 3, 1 Collins St");
  });

  test("no type, or a type without a place: the interview as it was", async () => {
    const u = await w.recruiter();
    const type = await typeWith(u.cookie, null);
    const m = await meeting(u);
    expect(w.inTx((tx) => placeAtTypeLocation(tx, m, null))).toBe(m);
    expect(w.inTx((tx) => placeAtTypeLocation(tx, m, type))).toBe(m);
  });
});
