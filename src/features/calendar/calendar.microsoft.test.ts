// Microsoft 365 and Outlook calendars (decision 34): the PKCE connection, tokens at rest, a
// revoked grant, one connection per member, busy times by calendarView/delta, the interview's
// event in Outlook, Teams links, and Graph's change notifications.
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { calendarConnections, tasks } from "../../db/schema";
import { defaultMsAccount, startFakeMicrosoft } from "../../../test/fakes/microsoft";
import { makeTestApp } from "../../../test/helpers";
import { syncCalendarNow, tomorrowAt } from "../../../test/kits/calendar";
import { connectWith, makeTwoProviderApp, microsoftDriver, googleDriver } from "../../../test/kits/calendar-providers";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { graphClient } from "./providers/microsoft";
import { PUSH_MERGE_MS, reopenChannelJob, SYNC_WORK } from "./work";

const { t, google, microsoft } = makeTwoProviderApp();
const ms = microsoftDriver(microsoft);

async function connectedMember(opts: { personal?: boolean } = {}) {
  const u = await t.signUp();
  microsoft.account = defaultMsAccount(`ms-${u.userId}@example.com`, opts);
  expect(await connectWith(t, ms, u.cookie)).toBe("/ical-manager?connected=true");
  await t.deps.jobs.idle();
  return u;
}

describe("connect with the authorization code and PKCE", () => {
  test("the consent asks for the calendar scopes with an S256 challenge; the code is exchanged with its verifier; tokens are sealed at rest", async () => {
    const u = await t.signUp();
    microsoft.account = defaultMsAccount(`pkce-${u.userId}@example.com`);
    const start = await t.request("/auth/microsoft/calendar", { cookie: u.cookie });
    expect(start.status).toBe(302);
    const consent = new URL(start.headers.get("location")!);
    expect(consent.pathname).toBe("/common/oauth2/v2.0/authorize");
    expect(consent.searchParams.get("scope")).toBe("offline_access Calendars.ReadWrite User.Read");
    expect(consent.searchParams.get("code_challenge_method")).toBe("S256");
    expect(consent.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = new URL((await fetch(consent, { redirect: "manual" })).headers.get("location")!);
    const done = await t.request(back.pathname + back.search, { cookie: u.cookie });
    expect(done.headers.get("location")).toBe("/ical-manager?connected=true");
    const token = microsoft.requests.find((r) => r.path.endsWith("/oauth2/v2.0/token") && r.body.grant_type === "authorization_code")!;
    expect(token.body.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = t.deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, u.userId)).get()!;
    expect(row.provider).toBe("microsoft");
    const refresh = [...microsoft.refresh.keys()].find((k) => microsoft.refresh.get(k) === microsoft.account.email)!;
    expect(row.refreshTokenSealed).not.toContain(refresh);
    expect(t.deps.secrets.open(row.refreshTokenSealed!)).toBe(refresh);
    const { connections } = await (await t.request("/api/calendar/connections", { cookie: u.cookie })).json();
    expect(connections).toEqual([
      expect.objectContaining({
        provider: "microsoft",
        accountEmail: microsoft.account.email,
        calendars: [expect.objectContaining({ name: "Calendar", checkConflicts: true, receivesInterviews: true }), expect.objectContaining({ name: "Team Interviews", checkConflicts: false })],
      }),
    ]);
  });

  test("a code replayed with another session's state, or a consent refused, ends with ?error=", async () => {
    const u = await t.signUp();
    microsoft.authError = "access_denied";
    try {
      expect(await connectWith(t, ms, u.cookie)).toBe("/ical-manager?error=access_denied");
    } finally {
      microsoft.authError = null;
    }
    expect((await t.request("/auth/microsoft/calendar/callback?code=x&state=nope", { cookie: u.cookie })).headers.get("location")).toBe("/ical-manager?error=invalid_state");
  });

  test("the button shows on /ical-manager only when MICROSOFT_CLIENT_ID is set", async () => {
    const u = await t.signUp();
    expect(await (await t.request("/ical-manager", { cookie: u.cookie })).text()).toContain("Connect Microsoft Outlook");
    const plain = makeTestApp({ ...googleDriverEnv() });
    const v = await plain.signUp();
    expect(await (await plain.request("/ical-manager", { cookie: v.cookie })).text()).not.toContain("Connect Microsoft Outlook");
    expect((await plain.request("/auth/microsoft/calendar", { cookie: v.cookie })).headers.get("location")).toBe("/ical-manager?error=not_configured");
  });

  test("a revoked grant shows the connection in the error state, with the reason", async () => {
    const u = await connectedMember();
    microsoft.revokeAll(microsoft.account.email);
    microsoft.expireAccessTokens();
    const res = await t.request(`/api/calendar/connections/${u.userId}/sync`, { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(409);
    const { connections } = await (await t.request("/api/calendar/connections", { cookie: u.cookie })).json();
    expect(connections).toEqual([
      expect.objectContaining({ provider: "microsoft", state: "error", error: "Microsoft no longer accepts this connection (access was revoked or has expired). Connect Microsoft Outlook again." }),
    ]);
  });

  test("a member has one connection: connecting Microsoft replaces Google's (its grant revoked)", async () => {
    const u = await t.signUp();
    const g = googleDriver(google);
    g.useAccount(`both-${u.userId}@example.com`);
    await connectWith(t, g, u.cookie);
    microsoft.account = defaultMsAccount(`both-${u.userId}@example.com`);
    await connectWith(t, ms, u.cookie);
    await t.deps.jobs.idle();
    const { connections } = await (await t.request("/api/calendar/connections", { cookie: u.cookie })).json();
    expect(connections.map((c: { provider: string }) => c.provider)).toEqual(["microsoft"]);
    expect(google.revoked.length).toBeGreaterThan(0);
  });

  test("Microsoft rotates refresh tokens: the newest is kept", async () => {
    const u = await connectedMember();
    const before = t.deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, u.userId)).get()!.refreshTokenSealed!;
    microsoft.expireAccessTokens();
    await syncCalendarNow(t, u.cookie);
    const after = t.deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, u.userId)).get()!.refreshTokenSealed!;
    expect(t.deps.secrets.open(after)).not.toBe(t.deps.secrets.open(before));
  });
});

