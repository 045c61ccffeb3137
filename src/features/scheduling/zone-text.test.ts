import { describe, expect, test } from "bun:test";
import { dualTimeText, relativeDay, zoneName } from "./zone-text";

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
