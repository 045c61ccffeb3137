import { describe, expect, test } from "bun:test";
import { DEFAULT_WINDOW, formatLongDate, formatTime, generateSlots, groupByDay, isSelectableDate, mergeSlots, selectableRange, slotProblem, zonedToUtc } from "./slots";

const times = (slots: { startTime: string; endTime: string }[], tz: string) => slots.map((s) => `${formatTime(s.startTime, tz)}-${formatTime(s.endTime, tz)}`);

describe("generateSlots", () => {
  test("default window, 60 minutes: 09:00 … 16:00 starts, the last ending at 17:00", () => {
    const s = generateSlots({ dates: ["2030-06-03"], ...DEFAULT_WINDOW, duration: 60, timeZone: "Europe/London" });
    expect(s).toHaveLength(8);
    expect(times(s, "Europe/London")[0]).toBe("9:00 AM-10:00 AM");
    expect(times(s, "Europe/London").at(-1)).toBe("4:00 PM-5:00 PM");
    expect(s[0]!.startTime).toBe("2030-06-03T08:00:00.000Z"); // BST is UTC+1
  });

  test("90-minute slots start hourly and none ends after the window end", () => {
    const s = generateSlots({ dates: ["2030-06-03"], ...DEFAULT_WINDOW, duration: 90, timeZone: "UTC" });
    expect(times(s, "UTC")).toEqual(["9:00 AM-10:30 AM", "10:00 AM-11:30 AM", "11:00 AM-12:30 PM", "12:00 PM-1:30 PM", "1:00 PM-2:30 PM", "2:00 PM-3:30 PM", "3:00 PM-4:30 PM"]);
  });

  test("a window shorter than the duration gives no slots", () => {
    expect(generateSlots({ dates: ["2030-06-03"], start: { hour: 9, minute: 0 }, end: { hour: 9, minute: 45 }, duration: 60, timeZone: "UTC" })).toEqual([]);
    expect(generateSlots({ dates: ["2030-06-03"], start: { hour: 10, minute: 0 }, end: { hour: 11, minute: 30 }, duration: 120, timeZone: "UTC" })).toEqual([]);
    // Window end before its start: nothing either.
    expect(generateSlots({ dates: ["2030-06-03"], start: { hour: 17, minute: 0 }, end: { hour: 9, minute: 0 }, duration: 30, timeZone: "UTC" })).toEqual([]);
  });

  test("quarter-hour windows: starts keep the window's minute", () => {
    const s = generateSlots({ dates: ["2030-06-03"], start: { hour: 9, minute: 15 }, end: { hour: 11, minute: 45 }, duration: 45, timeZone: "UTC" });
    expect(times(s, "UTC")).toEqual(["9:15 AM-10:00 AM", "10:15 AM-11:00 AM"]); // 11:15 would end at 12:00
  });

  test("several dates, sorted and without duplicates", () => {
    const s = generateSlots({ dates: ["2030-06-04", "2030-06-03", "2030-06-04"], start: { hour: 9, minute: 0 }, end: { hour: 11, minute: 0 }, duration: 60, timeZone: "UTC" });
    expect(s.map((x) => x.startTime)).toEqual(["2030-06-03T09:00:00.000Z", "2030-06-03T10:00:00.000Z", "2030-06-04T09:00:00.000Z", "2030-06-04T10:00:00.000Z"]);
    expect(mergeSlots(s.slice(0, 2), s)).toHaveLength(4);
  });
});

