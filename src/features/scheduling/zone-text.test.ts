import { describe, expect, test } from "bun:test";
import { dualTimeText, relativeDay, zoneName } from "./zone-text";
import { formatTime } from "./slot-format";

describe("an interview's time for both people", () => {
  const start = new Date("2026-11-26T10:00:00Z");
  const end = new Date("2026-11-26T11:00:00Z");
  test("the candidate's zone first, the recruiter's beside it, with zone names", () => {
    expect(dualTimeText(start, end, "Europe/London", "Australia/Melbourne")).toBe("Thu 26 Nov, 10:00–11:00 AM London (9:00–10:00 PM Melbourne)");
  });
  test("the other day is named when it differs", () => {
    const s = new Date("2026-11-26T14:00:00Z");
    expect(dualTimeText(s, new Date(s.getTime() + 3_600_000), "Europe/London", "Australia/Melbourne")).toBe("Thu 26 Nov, 2:00–3:00 PM London (Fri 27 Nov, 1:00–2:00 AM Melbourne)");
  });
  test("one zone when both are the same", () => {
    expect(dualTimeText(start, end, "Europe/London", "Europe/London")).toBe("Thu 26 Nov, 10:00–11:00 AM London");
    expect(zoneName("America/New_York")).toBe("New York");
  });
  test("tomorrow is the reader's tomorrow", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(relativeDay(start, now, "Europe/London")).toBe("tomorrow");
    // In Melbourne it is already the 26th at 23:00 on the 25th UTC.
    expect(relativeDay(start, new Date("2026-11-25T14:00:00Z"), "Australia/Melbourne")).toBe("today");
  });
});

describe("a wall time that happens twice (Melbourne's clocks go back on 2027-04-04 at 3:00 AM)", () => {
  const at = (iso: string) => new Date(iso);
  test("the two 2:00 AM starts read apart, with the zone's offset; the hours around them stay plain", () => {
    const first = formatTime(at("2027-04-03T15:00:00Z"), "Australia/Melbourne");
    const second = formatTime(at("2027-04-03T16:00:00Z"), "Australia/Melbourne");
    expect(first).not.toBe(second);
    expect(first).toBe("2:00 AM GMT+11");
    expect(second).toBe("2:00 AM GMT+10");
    expect(formatTime(at("2027-04-03T14:00:00Z"), "Australia/Melbourne")).toBe("1:00 AM");
    expect(formatTime(at("2027-04-03T17:00:00Z"), "Australia/Melbourne")).toBe("3:00 AM");
    // The spring-forward hour does not repeat: nothing is added.
    expect(formatTime(at("2026-10-03T16:30:00Z"), "Australia/Melbourne")).toBe("3:30 AM");
  });
  test("an e-mail's range never reads 2:30–2:30 AM", () => {
    const text = dualTimeText(at("2027-04-03T15:30:00Z"), at("2027-04-03T16:30:00Z"), "Australia/Melbourne");
    expect(text).not.toContain("2:30–2:30");
    expect(text).toBe("Sun 4 Apr, 2:30 AM GMT+11–2:30 AM GMT+10 Melbourne");
  });
});
