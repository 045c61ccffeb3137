import { describe, expect, test } from "bun:test";
import { addDays, isDay, isTimeZone, localParts, mondayOf } from "./week";

describe("week arithmetic", () => {
  test("an instant lands on its local day and time in each zone", () => {
    const at = new Date("2026-11-23T22:30:00Z");
    expect(localParts(at, "Europe/London")).toEqual({ day: "2026-11-23", time: "22:30" });
    expect(localParts(at, "Australia/Melbourne")).toEqual({ day: "2026-11-24", time: "09:30" });
    // Summer time in London (BST, UTC+1).
    expect(localParts(new Date("2026-07-01T08:00:00Z"), "Europe/London")).toEqual({ day: "2026-07-01", time: "09:00" });
  });
  test("weeks start on Monday; days and zones are checked", () => {
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
    expect(isTimeZone("Australia/Melbourne")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