function googleDriverEnv() {
  return { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_OAUTH_BASE_URL: google.url, GOOGLE_API_BASE_URL: google.url };
}

describe("busy times by calendarView/delta", () => {
  test("pages are followed; showAs free is not busy, tentative is; a change comes in by the deltaLink", async () => {
    const u = await connectedMember();
    const cal = ms.primaryCalendar();
    const now = t.clock.now();
    microsoft.pageSize = 3;
    try {
      for (let i = 0; i < 7; i++) microsoft.addEvent(cal, { subject: `Busy ${i}`, start: tomorrowAt(now, 8 + i), end: tomorrowAt(now, 8 + i, 30) });
      microsoft.addEvent(cal, { subject: "Free", start: tomorrowAt(now, 16), end: tomorrowAt(now, 17), showAs: "free" });
      microsoft.addEvent(cal, { subject: "Maybe", start: tomorrowAt(now, 18), end: tomorrowAt(now, 19), showAs: "tentative" });
      await syncCalendarNow(t, u.cookie);
      const busy = async () =>
        (await (await t.request(`/api/calendar/busy?from=${now.toISOString()}&to=${tomorrowAt(now, 23).toISOString()}`, { cookie: u.cookie })).json()).busy.map((b: { start: string }) => b.start);
      let starts = await busy();
      expect(starts).toHaveLength(8);
      expect(starts).not.toContain(tomorrowAt(now, 16).toISOString());
      expect(starts).toContain(tomorrowAt(now, 18).toISOString());
      const deltaReads = () => microsoft.requests.filter((r) => r.path.includes("$deltatoken")).length;
      const d0 = deltaReads();
      const id = microsoft.addEvent(cal, { subject: "New", start: tomorrowAt(now, 20), end: tomorrowAt(now, 21) });
      await syncCalendarNow(t, u.cookie);
      expect(deltaReads()).toBe(d0 + 1);
      starts = await busy();
      expect(starts).toContain(tomorrowAt(now, 20).toISOString());
      microsoft.removeEvent(id);
      await syncCalendarNow(t, u.cookie);
      expect(await busy()).not.toContain(tomorrowAt(now, 20).toISOString());
    } finally {
      microsoft.pageSize = 200;
    }
  });
});

