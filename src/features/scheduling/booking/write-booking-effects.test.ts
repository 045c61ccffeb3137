// Step 5: the booking's e-mails and calendar work as jobs, its one event and the pipeline's hook,
// all in the booking's transaction; a candidate's new time for a waiting interview is a move.
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../../../../test/helpers";
import { bookingWorld, MONDAY } from "../../../../test/kits/booking-steps";
import { events, mailMessages, tasks } from "../../../db/schema";
import { randomToken } from "../../../lib/crypto";
import { takeSlot } from "./take-slot";
import { writeBookingEffects } from "./write-booking-effects";

const t = makeTestApp();
t.clock.set(MONDAY);
const w = bookingWorld(t);

async function booked(u: { cookie: string; userId: number; workspaceId: number }) {
  const s = await w.fixedSlots(u, ["10:00"]);
  const o = w.inTx((tx) =>
    takeSlot(t.deps, tx, { token: s.sessionToken, slotId: s.timeSlots[0]!.id, publicId: randomToken(16), candidateTimeZone: null, holderId: undefined }, () => ({ kind: "none", url: null })),
  );
  if (o.kind !== "booked") throw new Error(o.kind);
  return o;
}
const eventsOf = (workspaceId: number) =>
  t.deps.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.subjectType, "interview")))
    .all();
const mailKinds = (meetingId: number) =>
  t.deps.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.meetingId, meetingId))
    .all()
    .map((m) => [m.audience, m.kind]);
const calendarJobs = (meetingId: number) =>
  t.deps.db
    .select()
    .from(tasks)
    .where(eq(tasks.kind, "calendar.meeting"))
    .all()
    .filter((j) => JSON.parse(j.payload).meetingId === meetingId);

describe("writeBookingEffects", () => {
  test("a booking: the e-mails to both sides, the calendar job, interview.booked by the candidate, and the hook with the meeting", async () => {
    const u = await w.recruiter();
    const o = await booked(u);
    const told: number[] = [];
    w.inTx((tx) => writeBookingEffects(t.deps, tx, o, (_tx, m) => told.push(m.id)));
    expect(mailKinds(o.meeting.id).sort()).toEqual([
      ["candidate", "booked"],
      ["recruiter", "booked"],
    ]);
    expect(calendarJobs(o.meeting.id)).toHaveLength(1);
    expect(eventsOf(u.workspaceId).map((e) => [e.kind, e.actor, e.subjectId])).toEqual([["interview.booked", "candidate", o.meeting.publicId]]);
    expect(told).toEqual([o.meeting.id]);
  });

  test("a new time for a waiting interview: the e-mails say moved, the event is interview.moved with the previous start", async () => {
    const u = await w.recruiter();
    const o = await booked(u);
    const previousStartTime = new Date("2030-01-08T09:00:00Z");
    w.inTx((tx) => writeBookingEffects(t.deps, tx, { ...o, rebooked: true, previousStartTime }, () => {}));
    expect(mailKinds(o.meeting.id).map(([, kind]) => kind)).toEqual(["moved", "moved"]);
    const [e] = eventsOf(u.workspaceId);
    expect([e?.kind, JSON.parse(e!.data).previousStartTime]).toEqual(["interview.moved", "2030-01-08T09:00:00.000Z"]);
  });

  test("a hook that throws rolls the whole booking's effects back with it", async () => {
    const u = await w.recruiter();
    const o = await booked(u);
    expect(() =>
      w.inTx((tx) =>
        writeBookingEffects(t.deps, tx, o, () => {
          throw new Error("pipeline down");
        }),
      ),
    ).toThrow("pipeline down");
    expect([mailKinds(o.meeting.id), calendarJobs(o.meeting.id), eventsOf(u.workspaceId)]).toEqual([[], [], []]);
  });
});
