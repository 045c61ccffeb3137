// Calendars that count, the busy API, the sync state, push notifications and video links (decision 32).
import { afterAll, describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { defaultAccount, startFakeGoogle } from "../../../test/fakes/google";
import { connectCalendar, makeCalendarTestApp, syncCalendarNow, tomorrowAt } from "../../../test/kits/calendar";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { PUSH_MERGE_MS } from "./work";

const { t, google } = makeCalendarTestApp();
const TEAM = "team-interviews@group.calendar.google.com";

async function connected() {
  const u = await t.signUp();
  google.account = defaultAccount(`member-${u.userId}@example.com`);
  await connectCalendar(t, u.cookie);
  await t.deps.jobs.idle();
  return u;
}

const connections = async (cookie: string) => (await (await t.request("/api/calendar/connections", { cookie })).json()).connections;

describe("GET/PATCH /api/calendar/connections", () => {
  test("by default the primary calendar counts and receives interviews; a second one can be checked, and its busy times count", async () => {
    const u = await connected();
    const [c] = await connections(u.cookie);
    expect(c).toMatchObject({ id: u.userId, provider: "google", accountEmail: google.account.email, state: "ok", error: null });
    expect(c.calendars).toEqual([
      { id: google.account.email, name: google.account.email, checkConflicts: true, receivesInterviews: true },
      { id: TEAM, name: "Team Interviews", checkConflicts: false, receivesInterviews: false },
    ]);
    const now = t.clock.now();
    google.addEvent(TEAM, { summary: "Team offsite", start: tomorrowAt(now, 13), end: tomorrowAt(now, 14) });
    const busy = async () => (await (await t.request(`/api/calendar/busy?from=${now.toISOString()}&to=${tomorrowAt(now, 23).toISOString()}`, { cookie: u.cookie })).json()).busy;
    await syncCalendarNow(t, u.cookie);
    expect(await busy()).toEqual([]);
    const patched = await t.request(`/api/calendar/connections/${u.userId}`, {
      method: "PATCH",
      cookie: u.cookie,
      json: { calendars: [{ id: TEAM, checkConflicts: true }], interviewCalendarId: TEAM },
    });
    expect(patched.status).toBe(200);
    const p = await patched.json();
    expect(p.calendars.map((x: any) => [x.checkConflicts, x.receivesInterviews])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(await busy()).toEqual([{ start: tomorrowAt(now, 13).toISOString(), end: tomorrowAt(now, 14).toISOString(), calendarId: TEAM, source: "calendar" }]);
  });

  test("someone else's connection is 404; a calendar not in the account is 400; bad busy ranges are 400", async () => {
    const a = await connected();
    const b = await connected();
    expect((await t.request(`/api/calendar/connections/${a.userId}`, { method: "PATCH", cookie: b.cookie, json: { calendars: [] } })).status).toBe(404);
    expect((await t.request(`/api/calendar/connections/${a.userId}/sync`, { method: "POST", cookie: b.cookie })).status).toBe(404);
    const bad = await t.request(`/api/calendar/connections/${b.userId}`, { method: "PATCH", cookie: b.cookie, json: { calendars: [{ id: "someone-else@example.com", checkConflicts: true }] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Please choose one of your calendars");
    expect((await t.request(`/api/calendar/busy?from=yesterday&to=2030-01-01T00:00:00Z`, { cookie: b.cookie })).status).toBe(400);
    expect((await t.request(`/api/calendar/busy?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z`, { cookie: b.cookie })).status).toBe(400);
  });

  test("busy of another member: owners and admins only, and only their workspace's", async () => {
    const owner = await connected();
    const stranger = await connected();
    const from = t.clock.now().toISOString();
    const to = tomorrowAt(t.clock.now(), 23).toISOString();
    expect((await t.request(`/api/calendar/busy?from=${from}&to=${to}&userId=${stranger.userId}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request(`/api/calendar/busy?from=${from}&to=${to}&userId=${owner.userId}`, { cookie: owner.cookie })).status).toBe(200);
  });

  test("the state: ok after a sync, stale after 15 minutes without one, error with the reason when Google fails", async () => {
    const u = await connected();
    expect((await connections(u.cookie))[0].state).toBe("ok");
    t.clock.advance(16 * 60_000);
    expect((await connections(u.cookie))[0].state).toBe("stale");
    google.down = true;
    try {
      const c = await syncCalendarNow(t, u.cookie);
      expect(c.state).toBe("error");
      expect(c.error).toContain("503");
      expect(await (await t.request("/metrics")).text()).toMatch(/frank_calendar_connections\{state="error"\} [1-9]/);
    } finally {
      google.down = false;
    }
    expect((await syncCalendarNow(t, u.cookie)).state).toBe("ok");
  });

  test("a grant Google refuses: the sync finds out, and the connection shows as error with the reason until connected again", async () => {
    const u = await connected();
    google.revokeAll(google.account.email);
    const res = await t.request(`/api/calendar/connections/${u.userId}/sync`, { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(409);
    const [c] = await connections(u.cookie);
    expect(c).toMatchObject({ id: u.userId, state: "error", accountEmail: google.account.email, calendars: [] });
    expect(c.error).toContain("Google no longer accepts this connection");
    expect(await (await t.request("/metrics")).text()).toMatch(/frank_calendar_connections\{state="error"\} [1-9]/);
    await connectCalendar(t, u.cookie);
    await t.deps.jobs.idle();
    expect((await connections(u.cookie))[0].state).toBe("ok");
  });

  test("an all-day event is busy from midnight to midnight in the calendar's zone; a 'free' one counts for nothing", async () => {
    const u = await connected();
    google.timeZones[google.account.email] = "Australia/Melbourne";
    const day = tomorrowAt(t.clock.now(), 12).toISOString().slice(0, 10);
    const next = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    google.addEvent(google.account.email, { summary: "Holiday", start: day, end: next, allDay: true });
    google.addEvent(google.account.email, { summary: "Working from home", start: day, end: next, allDay: true, transparency: "transparent" });
    await syncCalendarNow(t, u.cookie);
    const busy = await (await t.request(`/api/calendar/busy?from=${t.clock.now().toISOString()}&to=${new Date(Date.parse(next) + 3 * 86_400_000).toISOString()}`, { cookie: u.cookie })).json();
    // Melbourne is UTC+10 or +11: its midnight is the afternoon before in UTC.
    expect(busy.busy).toHaveLength(1);
    expect(Date.parse(busy.busy[0].start)).toBeLessThan(Date.parse(`${day}T00:00:00Z`));
    // A day of 24 hours (23 or 25 on the days the clocks change).
    expect(Math.abs(Date.parse(busy.busy[0].end) - Date.parse(busy.busy[0].start) - 86_400_000)).toBeLessThanOrEqual(3_600_000);
    delete google.timeZones[google.account.email];
  });

  test("a full read follows every page and stores the token only with the last one; the next read is incremental", async () => {
    const u = await connected();
    const now = t.clock.now();
    google.pageSize = 3;
    try {
      for (let i = 0; i < 10; i++) google.addEvent(google.account.email, { summary: `e${i}`, start: tomorrowAt(now, 8, i * 5), end: tomorrowAt(now, 8, i * 5 + 4) });
      google.expireSyncTokens();
      const lists = () => google.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events")).length;
      const before = lists();
      await syncCalendarNow(t, u.cookie);
      // One 410, then four pages of the full read (10 events, 3 a page).
      expect(lists() - before).toBe(5);
      const busy = await (await t.request(`/api/calendar/busy?from=${now.toISOString()}&to=${tomorrowAt(now, 23).toISOString()}`, { cookie: u.cookie })).json();
      expect(busy.busy).toHaveLength(10);
      const mid = lists();
      await syncCalendarNow(t, u.cookie);
      expect(lists() - mid).toBe(1);
    } finally {
      google.pageSize = 250;
    }
  });
});

describe("push notifications", () => {
  const g2 = startFakeGoogle();
  afterAll(() => g2.stop());
  g2.allowHttpPush = true;
  const tp = makeTestApp({ ...g2.env(), APP_URL: "https://frank.example" });

  test("with an https APP_URL a channel is opened; a wrong token is refused and queues no sync; a right one syncs", async () => {
    const u = await tp.signUp();
    g2.account = defaultAccount(`push-${u.userId}@example.com`);
    await connectCalendar(tp, u.cookie);
    await tp.deps.jobs.idle();
    expect(g2.channels).toHaveLength(1);
    const ch = g2.channels[0]!;
    expect(ch.address).toBe("https://frank.example/api/calendar/notifications/google");
    const lists = () => g2.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events")).length;
    const before = lists();
    const wrong = await tp.request("/api/calendar/notifications/google", {
      method: "POST",
      headers: { "x-goog-channel-id": ch.id, "x-goog-channel-token": ch.token + "x", "x-goog-resource-state": "exists" },
    });
    expect(wrong.status).toBe(401);
    const unknown = await tp.request("/api/calendar/notifications/google", {
      method: "POST",
      headers: { "x-goog-channel-id": "nope", "x-goog-channel-token": ch.token, "x-goog-resource-state": "exists" },
    });
    expect(unknown.status).toBe(401);
    await tp.deps.jobs.idle();
    expect(lists()).toBe(before);
    // Three notifications in a burst merge into one sync run.
    const burst = await Promise.all(
      [1, 2, 3].map(() =>
        tp.request("/api/calendar/notifications/google", { method: "POST", headers: { "x-goog-channel-id": ch.id, "x-goog-channel-token": ch.token, "x-goog-resource-state": "exists" } }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200]);
    tp.clock.advance(PUSH_MERGE_MS);
    await tp.deps.jobs.idle();
    expect(lists()).toBe(before + 1);
  });

  test("300 notifications in a burst, each let run at once, make one sync run beside the first (issue 59 item 9)", async () => {
    const u = await tp.signUp();
    g2.account = defaultAccount(`burst-${u.userId}@example.com`);
    await connectCalendar(tp, u.cookie);
    await tp.deps.jobs.idle();
    const ch = g2.channels.find((c) => c.calendarId === g2.account.email)!;
    const lists = () => g2.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events") && r.path.includes(encodeURIComponent(ch.calendarId))).length;
    // A quiet spell: the first notification syncs at once.
    tp.clock.advance(PUSH_MERGE_MS);
    const before = lists();
    const notify = () =>
      tp.request("/api/calendar/notifications/google", { method: "POST", headers: { "x-goog-channel-id": ch.id, "x-goog-channel-token": ch.token, "x-goog-resource-state": "exists" } });
    expect((await notify()).status).toBe(200);
    await tp.deps.jobs.idle();
    expect(lists()).toBe(before + 1);
    // 299 more within the spell, the worker free between them: none runs on its own.
    for (let i = 0; i < 299; i++) {
      expect((await notify()).status).toBe(200);
      await tp.deps.jobs.idle();
    }
    expect(lists()).toBe(before + 1);
    // The spell over, one run reads what they all announced.
    tp.clock.advance(PUSH_MERGE_MS);
    await tp.deps.jobs.idle();
    expect(lists()).toBe(before + 2);
  });

  test("a channel near its end is renewed and the old one stopped; disconnecting stops the channels", async () => {
    const u = await tp.signUp();
    g2.account = defaultAccount(`push2-${u.userId}@example.com`);
    await connectCalendar(tp, u.cookie);
    await tp.deps.jobs.idle();
    const first = g2.channels.find((c) => c.calendarId === g2.account.email)!;
    const { renewChannels } = await import("./push");
    tp.clock.advance(6.5 * 24 * 60 * 60_000);
    await renewChannels(tp.deps);
    expect(g2.stoppedChannels).toContain(first.id);
    const second = g2.channels.find((c) => c.calendarId === g2.account.email)!;
    expect(second.id).not.toBe(first.id);
    // (The session has been idle for days: sign in again.)
    const cookie = await tp.login(u.email, u.password);
    expect((await tp.request("/api/calendar/disconnect", { method: "POST", cookie })).status).toBe(200);
    expect(g2.stoppedChannels).toContain(second.id);
  });
});

describe("video links", () => {
  test("GET/PUT /api/auth/profile/video-link; a fixed link goes on the interview, in the invitation and the e-mail", async () => {
    const u = await connected();
    expect(await (await t.request("/api/auth/profile/video-link", { cookie: u.cookie })).json()).toEqual({ kind: "google_meet", url: null });
    const bad = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "fixed", url: "zoom" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("Enter the link of your video room (https://…)");
    expect((await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "banana" } })).status).toBe(400);
    const put = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "fixed", url: "https://whereby.com/rita" } });
    expect(await put.json()).toEqual({ kind: "fixed", url: "https://whereby.com/rita" });
  });

  test("Meet that cannot be made: booked anyway, the link is missing, Retry makes it", async () => {
    google.meetFails = true;
    let b;
    try {
      b = await bookedInterview(t, google);
    } finally {
      google.meetFails = false;
    }
    const i = await b.interview();
    expect(i.status).toBe("scheduled");
    expect(i.videoLink).toEqual({ kind: "google_meet", url: null, missing: true });
    const retried = await t.request(`/api/interviews/${b.interviewId}/video-link/retry`, { method: "POST", cookie: b.u.cookie });
    expect(retried.status).toBe(200);
    await t.deps.jobs.idle();
    const after = await b.interview();
    expect(after.videoLink.url).toStartWith("https://meet.google.com/");
    expect(after.videoLink.missing).toBe(false);
    expect((await t.request(`/api/interviews/${b.interviewId}/video-link/retry`, { method: "POST", cookie: b.u.cookie })).status).toBe(409);
  });

  test("a session's own link overrides the default: fixed link on the interview, no Meet asked for", async () => {
    const u = await connected();
    const { upsertParticipantFromVisitor } = await import("../candidates/service");
    const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v" + u.userId, name: "Vic", emailAddress: `vic-${u.userId}@example.com` });
    const now = t.clock.now();
    const res = await t.request("/api/scheduling-sessions", {
      cookie: u.cookie,
      json: {
        candidateId: cand.id,
        duration: 60,
        timeZone: "UTC",
        timeSlots: [{ startTime: tomorrowAt(now, 9).toISOString(), endTime: tomorrowAt(now, 10).toISOString() }],
        videoLink: { kind: "fixed", url: "https://zoom.us/j/123" },
      },
    });
    expect(res.status).toBe(201);
    const s = await res.json();
    expect(
      (await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: cand.id, duration: 60, timeZone: "UTC", timeSlots: s.timeSlots, videoLink: { kind: "fixed" } } })).status,
    ).toBe(400);
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);
    await t.deps.jobs.idle();
    const m = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings.at(-1);
    const i = await (await t.request(`/api/interviews/${m.id}`, { cookie: u.cookie })).json();
    expect(i.videoLink).toEqual({ kind: "fixed", url: "https://zoom.us/j/123", missing: false });
    const event = google.eventsOf(google.account.email).find((e) => e.body.extendedProperties?.private?.frankMeeting === m.id)!;
    expect(event.body.location).toBe("https://zoom.us/j/123");
    expect(event.body.conferenceData).toBeUndefined();
    expect(event.body.hangoutLink).toBeUndefined();
  });
});