describe("the interview's event in Outlook", () => {
  test("created with Frank's id and no Microsoft invitation; a retry finds the same event; a cancel deletes it", async () => {
    const b = await bookedInterview(t, ms);
    expect(b.event.frankMeeting).toBe(b.interviewId);
    expect(microsoft.invitationsSent).toEqual([]);
    const stored = microsoft.events.find((e) => e.id === b.event.id)!;
    expect(stored.body.transactionId).toMatch(/^frank-/);
    // The same create again (a retry after a lost answer): the first event is found, none is added.
    const row = t.deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, b.u.userId)).get()!;
    const client = graphClient(t.deps.config, { accessToken: null, refreshToken: t.deps.secrets.open(row.refreshTokenSealed!), expiryDate: null }, () => {});
    const frankId = microsoft.property(stored, "frankEvent")!;
    const count = microsoft.events.length;
    const again = await client.insertEvent(ms.primaryCalendar(), {
      id: frankId,
      summary: "x",
      description: "x",
      start: new Date(),
      end: new Date(),
      attendees: [],
      frankMeeting: b.interviewId,
      frankVersion: 0,
      createVideo: false,
    });
    expect(again).toEqual(expect.objectContaining({ eventId: b.event.id, existed: true }));
    expect(microsoft.events.length).toBe(count);
    const cancel = await t.request(`/api/interviews/${b.interviewId}/cancel`, { method: "POST", cookie: b.u.cookie, json: {} });
    expect(cancel.status).toBe(200);
    await t.deps.jobs.idle();
    expect(microsoft.events.some((e) => e.id === b.event.id)).toBe(false);
  });
});

