import { describe, expect, test } from "bun:test";
import { type Availability, DEFAULT_AVAILABILITY, type MemberSchedule, offerStarts, startAllowed } from "./offer-slots";
import { addDays, formatTime, zonedToUtc } from "./slots";

const H = 3_600_000;
const M = 60_000;
const at = (iso: string) => Date.parse(iso);
const member = (userId: number, a: Partial<Availability> = {}, busy: [string, string][] = [], interviews: string[] = []): MemberSchedule => ({
  userId,
  availability: { ...DEFAULT_AVAILABILITY("UTC"), minimumNoticeMinutes: 0, ...a },
  busy: busy.map(([s, e]) => ({ start: at(s), end: at(e) })),
  interviews: interviews.map((s) => ({ start: at(s), end: at(s) + H })),
});
const NOW = at("2026-01-01T00:00:00Z");
/** Offered starts as local "HH:MM" readings in `tz`. */
const local = (starts: { start: number }[], tz: string) => starts.map((o) => new Date(o.start).toLocaleTimeString("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));
/** The offers of one local day in the first member's zone (UTC for a pool alone). */
const day = (date: string, a: MemberSchedule[], duration = 60, pool?: MemberSchedule[], now = NOW) => {
  const tz = a[0]?.availability.timeZone ?? "UTC";
  const from = zonedToUtc(date, 0, 0, tz)!.getTime();
  const to = zonedToUtc(addDays(date, 1), 0, 0, tz)!.getTime();
  return offerStarts({ from, to, durationMinutes: duration, now }, { required: a, pool });
};

describe("weekly ranges in the member's zone", () => {
  test("defaults: Monday to Friday 09:00–17:00, 15-minute grid, last start 16:00 for an hour", () => {
    const offers = offerStarts({ from: at("2026-06-01T00:00:00Z"), to: at("2026-06-02T00:00:00Z"), durationMinutes: 60, now: NOW }, { required: [member(1)] });
    expect(offers).toHaveLength(29); // 09:00 … 16:00 by quarter hours
    expect(local(offers, "UTC")[0]).toBe("09:00");
    expect(local(offers, "UTC").at(-1)).toBe("16:00");
    // Saturday and Sunday: nothing.
    expect(offerStarts({ from: at("2026-06-06T00:00:00Z"), to: at("2026-06-08T00:00:00Z"), durationMinutes: 30, now: NOW }, { required: [member(1)] })).toEqual([]);
  });

  test("ranges are read in the member's zone: Melbourne 09:00–17:00 is 23:00–07:00 UTC in June", () => {
    const offers = offerStarts({ from: at("2026-06-01T00:00:00Z"), to: at("2026-06-03T00:00:00Z"), durationMinutes: 60, now: NOW }, { required: [member(1, { timeZone: "Australia/Melbourne" })] });
    expect(new Date(offers[0]!.start).toISOString()).toBe("2026-06-01T00:00:00.000Z"); // Monday 10:00 in Melbourne: 09:00 was 31 May in UTC, before `from`
    expect(local(offers, "Australia/Melbourne").every((t) => t >= "09:00" && t <= "16:00")).toBe(true);
  });

  test("several ranges a day; touching ranges are one", () => {
    const split = member(1, {
      weekly: [
        { day: 1, start: "09:00", end: "10:00" },
        { day: 1, start: "14:00", end: "15:00" },
      ],
    });
    expect(local(day("2026-06-01", [split]), "UTC")).toEqual(["09:00", "14:00"]);
    const touching = member(1, {
      weekly: [
        { day: 1, start: "09:00", end: "10:00" },
        { day: 1, start: "10:00", end: "10:30" },
      ],
    });
    expect(local(day("2026-06-01", [touching], 90), "UTC")).toEqual(["09:00"]);
    const midnight = member(1, {
      weekly: [
        { day: 1, start: "23:00", end: "24:00" },
        { day: 2, start: "00:00", end: "01:00" },
      ],
    });
    const overnight = offerStarts({ from: at("2026-06-01T20:00:00Z"), to: at("2026-06-02T04:00:00Z"), durationMinutes: 120, now: NOW }, { required: [midnight] });
    expect(local(overnight, "UTC")).toEqual(["23:00"]);
  });
});

describe("daylight-saving changes", () => {
  test("spring forward, member's side (New York, 8 Mar 2026): a 01:00–04:00 range is two real hours", () => {
    const ny = member(1, { timeZone: "America/New_York", weekly: [{ day: 0, start: "01:00", end: "04:00" }] });
    const offers = day("2026-03-08", [ny], 60);
    expect(local(offers, "America/New_York")).toEqual(["01:00", "01:15", "01:30", "01:45", "03:00"]);
    // A range starting inside the skipped hour begins at 03:00.
    const gap = member(1, { timeZone: "America/New_York", weekly: [{ day: 0, start: "02:30", end: "04:00" }] });
    expect(local(day("2026-03-08", [gap], 60), "America/New_York")).toEqual(["03:00"]);
  });

  test("fall back, member's side (London, 25 Oct 2026): 01:00–03:00 holds three real hours", () => {
    const london = member(1, { timeZone: "Europe/London", weekly: [{ day: 0, start: "01:00", end: "03:00" }] });
    const offers = day("2026-10-25", [london], 60);
    expect(offers).toHaveLength(9); // 01:00 BST … 02:00 GMT by quarters: 3 hours − 1 hour = 2 hours of starts + 1
    expect(new Date(offers[0]!.start).toISOString()).toBe("2026-10-25T00:00:00.000Z");
    expect(new Date(offers.at(-1)!.start).toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  test("the candidate's side: London 09:00 is 10:00 in Berlin before and after both change, but 09:00 in New York only after theirs", () => {
    const london = member(1, { timeZone: "Europe/London", weekly: [{ day: 1, start: "09:00", end: "10:00" }] });
    // 16 Mar 2026: New York already on EDT (UTC−4), London still on GMT.
    const march = day("2026-03-16", [london]);
    expect(march.map((o) => formatTime(new Date(o.start).toISOString(), "America/New_York"))).toEqual(["5:00 AM"]);
    // 6 Apr 2026: both on summer time.
    const april = day("2026-04-06", [london]);
    expect(april.map((o) => formatTime(new Date(o.start).toISOString(), "America/New_York"))).toEqual(["4:00 AM"]);
  });
});

describe("busy times and buffers", () => {
  test("a busy time removes the starts it overlaps", () => {
    const m = member(1, {}, [["2026-06-01T10:00:00Z", "2026-06-01T11:00:00Z"]]);
    const t = local(day("2026-06-01", [m]), "UTC");
    expect(t).toContain("09:00");
    expect(t).not.toContain("09:15");
    expect(t).not.toContain("10:45");
    expect(t).toContain("11:00");
  });

  test("buffers before and after keep a gap from busy times", () => {
    const m = member(1, { bufferBeforeMinutes: 15, bufferAfterMinutes: 30 }, [["2026-06-01T12:00:00Z", "2026-06-01T13:00:00Z"]]);
    const t = local(day("2026-06-01", [m]), "UTC");
    expect(t).toContain("10:30"); // ends 11:30, 30 minutes before the busy time
    expect(t).not.toContain("10:45");
    expect(t).not.toContain("13:00");
    expect(t).toContain("13:15"); // 15 minutes after
  });

  test("buffers at the edges of the range: they keep distance from busy times, not from working hours", () => {
    const m = member(1, { bufferBeforeMinutes: 30, bufferAfterMinutes: 30 });
    const t = local(day("2026-06-01", [m]), "UTC");
    expect(t[0]).toBe("09:00");
    expect(t.at(-1)).toBe("16:00");
    // A busy time just outside the range still pushes the first start.
    const early = member(1, { bufferBeforeMinutes: 30 }, [["2026-06-01T08:00:00Z", "2026-06-01T09:00:00Z"]]);
    expect(local(day("2026-06-01", [early]), "UTC")[0]).toBe("09:30");
    const late = member(1, { bufferAfterMinutes: 30 }, [["2026-06-01T17:00:00Z", "2026-06-01T18:00:00Z"]]);
    expect(local(day("2026-06-01", [late]), "UTC").at(-1)).toBe("15:30");
  });

  test("another interview keeps its buffers: the gap between two interviews is the larger buffer", () => {
    const m = member(1, { bufferBeforeMinutes: 0, bufferAfterMinutes: 30 }, [], ["2026-06-01T12:00:00Z"]);
    const t = local(day("2026-06-01", [m]), "UTC");
    expect(t).toContain("10:30"); // ends 11:30, 30 minutes before the interview at 12:00
    expect(t).not.toContain("10:45");
    expect(t).not.toContain("13:15"); // within the interview's 30 minutes after
    expect(t).toContain("13:30");
  });

  test("2,000 busy events: same answer as checking each start against each event", () => {
    const busy: [string, string][] = [];
    for (let i = 0; i < 2000; i++) {
      const s = at("2026-06-01T00:00:00Z") + i * 37 * 7 * M;
      busy.push([new Date(s).toISOString(), new Date(s + 25 * M).toISOString()]);
    }
    const m = member(1, { bufferBeforeMinutes: 10, bufferAfterMinutes: 5, weekly: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, start: "00:00", end: "24:00" })) }, busy);
    const from = at("2026-06-01T00:00:00Z");
    const to = from + 30 * 24 * H;
    const fast = offerStarts({ from, to, durationMinutes: 45, now: NOW }, { required: [m] }).map((o) => o.start);
    const slow: number[] = [];
    for (let s = from; s + 45 * M <= to; s += 15 * M) if (!m.busy.some((b) => b.start < s + 50 * M && b.end > s - 10 * M)) slow.push(s);
    expect(fast).toEqual(slow);
    expect(fast.length).toBeGreaterThan(100);
  });
});

describe("notice, caps and overrides", () => {
  test("minimum notice: nothing starts sooner than now + notice", () => {
    const m = member(1, { minimumNoticeMinutes: 240 });
    const now = at("2026-06-01T08:10:00Z");
    expect(local(day("2026-06-01", [m], 60, undefined, now), "UTC")[0]).toBe("12:15");
  });

  test("daily cap counts the member's interviews on their local date", () => {
    const m = member(1, { maxInterviewsPerDay: 2, timeZone: "Australia/Melbourne" }, [], ["2026-06-01T00:00:00Z", "2026-06-01T02:00:00Z"]); // 10:00 and 12:00 Monday in Melbourne
    const offers = offerStarts({ from: at("2026-05-31T14:00:00Z"), to: at("2026-06-02T14:00:00Z"), durationMinutes: 60, now: NOW }, { required: [m] });
    // Monday (Melbourne) is full; Tuesday offers.
    expect(offers.every((o) => new Date(o.start).toLocaleDateString("en-CA", { timeZone: "Australia/Melbourne" }) === "2026-06-02")).toBe(true);
    expect(offers.length).toBeGreaterThan(0);
    const underCap = { ...m, availability: { ...m.availability, maxInterviewsPerDay: 3 } };
    expect(startAllowed(underCap, at("2026-06-01T04:00:00Z"), 60, NOW)).toBe(true);
    expect(startAllowed(m, at("2026-06-01T04:00:00Z"), 60, NOW)).toBe(false);
  });

  test("an override replaces the weekday's ranges; one with no ranges is a day off", () => {
    const m = member(1, {
      overrides: [
        { date: "2026-06-01", ranges: [{ start: "13:00", end: "14:00" }] },
        { date: "2026-06-02", ranges: [] },
        { date: "2026-06-06", ranges: [{ start: "10:00", end: "11:00" }] }, // a Saturday
      ],
    });
    expect(local(day("2026-06-01", [m]), "UTC")).toEqual(["13:00"]);
    expect(day("2026-06-02", [m])).toEqual([]);
    expect(local(day("2026-06-06", [m]), "UTC")).toEqual(["10:00"]);
  });
});

describe("panels and pools", () => {
  const a = member(1, { weekly: [{ day: 1, start: "09:00", end: "12:00" }] }, [["2026-06-01T09:00:00Z", "2026-06-01T10:00:00Z"]]);
  const b = member(2, { weekly: [{ day: 1, start: "10:00", end: "13:00" }] }, [["2026-06-01T11:00:00Z", "2026-06-01T11:30:00Z"]]);
  const c = member(3, { timeZone: "America/New_York", weekly: [{ day: 1, start: "07:00", end: "08:00" }] }); // 11:00–12:00 UTC

  test("a panel: only starts where every required member is free", () => {
    expect(local(day("2026-06-01", [a, b]), "UTC")).toEqual(["10:00"]);
    expect(day("2026-06-01", [a, b, c])).toEqual([]);
  });

  test("a pool: starts where any member is free, naming who", () => {
    const offers = day("2026-06-01", [], 60, [a, b, c]);
    const byTime = Object.fromEntries(offers.map((o) => [local([o], "UTC")[0], o.poolFree]));
    expect(byTime["10:00"]).toEqual([1, 2]);
    expect(byTime["11:00"]).toEqual([1, 3]);
    expect(byTime["11:30"]).toEqual([2]);
    expect(byTime["09:00"]).toBeUndefined();
    expect(byTime["12:00"]).toEqual([2]);
  });

  test("a panel with a pool: the required members and one of the pool", () => {
    expect(local(day("2026-06-01", [a], 60, [b, c]), "UTC")).toEqual(["10:00", "11:00"]);
  });
});