describe("daylight-saving change days", () => {
  test("America/New_York spring forward (8 Mar 2026): 02:00 does not exist and is skipped", () => {
    expect(zonedToUtc("2026-03-08", 2, 30, "America/New_York")).toBeNull();
    const s = generateSlots({ dates: ["2026-03-08"], start: { hour: 0, minute: 0 }, end: { hour: 5, minute: 0 }, duration: 60, timeZone: "America/New_York" });
    expect(s.map((x) => x.startTime)).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-08T06:00:00.000Z", "2026-03-08T07:00:00.000Z", "2026-03-08T08:00:00.000Z"]);
    // Every slot lasts exactly the duration in real time.
    for (const x of s) expect(Date.parse(x.endTime) - Date.parse(x.startTime)).toBe(3_600_000);
    expect(times(s, "America/New_York")).toEqual(["12:00 AM-1:00 AM", "1:00 AM-3:00 AM", "3:00 AM-4:00 AM", "4:00 AM-5:00 AM"]);
  });

  test("America/New_York fall back (1 Nov 2026): 01:30 happens twice, the first one is used", () => {
    expect(zonedToUtc("2026-11-01", 1, 30, "America/New_York")!.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    const s = generateSlots({ dates: ["2026-11-01"], ...DEFAULT_WINDOW, duration: 60, timeZone: "America/New_York" });
    expect(s[0]!.startTime).toBe("2026-11-01T14:00:00.000Z"); // 09:00 EST
    expect(s).toHaveLength(8);
  });

  test("Australia/Melbourne fall back (5 Apr 2026) with 90-minute slots", () => {
    const s = generateSlots({ dates: ["2026-04-05"], start: { hour: 0, minute: 0 }, end: { hour: 5, minute: 0 }, duration: 90, timeZone: "Australia/Melbourne" });
    // 00:00 and 01:00 AEDT (+11), 02:00 AEDT (first of two), 03:00 AEST (+10); 04:00 would end 05:30.
    expect(s.map((x) => x.startTime)).toEqual(["2026-04-04T13:00:00.000Z", "2026-04-04T14:00:00.000Z", "2026-04-04T15:00:00.000Z", "2026-04-04T17:00:00.000Z"]);
  });

  test("Australia/Melbourne spring forward (4 Oct 2026): 02:00 is skipped; business hours are +11", () => {
    expect(zonedToUtc("2026-10-04", 2, 0, "Australia/Melbourne")).toBeNull();
    const s = generateSlots({ dates: ["2026-10-04"], ...DEFAULT_WINDOW, duration: 60, timeZone: "Australia/Melbourne" });
    expect(s[0]!.startTime).toBe("2026-10-03T22:00:00.000Z");
    expect(times(s, "Australia/Melbourne")[0]).toBe("9:00 AM-10:00 AM");
  });
});

describe("date range and server validation", () => {
  const now = new Date("2030-01-10T12:00:00Z");
  test("dates from today to today + 60 days are selectable, in the recruiter's zone", () => {
    expect(selectableRange(now, "UTC")).toEqual({ first: "2030-01-10", last: "2030-03-11" });
    expect(isSelectableDate("2030-01-09", now, "UTC")).toBe(false);
    expect(isSelectableDate("2030-03-11", now, "UTC")).toBe(true);
    expect(isSelectableDate("2030-03-12", now, "UTC")).toBe(false);
    // Already the 11th in Auckland.
    expect(selectableRange(now, "Pacific/Auckland").first).toBe("2030-01-11");
    expect(isSelectableDate("2030-02-30", now, "UTC")).toBe(false);
  });

  test("slotProblem refuses dates past 60 days, wrong lengths, past and repeated slots", () => {
    const ok = generateSlots({ dates: ["2030-01-11"], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    expect(slotProblem(ok, { duration: 60, timeZone: "UTC", now })).toBeNull();
    const late = generateSlots({ dates: ["2030-03-12"], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    expect(slotProblem(late, { duration: 60, timeZone: "UTC", now })).toBe("Dates must be within the next 60 days");
    expect(slotProblem(ok, { duration: 30, timeZone: "UTC", now })).toBe("Each time slot must last the chosen duration");
    expect(slotProblem([{ startTime: "2030-01-10T09:00:00Z", endTime: "2030-01-10T10:00:00Z" }], { duration: 60, timeZone: "UTC", now })).toBe("Time slots must be in the future");
    expect(slotProblem([ok[0]!, ok[0]!], { duration: 60, timeZone: "UTC", now })).toBe("Time slots must not repeat");
    expect(slotProblem([{ startTime: "2030-01-11T09:07:00Z", endTime: "2030-01-11T10:07:00Z" }], { duration: 60, timeZone: "UTC", now })).toBe("Time slots must start on a quarter hour");
    expect(slotProblem(ok, { duration: 60, timeZone: "Mars/Olympus", now })).toBe("Unknown time zone");
    expect(slotProblem(ok, { duration: 50, timeZone: "UTC", now })).toBe("Duration must be 30, 45, 60, 90 or 120 minutes");
    expect(slotProblem([{ startTime: "nope", endTime: "2030-01-11T10:00:00Z" }], { duration: 60, timeZone: "UTC", now })).toBe("Time slots need a valid start and end time");
  });
});

describe("display", () => {
  test("h:mm a, long date headings, grouped by the zone's day", () => {
    expect(formatTime("2030-01-11T00:05:00Z", "UTC")).toBe("12:05 AM");
    expect(formatTime("2030-01-11T12:30:00Z", "UTC")).toBe("12:30 PM");
    expect(formatLongDate("2030-01-11T12:30:00Z", "UTC")).toBe("Friday, January 11, 2030");
    const slots = [
      { startTime: "2030-01-11T22:00:00Z", endTime: "2030-01-11T23:00:00Z" },
      { startTime: "2030-01-11T09:00:00Z", endTime: "2030-01-11T10:00:00Z" },
    ];
    expect(groupByDay(slots, "UTC").map((g) => g.heading)).toEqual(["Friday, January 11, 2030"]);
    // In Melbourne the 22:00 UTC slot is on Saturday morning.
    expect(groupByDay(slots, "Australia/Melbourne").map((g) => g.heading)).toEqual(["Friday, January 11, 2030", "Saturday, January 12, 2030"]);
  });
});

import { noSlotsReason } from "./slots";
describe("no slots: why", () => {
  test("a window that fits the duration but has passed today, against one too short for the duration", () => {
    const base = { dates: ["2030-01-10"], start: { hour: 9, minute: 0 }, end: { hour: 10, minute: 0 }, timeZone: "UTC" };
    expect(noSlotsReason({ ...base, duration: 60 })).toBe("Today's window has already passed");
    expect(noSlotsReason({ ...base, duration: 90 })).toBe("The availability window is shorter than the interview duration.");
  });
});