describe("Teams links", () => {
  test("a work account chooses Teams: the Outlook event is a Teams meeting and its join URL is the interview's link", async () => {
    const u = await connectedMember();
    expect(await (await t.request("/api/auth/profile/video-link", { cookie: u.cookie })).json()).toEqual({ kind: "microsoft_teams", url: null });
    const put = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "microsoft_teams" } });
    expect(await put.json()).toEqual({ kind: "microsoft_teams", url: null });
    expect(await (await t.request("/ical-manager", { cookie: u.cookie })).text()).toContain("Microsoft Teams (made with the Outlook event)");
    // The form without JavaScript saves the same choice.
    await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "none" } });
    const form = await t.request("/ical-manager/video-link", {
      cookie: u.cookie,
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "kind=microsoft_teams",
    });
    expect(form.status).toBe(303);
    expect(await (await t.request("/api/auth/profile/video-link", { cookie: u.cookie })).json()).toEqual({ kind: "microsoft_teams", url: null });
    // Reconnecting now asks for OnlineMeetings.ReadWrite as well.
    await connectWith(t, ms, u.cookie);
    expect(microsoft.consents.at(-1)).toBe("offline_access Calendars.ReadWrite User.Read OnlineMeetings.ReadWrite");
  });

  test("the join URL goes wherever the Meet link goes", async () => {
    const b = await bookedInterview(t, ms);
    const stored = microsoft.events.find((e) => e.id === b.event.id)!;
    expect(stored.body).toMatchObject({ isOnlineMeeting: true, onlineMeetingProvider: "teamsForBusiness" });
    const i = await b.interview();
    expect(i.videoLink).toEqual({ kind: "microsoft_teams", url: stored.body.onlineMeeting.joinUrl, missing: false });
  });

  test("a personal account is told it cannot make Teams meetings, and the choice is not offered", async () => {
    const u = await connectedMember({ personal: true });
    const put = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "microsoft_teams" } });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toBe("Your Microsoft account cannot make Teams meetings (personal Outlook.com accounts cannot). Choose another video link.");
    const page = await (await t.request("/ical-manager", { cookie: u.cookie })).text();
    expect(page).toContain("cannot make Teams meetings");
    expect(page).not.toContain('value="microsoft_teams"');
    // Teams turned on for the account later: the next calendar list says so, and the choice is offered.
    microsoft.accounts.get(microsoft.account.email)!.personal = false;
    t.clock.advance(6 * 60_000); // past the list's 5-minute cache
    expect((await t.request("/api/calendar/list", { cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "microsoft_teams" } })).status).toBe(200);
  });

  test("Meet is neither offered nor accepted for a Microsoft member", async () => {
    const u = await connectedMember();
    const put = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "google_meet" } });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toBe("Google Meet links need a connected Google calendar; your calendar is Microsoft Outlook.");
    expect(await (await t.request("/ical-manager", { cookie: u.cookie })).text()).not.toContain('value="google_meet"');
  });

  test("Teams for a Google member is refused", async () => {
    const u = await t.signUp();
    const put = await t.request("/api/auth/profile/video-link", { method: "PUT", cookie: u.cookie, json: { kind: "microsoft_teams" } });
    expect(put.status).toBe(400);
    expect((await put.json()).message).toBe("Microsoft Teams links need a connected Microsoft 365 calendar.");
  });
});

