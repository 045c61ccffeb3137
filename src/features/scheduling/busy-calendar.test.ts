// Scheduling asks the calendar it is handed (app.ts hands in the calendar feature's cache); any
// implementation of BusyCalendar will do. Offered slots, the booking page and the booking
// transaction all leave out what it calls busy.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { freeSlots, type BusyCalendar, type BusyInterval } from "./busy-calendar";

// The app is built with a calendar that asks the one a test installs.
let installed: BusyCalendar = { busyIntervals: () => [], videoDefault: () => ({ kind: "none", url: null }) };
const installBusyCalendar = (_deps: object, busyCalendar: BusyCalendar) => void (installed = busyCalendar);
import { bookByToken, getBookingView } from "./booking";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp({}, { replace: { busyCalendar: { busyIntervals: (u, from, to) => installed.busyIntervals(u, from, to), videoDefault: (u) => installed.videoDefault(u) } } });
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "UTC";
const none = { kind: "none" as const, url: null };

async function offer() {
  const u = await t.signUp();
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `busy-${u.userId}`, name: "Ana Busy" });
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  return { u, args: { workspaceId: u.workspaceId, userId: u.userId, candidateId: cand.id, title: "Interview", duration: 60, timeSlots, timeZone: TZ } };
}

const overlapping = (busy: BusyInterval[]) => (_: number, from: Date, to: Date) => busy.filter((b) => b.start < to && b.end > from);

describe("BusyCalendar", () => {
  test("slots that clash with the installed calendar are left out; all clashing is a 409", async () => {
    const { u, args } = await offer();
    const first = args.timeSlots[0]!;
    installBusyCalendar(t.deps, { busyIntervals: (userId) => (userId === u.userId ? [{ start: new Date(first.startTime), end: new Date(first.endTime) }] : []), videoDefault: () => none });
    const s = await createSchedulingSession(t.deps, args);
    expect(s.timeSlots.map((x) => x.startTime)).not.toContain(first.startTime);
    expect(s.timeSlots).toHaveLength(args.timeSlots.length - 1);
    installBusyCalendar(t.deps, { busyIntervals: () => [{ start: new Date(0), end: new Date("2100-01-01T00:00:00Z") }], videoDefault: () => none });
    await expect(createSchedulingSession(t.deps, args)).rejects.toThrow("All the chosen time slots clash with your calendar");
  });

  test("a time that turns busy after the page was loaded leaves the page and is refused with the usual 409", async () => {
    const { args } = await offer();
    const busy: BusyInterval[] = [];
    installBusyCalendar(t.deps, { busyIntervals: (u, f, to) => overlapping(busy)(u, f, to), videoDefault: () => none });
    const s = await createSchedulingSession(t.deps, args);
    const shown = getBookingView(t.deps, s.sessionToken).availableSlots;
    expect(shown).toHaveLength(args.timeSlots.length);
    // A client meeting is accepted in the calendar meanwhile.
    busy.push({ start: new Date(shown[1]!.startTime), end: new Date(Date.parse(shown[1]!.startTime) + 30 * 60_000) });
    expect(getBookingView(t.deps, s.sessionToken).availableSlots.map((x) => x.id)).not.toContain(shown[1]!.id);
    await expect(bookByToken(t.deps, s.sessionToken, shown[1]!.id)).rejects.toThrow("This time slot is no longer available. Please choose another.");
    const booked = await bookByToken(t.deps, s.sessionToken, shown[0]!.id);
    expect(booked.startTime).toBe(shown[0]!.startTime);
  });
});

describe("freeSlots", () => {
  const at = (h: number, m = 0) => new Date(Date.UTC(2030, 0, 12, h, m));
  const slot = (h: number) => ({ startTime: at(h), endTime: at(h + 1) });
  test.each([
    ["no busy time", [], [9, 10, 11]],
    ["one inside a slot", [[10, 15, 10, 45]], [9, 11]],
    ["touching ends are free", [[10, 0, 11, 0]], [9, 11]],
    ["one long event over two slots", [[9, 30, 11, 30]], []],
    [
      "a long event before short ones",
      [
        [8, 0, 9, 30],
        [9, 40, 9, 50],
        [11, 10, 11, 20],
      ],
      [10],
    ],
  ] as const)("%s", (_, busy, free) => {
    const b = busy.map(([h1, m1, h2, m2]) => ({ start: at(h1, m1), end: at(h2, m2) }));
    expect(freeSlots([slot(9), slot(10), slot(11)], b).map((s) => s.startTime.getUTCHours())).toEqual([...free]);
  });
});
