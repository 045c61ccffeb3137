// Scheduling asks the calendar it is handed (app.ts hands in the calendar feature's); any
// implementation of BusyCalendar will do, and a failing one never loses a booking.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { schedulingPorts, type BusyCalendar } from "./busy-calendar";

const installBusyCalendar = (deps: object, busyCalendar: BusyCalendar) => schedulingPorts.wire(deps, { busyCalendar });
import { bookByToken } from "./booking";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "UTC";

async function offer() {
  const u = await t.signUp();
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `busy-${u.userId}`, name: "Ana Busy" });
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  return { u, args: { workspaceId: u.workspaceId, userId: u.userId, candidateId: cand.id, title: "Interview", duration: 60, timeSlots, timeZone: TZ } };
}

describe("BusyCalendar", () => {
  test("slots that clash with the installed calendar are left out; all clashing is a 409", async () => {
    const { u, args } = await offer();
    const first = args.timeSlots[0]!;
    installBusyCalendar(t.deps, { busyIntervals: async (userId) => (userId === u.userId ? [{ start: new Date(first.startTime), end: new Date(first.endTime) }] : []) });
    const s = await createSchedulingSession(t.deps, args);
    expect(s.timeSlots.map((x) => x.startTime)).not.toContain(first.startTime);
    expect(s.timeSlots).toHaveLength(args.timeSlots.length - 1);
    installBusyCalendar(t.deps, { busyIntervals: async () => [{ start: new Date(0), end: new Date("2100-01-01T00:00:00Z") }] });
    await expect(createSchedulingSession(t.deps, args)).rejects.toThrow("All the chosen time slots clash with your calendar");
  });

  test("a calendar that fails is as good as a free one: the booking goes through", async () => {
    const { args } = await offer();
    installBusyCalendar(t.deps, { busyIntervals: () => Promise.reject(new Error("calendar down")) });
    const s = await createSchedulingSession(t.deps, args);
    expect(s.timeSlots).toHaveLength(args.timeSlots.length);
    const booked = await bookByToken(t.deps, s.sessionToken, s.timeSlots[0]!.id);
    expect(booked.startTime).toBe(s.timeSlots[0]!.startTime);
  });
});