describe("Graph change notifications (https APP_URL)", () => {
  const m2 = startFakeMicrosoft();
  const tp = makeTestApp({ ...m2.env(), APP_URL: "https://frank.example" });
  // The https side of a real install: Graph reaches Frank through this relay.
  const relay = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: async (req) => {
      const u = new URL(req.url);
      return tp.app.handle(new Request(`http://localhost${u.pathname}${u.search}`, { method: req.method, headers: req.headers, body: req.method === "POST" ? await req.text() : undefined }));
    },
  });
  m2.pushVia = `http://127.0.0.1:${relay.port}`;
  afterAll(() => {
    relay.stop(true);
    m2.stop();
  });
  const d2 = microsoftDriver(m2);

  async function member() {
    const u = await tp.signUp();
    m2.account = defaultMsAccount(`push-${u.userId}@example.com`);
    expect(await connectWith(tp, d2, u.cookie)).toBe("/ical-manager?connected=true");
    await tp.deps.jobs.idle();
    return u;
  }

  test("the validation handshake answers the token as text/plain; a subscription is made per read calendar", async () => {
    const hand = await tp.request("/api/calendar/notifications/microsoft?validationToken=Validation%3A%20abc", { method: "POST" });
    expect(hand.status).toBe(200);
    expect(hand.headers.get("content-type")).toStartWith("text/plain");
    expect(await hand.text()).toBe("Validation: abc");
    await member();
    expect(m2.subscriptions).toHaveLength(1);
    expect(m2.subscriptions[0]).toMatchObject({ notificationUrl: "https://frank.example/api/calendar/notifications/microsoft", resource: `me/calendars/${d2.primaryCalendar()}/events` });
  });

  test("a change notification queues a sync; a wrong clientState or unknown subscription is refused and queues none", async () => {
    await member();
    const s = m2.subscriptions.at(-1)!;
    const reads = () => m2.requests.filter((r) => r.path.includes("calendarView/delta")).length;
    const before = reads();
    const post = (v: object) => tp.request("/api/calendar/notifications/microsoft", { method: "POST", json: { value: [v] } });
    expect((await post({ subscriptionId: s.id, clientState: s.clientState + "x", changeType: "updated" })).status).toBe(401);
    expect((await post({ subscriptionId: "nope", clientState: s.clientState, changeType: "updated" })).status).toBe(401);
    await tp.deps.jobs.idle();
    expect(reads()).toBe(before);
    const now = tp.clock.now();
    m2.addEvent(s.calendarId, { subject: "Dentist", start: tomorrowAt(now, 9), end: tomorrowAt(now, 10) });
    await Bun.sleep(100);
    // Notifications within PUSH_MERGE_MS of the calendar's last run wait for the spell to end.
    tp.clock.advance(PUSH_MERGE_MS);
    await tp.deps.jobs.idle();
    expect(m2.notifications.at(-1)).toMatchObject({ subscriptionId: s.id, kind: "created", status: 202 });
    expect(reads()).toBe(before + 1);
  });

  test("lifecycle: reauthorizationRequired and subscriptionRemoved subscribe again; missed reads in full", async () => {
    await member();
    const s = m2.subscriptions.at(-1)!;
    expect(await m2.lifecycle(s.id, "reauthorizationRequired")).toBe(202);
    await tp.deps.jobs.idle();
    expect(m2.deletedSubscriptions).toContain(s.id);
    const s2 = m2.subscriptions.find((x) => x.calendarId === s.calendarId)!;
    expect(s2.id).not.toBe(s.id);
    expect(await m2.lifecycle(s2.id, "subscriptionRemoved")).toBe(202);
    await tp.deps.jobs.idle();
    const s3 = m2.subscriptions.find((x) => x.calendarId === s.calendarId)!;
    expect(s3.id).not.toBe(s2.id);
    const fullReads = () => m2.requests.filter((r) => r.path.includes("calendarView/delta?startDateTime")).length;
    const f0 = fullReads();
    expect(await m2.lifecycle(s3.id, "missed")).toBe(202);
    tp.clock.advance(PUSH_MERGE_MS);
    await tp.deps.jobs.idle();
    expect(fullReads()).toBe(f0 + 1);
  });

  test("one body of 50 lifecycle events for a subscription queues one reopening and one sync (issue 59 item 9)", async () => {
    await member();
    const s = m2.subscriptions.at(-1)!;
    tp.clock.advance(PUSH_MERGE_MS);
    await tp.deps.jobs.idle();
    const reopens = () => tp.deps.db.select().from(tasks).where(eq(tasks.kind, reopenChannelJob.name)).all().length;
    const syncs = () => tp.deps.db.select().from(tasks).where(eq(tasks.kind, SYNC_WORK)).all().length;
    const [r0, s0] = [reopens(), syncs()];
    const value = Array.from({ length: 50 }, () => ({ subscriptionId: s.id, clientState: s.clientState, lifecycleEvent: "reauthorizationRequired" }));
    expect((await tp.request("/api/calendar/notifications/microsoft", { method: "POST", json: { value } })).status).toBe(202);
    expect([reopens() - r0, syncs() - s0]).toEqual([1, 1]);
    await tp.deps.jobs.idle();
    expect(m2.deletedSubscriptions).toContain(s.id);
  });

  test("subscriptions are renewed before they end (Graph keeps them under three days)", async () => {
    await member();
    const s = m2.subscriptions.at(-1)!;
    expect(Date.parse(s.expirationDateTime) - Date.now()).toBeLessThanOrEqual(4230 * 60_000);
    const { renewChannels } = await import("./push");
    tp.clock.advance(2.1 * 24 * 60 * 60_000);
    await renewChannels(tp.deps);
    expect(m2.deletedSubscriptions).toContain(s.id);
    expect(m2.subscriptions.some((x) => x.calendarId === s.calendarId && x.id !== s.id)).toBe(true);
  });
});
