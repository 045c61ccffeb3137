// Decision 32's pages without JavaScript: /ical-manager's forms and the interview page's
// Apply / Keep and Retry, each a 303 back with a toast; what they change shows on the pages.
import { describe, expect, test } from "bun:test";
import { makeCalendarTestApp, syncCalendarNow, tomorrowAt } from "../../../test/kits/calendar";
import { bookedInterview } from "../../../test/kits/calendar-truth";

const { t, google } = makeCalendarTestApp();
const ORIGIN = { origin: "http://localhost" };
const form = (cookie: string, path: string, fields: [string, string][]) =>
  t.request(path, { method: "POST", cookie, body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN } });
const TEAM = "team-interviews@group.calendar.google.com";

describe("/ical-manager forms", () => {
  test("the page shows the calendars that count and the state; saving a second calendar and the interview calendar", async () => {
    const b = await bookedInterview(t, google);
    const page = await (await t.request("/ical-manager", { cookie: b.u.cookie })).text();
    expect(page).toContain("Calendars that count");
    expect(page).toContain('data-sync-state="ok"');
    const res = await form(b.u.cookie, "/ical-manager/calendars", [
      ["calendar0", google.account.email],
      ["check0", "on"],
      ["calendar1", TEAM],
      ["check1", "on"],
      ["interviewCalendarId", TEAM],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ical-manager");
    const c = (await (await t.request("/api/calendar/connections", { cookie: b.u.cookie })).json()).connections[0];
    expect(c.calendars.map((x: any) => [x.id, x.checkConflicts, x.receivesInterviews])).toEqual([
      [google.account.email, true, false],
      [TEAM, true, true],
    ]);
    // Unchecking the primary: its busy times stop counting.
    await form(b.u.cookie, "/ical-manager/calendars", [
      ["calendar0", google.account.email],
      ["calendar1", TEAM],
      ["check1", "on"],
    ]);
    const after = (await (await t.request("/api/calendar/connections", { cookie: b.u.cookie })).json()).connections[0];
    expect(after.calendars[0].checkConflicts).toBe(false);
  });

  test("sync now, the video link (a bad link is refused with the spec's words) and the workspace's choice", async () => {
    const b = await bookedInterview(t, google);
    expect((await form(b.u.cookie, "/ical-manager/sync-now", [])).status).toBe(303);
    expect(
      (
        await form(b.u.cookie, "/ical-manager/video-link", [
          ["kind", "fixed"],
          ["url", "not a link"],
        ])
      ).status,
    ).toBe(303);
    expect(await (await t.request("/api/auth/profile/video-link", { cookie: b.u.cookie })).json()).toEqual({ kind: "google_meet", url: null });
    await form(b.u.cookie, "/ical-manager/video-link", [
      ["kind", "fixed"],
      ["url", "https://whereby.com/rita"],
    ]);
    expect(await (await t.request("/api/auth/profile/video-link", { cookie: b.u.cookie })).json()).toEqual({ kind: "fixed", url: "https://whereby.com/rita" });
    await form(b.u.cookie, "/ical-manager/event-changes", [["onEventChange", "flag"]]);
    expect(await (await t.request("/api/calendar/settings", { cookie: b.u.cookie })).json()).toEqual({ onEventChange: "flag" });
    expect(await (await t.request("/ical-manager", { cookie: b.u.cookie })).text()).toContain("https://whereby.com/rita");
  });
});

describe("the interview page", () => {
  test("a flagged move shows Apply and Keep; Apply (a form) moves the interview", async () => {
    const b = await bookedInterview(t, google, { mode: "flag" });
    const now = t.clock.now();
    google.moveEvent(b.event.id, tomorrowAt(now, 15), tomorrowAt(now, 16));
    await syncCalendarNow(t, b.u.cookie);
    const html = await (await t.request(`/interview-details/${b.interviewId}`, { cookie: b.u.cookie })).text();
    expect(html).toContain("The event was moved in your calendar");
    expect(html).toContain("Apply (move)");
    const flagId = (await b.interview()).flags[0].id;
    const res = await form(b.u.cookie, `/interview-details/${b.interviewId}/flag`, [
      ["flagId", String(flagId)],
      ["decision", "apply"],
    ]);
    expect(res.status).toBe(303);
    expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 15).toISOString());
    // The Interview Status card and /interviews show a declined invitation too.
    google.respond(b.event.id, b.email, "declined");
    await t.deps.jobs.idle();
    await syncCalendarNow(t, b.u.cookie);
    expect((await (await t.request("/api/meetings", { cookie: b.u.cookie })).json()).meetings.find((m: any) => m.id === b.interviewId).flags).toEqual([
      { kind: "declined", message: "The candidate declined in their calendar" },
    ]);
    expect(await (await t.request(`/interviews?week=${tomorrowAt(now, 15).toISOString().slice(0, 10)}`, { cookie: b.u.cookie })).text()).toContain("The candidate declined in their calendar");
  });

  test("a missing Meet link says so, with Retry", async () => {
    google.meetFails = true;
    let b;
    try {
      b = await bookedInterview(t, google);
    } finally {
      google.meetFails = false;
    }
    const html = await (await t.request(`/interview-details/${b.interviewId}`, { cookie: b.u.cookie })).text();
    expect(html).toContain("The Google Meet link is missing");
    expect((await form(b.u.cookie, `/interview-details/${b.interviewId}/video-retry`, [])).status).toBe(303);
    await t.deps.jobs.idle();
    const again = await (await t.request(`/interview-details/${b.interviewId}`, { cookie: b.u.cookie })).text();
    expect(again).toContain("https://meet.google.com/");
  });
});
