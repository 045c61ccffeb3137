import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { buildCalendar, escapeText, foldLine } from "./ics";

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return { cal, events: cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("RFC 5545 writer", () => {
  test("folds long lines at 75 octets without splitting a character", () => {
    const line = "DESCRIPTION:" + "é".repeat(100);
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
  });

  test("a cancelled interview is CANCELLED; names with commas are quoted parameters", () => {
    const now = new Date("2030-01-01T10:00:00Z");
    const text = buildCalendar({
      name: "x",
      prodId: "-//t//t//EN",
      now,
      events: [{ uid: "u1@x", sequence: 2, start: now, end: new Date(now.getTime() + 3600_000), created: now, summary: "S", status: "CANCELLED", attendees: [{ email: "a@b.c", name: "Doe, Jane" }] }],
    });
    const { events } = parse(text);
    expect(events[0]!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(events[0]!.sequence).toBe(2);
    expect(events[0]!.attendees[0]!.getParameter("cn")).toBe("Doe, Jane");
  });

  test("escapes TEXT values so a parser reads them back unchanged", () => {
    const summary = 'A; B, C \\ D\nE\r\nF "quoted"';
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const now = new Date("2030-01-01T10:00:00Z");
    const { events } = parse(buildCalendar({ prodId: "-//t//t//EN", now, events: [{ uid: "u@x", sequence: 0, start: now, end: now, summary, status: "CONFIRMED", attendees: [] }] }));
    expect(events[0]!.summary).toBe(summary.replace(/\r\n/g, "\n"));
  });

  test("an invitation: METHOD, UTC times, organizer, attendee with PARTSTAT and RSVP, only http(s) URLs", () => {
    const start = new Date("2030-05-06T07:30:00Z");
    const end = new Date("2030-05-06T08:15:00Z");
    const text = buildCalendar({
      prodId: "-//Frank//Test//EN",
      method: "REQUEST",
      now: new Date("2030-05-01T00:00:00Z"),
      events: [
        {
          uid: "abc@example.com",
          sequence: 1,
          start,
          end,
          summary: "Interview",
          location: "Room 1, floor 2",
          url: "javascript:alert(1)",
          status: "CONFIRMED",
          transp: "OPAQUE",
          organizer: { name: "Rita Recruiter", email: "rita@example.com" },
          attendees: [{ name: 'Sam "The Man" Candidate', email: "sam@example.com", partstat: "NEEDS-ACTION", rsvp: true }],
        },
      ],
    });
    expect(text.split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(text).not.toContain("URL:");
    const { cal, events } = parse(text);
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    const e = events[0]!;
    expect(e.uid).toBe("abc@example.com");
    expect(e.sequence).toBe(1);
    expect(e.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(e.endDate.toJSDate().toISOString()).toBe(end.toISOString());
    expect(e.startDate.zone?.tzid).toBe("UTC");
    expect(e.location).toBe("Room 1, floor 2");
    expect(e.organizer).toBe("mailto:rita@example.com");
    const a = e.attendees[0]!;
    expect(a.getFirstValue()).toBe("mailto:sam@example.com");
    expect(a.getParameter("cn")).toBe("Sam The Man Candidate");
    expect(a.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(a.getParameter("rsvp")).toBe("TRUE");
    expect(e.component.getFirstPropertyValue("transp")).toBe("OPAQUE");
  });
});
