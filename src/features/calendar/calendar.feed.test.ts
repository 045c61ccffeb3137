import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { createSchedulingSession } from "../scheduling/service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { randomAlphanumeric } from "../../lib/crypto";
import { makeTestApp } from "../../../test/helpers";
import { tomorrowAt } from "../../../test/kits/calendar";

const t = makeTestApp();

function feedUrlIn(html: string): string {
  const m = html.match(/http:\/\/localhost(\/ical\/[A-Za-z0-9_-]{43}\.ics)/);
  if (!m) throw new Error("no feed URL on the page");
  return m[1]!;
}

async function bookedInterview(u: { userId: number; workspaceId: number }, hour: number, name = 'Grace Hopper, PhD; "Amazing"') {
  const candidate = upsertParticipantFromVisitor(t.deps, u.workspaceId, {
    uniqueId: "q" + randomAlphanumeric(5),
    name,
    emailAddress: name.startsWith("Grace") ? "grace@example.com" : `${randomAlphanumeric(8)}@example.com`,
  });
  const now = t.clock.now();
  const session = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: candidate.id,
    title: "Technical interview",
    description: "Line one\nLine two, with a comma; and a semicolon \\ backslash",
    duration: 60,
    timeSlots: [{ startTime: tomorrowAt(now, hour).toISOString(), endTime: tomorrowAt(now, hour + 1).toISOString() }],
    timeZone: "UTC",
  });
  const view = await (await t.request(`/api/book/${session.sessionToken}`)).json();
  const res = await t.request(`/api/book/${session.sessionToken}`, { json: { slotId: view.availableSlots[0].id } });
  expect(res.status).toBe(200);
}

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return { cal, events: cal.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
}

describe("private iCal feed", () => {
  test("every user has a feed with their interviews, valid for a real iCalendar parser", async () => {
    const u = await t.signUp({ name: "Ada Lovelace" });
    await bookedInterview(u, 10);
    await bookedInterview(u, 14, "Alan Turing");
    const page = await (await t.request("/ical-manager", { cookie: u.cookie })).text();
    const path = feedUrlIn(page);

    const res = await t.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const text = await res.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    const { cal, events } = parse(text);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBe("-//Frank//Interview feed//EN");
    expect(events.length).toBe(2);
    const first = events.find((e) => e.summary.includes("Grace"))!;
    expect(first.summary).toBe('Technical interview – Grace Hopper, PhD; "Amazing"');
    expect(first.description).toContain("Line one\nLine two, with a comma; and a semicolon \\ backslash");
    // The details link uses the meeting's public id, which /interview-details/{id} accepts (for staff of the workspace).
    const details = first.description.match(/\/interview-details\/([^\s]+)/)![1]!;
    expect((await t.request(`/interview-details/${details}`, { cookie: u.cookie })).status).toBe(200);
    expect(first.startDate.toJSDate().toISOString()).toBe(tomorrowAt(t.clock.now(), 10).toISOString());
    expect(first.endDate.toJSDate().toISOString()).toBe(tomorrowAt(t.clock.now(), 11).toISOString());
    expect(first.uid).toMatch(/^meeting-[A-Za-z0-9_-]+@localhost$/);
    expect(first.attendees.map((a) => a.getFirstValue())).toEqual(["mailto:grace@example.com"]);
    expect(first.organizer).toBe(`mailto:${u.email}`);
    expect(first.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(first.component.getFirstPropertyValue("dtstamp")).toBeTruthy();
  });

  test("the feed shows only its owner's interviews", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await bookedInterview(a, 9);
    const pathB = feedUrlIn(await (await t.request("/ical-manager", { cookie: b.cookie })).text());
    expect(parse(await (await t.request(pathB)).text()).events.length).toBe(0);
  });

  test("regenerating gives a new URL; the old one stops working", async () => {
    const u = await t.signUp();
    const old = feedUrlIn(await (await t.request("/ical-manager", { cookie: u.cookie })).text());
    const res = await t.request("/api/calendar/feed/regenerate", { method: "POST", cookie: u.cookie });
    const { url } = await res.json();
    const fresh = new URL(url).pathname;
    expect(fresh).not.toBe(old);
    expect((await t.request(old)).status).toBe(404);
    expect((await t.request(fresh)).status).toBe(200);
    // The page shows the current one.
    expect(feedUrlIn(await (await t.request("/ical-manager", { cookie: u.cookie })).text())).toBe(fresh);
  });

  test("the no-JavaScript form regenerates with a 303 and a toast", async () => {
    const u = await t.signUp();
    const old = feedUrlIn(await (await t.request("/ical-manager", { cookie: u.cookie })).text());
    const res = await t.request("/ical-manager/feed", { method: "POST", cookie: u.cookie, body: new URLSearchParams() });
    expect(res.status).toBe(303);
    expect((await t.request(old)).status).toBe(404);
  });

  test("unknown or malformed tokens are 404", async () => {
    for (const p of ["/ical/nope.ics", `/ical/${"A".repeat(43)}.ics`, "/ical/..%2F..%2Fetc.ics"]) {
      expect((await t.request(p)).status).toBe(404);
    }
  });
});
