import { describe, expect, test } from "bun:test";
import { readFileSync, existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { calendarConnections } from "../../db/schema";
import { connectCalendar, makeCalendarTestApp } from "../../../test/kits/calendar";
import { defaultAccount } from "../../../test/fakes/google";
import { LIST_CACHE_MS } from "./connection";

const { t, google } = makeCalendarTestApp();

const status = async (cookie: string) => (await t.request(`/api/calendar/status?t=${Date.now()}`, { cookie })).json();
const connectionRow = (userId: number) => t.deps.db.select().from(calendarConnections).where(eq(calendarConnections.userId, userId)).get();

describe("connect", () => {
  test("the OAuth round trip stores the account and sealed tokens, and says connected=true", async () => {
    const u = await t.signUp();
    const start = await t.request("/auth/google/calendar", { cookie: u.cookie });
    const consent = new URL(start.headers.get("location")!);
    expect(consent.origin).toBe(google.url);
    expect(consent.searchParams.get("access_type")).toBe("offline");
    expect(consent.searchParams.get("scope")).toContain("https://www.googleapis.com/auth/calendar");
    expect(consent.searchParams.get("redirect_uri")).toBe("http://localhost/auth/google/calendar/callback");
    expect(consent.searchParams.get("state")!.length).toBeGreaterThanOrEqual(43);

    const usual = google.account;
    google.account = defaultAccount("ada@example.com");
    try {
      expect(await connectCalendar(t, u.cookie)).toBe("/ical-manager?connected=true");
    } finally {
      google.account = usual;
    }
    expect(await status(u.cookie)).toMatchObject({ isConnected: true, userEmail: "ada@example.com", primaryCalendarId: null });
    const row = connectionRow(u.userId)!;
    expect(row.googleEmail).toBe("ada@example.com");
    expect(row.refreshTokenSealed).toStartWith("v1.");
    expect(row.accessTokenSealed).toStartWith("v1.");
  });

  test("tokens are unreadable in the database file", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    t.deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE);");
    const path = t.deps.config.DATABASE_PATH;
    const bytes = [path, path + "-wal"]
      .filter(existsSync)
      .map((p) => readFileSync(p).toString("latin1"))
      .join("");
    const tokens = [...google.refresh.keys(), ...google.access.keys()];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) expect(bytes.includes(token)).toBe(false);
  });

  test("returnTo is kept through the round trip, and only for known pages", async () => {
    const u = await t.signUp();
    expect(await connectCalendar(t, u.cookie, { returnTo: "/sync-ical" })).toBe("/sync-ical?connected=true");
    expect(await connectCalendar(t, u.cookie, { returnTo: "https://evil.example/" })).toBe("/ical-manager?connected=true");
  });

  test("a callback with a wrong, reused or foreign state is refused", async () => {
    const u = await t.signUp();
    const bogus = await t.request("/auth/google/calendar/callback?code=x&state=not-the-state", { cookie: u.cookie });
    expect(bogus.headers.get("location")).toBe("/ical-manager?error=invalid_state");

    // A state started by another session of the same user does not finish here.
    const start = await t.request("/auth/google/calendar", { cookie: u.cookie });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    const other = await t.login(u.email, u.password);
    const foreign = await t.request(back.pathname + back.search, { cookie: other });
    expect(foreign.headers.get("location")).toBe("/ical-manager?error=invalid_state");
    // The state was used up by that attempt: the right session cannot replay it either.
    const replay = await t.request(back.pathname + back.search, { cookie: u.cookie });
    expect(replay.headers.get("location")).toBe("/ical-manager?error=invalid_state");
    expect((await status(u.cookie)).isConnected).toBe(false);
  });

  test("a state expires after 10 minutes", async () => {
    const u = await t.signUp();
    const start = await t.request("/auth/google/calendar", { cookie: u.cookie });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    t.clock.advance(10 * 60_000 + 1);
    const late = await t.request(back.pathname + back.search, { cookie: u.cookie });
    expect(late.headers.get("location")).toBe("/ical-manager?error=invalid_state");
  });

  test("a refusal on Google's consent screen comes back as error=access_denied", async () => {
    const u = await t.signUp();
    google.authError = "access_denied";
    try {
      expect(await connectCalendar(t, u.cookie)).toBe("/ical-manager?error=access_denied");
    } finally {
      google.authError = null;
    }
    expect((await status(u.cookie)).isConnected).toBe(false);
  });

  test("the connect route needs a session; the calls answer 401 without one", async () => {
    const page = await t.request("/auth/google/calendar");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
    for (const [path, method] of [
      ["/api/calendar/status", "GET"],
      ["/api/calendar/list", "GET"],
      ["/api/calendar/set-primary", "POST"],
      ["/api/calendar/disconnect", "POST"],
    ]) {
      expect((await t.request(path!, { method })).status).toBe(401);
    }
  });
});

describe("list and primary", () => {
  test("list gives id, summary, primary; cached 5 minutes per user", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    const listCalls = () => google.requests.filter((r) => r.path.endsWith("/calendarList")).length;
    const before = listCalls();
    const res = await t.request("/api/calendar/list", { cookie: u.cookie });
    expect(res.headers.get("cache-control")).toBe("no-store");
    const list = await res.json();
    expect(list).toEqual([
      { id: google.account.email, summary: google.account.email, primary: true },
      { id: "team-interviews@group.calendar.google.com", summary: "Team Interviews", primary: false },
    ]);
    await t.request("/api/calendar/list", { cookie: u.cookie });
    expect(listCalls()).toBe(before + 1);
    t.clock.advance(LIST_CACHE_MS + 1);
    await t.request("/api/calendar/list", { cookie: u.cookie });
    expect(listCalls()).toBe(before + 2);
  });

  test("set-primary stores the choice and refuses empty, none and loading", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    for (const calendarId of ["", "none", "loading", " "]) {
      const bad = await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId } });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fields.calendarId).toBe("Choose a calendar first.");
    }
    expect((await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: {} })).status).toBe(400);
    const ok = await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId: "team-interviews@group.calendar.google.com" } });
    expect(ok.status).toBe(200);
    expect((await status(u.cookie)).primaryCalendarId).toBe("team-interviews@group.calendar.google.com");
  });

  test("set-primary accepts only one of the user's calendars (400 otherwise)", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    for (const calendarId of ["not-mine@x.com", "someone-else@group.calendar.google.com"]) {
      const bad = await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId } });
      expect(bad.status).toBe(400);
      const body = await bad.json();
      expect(body.message).toBe("Please choose one of your calendars");
      expect(body.fields.calendarId).toBe("Please choose one of your calendars");
    }
    expect((await status(u.cookie)).primaryCalendarId).toBeNull();
    // The form without JavaScript refuses it too and stores nothing.
    const form = await t.request("/ical-manager/set-primary", {
      cookie: u.cookie,
      body: new URLSearchParams({ calendarId: "not-mine@x.com" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(form.status).toBe(303);
    expect((await status(u.cookie)).primaryCalendarId).toBeNull();
  });

  test("the Primary tag marks the calendar Frank uses, not always Google's primary", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    const tagged = async () => [...(await (await t.request("/ical-manager", { cookie: u.cookie })).text()).matchAll(/<option value="([^"]+)"[^>]*>([^<]*· Primary)<\/option>/g)].map((m) => m[1]);
    expect((await tagged()).length).toBe(1);
    expect((await tagged())[0]).not.toBe("team-interviews@group.calendar.google.com");
    await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId: "team-interviews@group.calendar.google.com" } });
    expect(await tagged()).toEqual(["team-interviews@group.calendar.google.com"]);
  });

  test("set-primary without a connection is 409", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId: "x@example.com" } });
    expect(res.status).toBe(409);
  });
});

describe("invalid_grant and disconnect", () => {
  test("a refresh token Google refuses turns the connection off instead of failing the caller", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    google.revokeAll(google.account.email);
    const list = await t.request("/api/calendar/list", { cookie: u.cookie });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    const s = await status(u.cookie);
    expect(s).toMatchObject({ isConnected: false, userEmail: null });
    expect(s.notice).toContain("Connect Google Calendar again");
    expect(connectionRow(u.userId)).toBeUndefined();
    const page = await (await t.request("/ical-manager", { cookie: u.cookie })).text();
    expect(page).toContain("Google no longer accepts this connection");
    expect(page).toContain("Connect Google Calendar");
    // Connecting again clears the notice.
    await connectCalendar(t, u.cookie);
    expect((await status(u.cookie)).notice).toBeNull();
  });

  test("disconnect revokes at Google and clears the tokens", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    const refreshTokens = [...google.refresh.keys()];
    const res = await t.request("/api/calendar/disconnect", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(google.revoked.some((tok) => refreshTokens.includes(tok))).toBe(true);
    expect(connectionRow(u.userId)).toBeUndefined();
    expect(await status(u.cookie)).toMatchObject({ isConnected: false, userEmail: null, notice: null });
  });

  test("disconnect still forgets the tokens when Google is down", async () => {
    const u = await t.signUp();
    await connectCalendar(t, u.cookie);
    google.down = true;
    try {
      expect((await t.request("/api/calendar/disconnect", { method: "POST", cookie: u.cookie })).status).toBe(200);
    } finally {
      google.down = false;
    }
    expect(connectionRow(u.userId)).toBeUndefined();
  });
});

describe("without Google credentials", () => {
  const bare = makeTestApp();

  test("connect explains what to configure", async () => {
    const u = await bare.signUp();
    const res = await bare.request("/auth/google/calendar", { cookie: u.cookie });
    expect(res.headers.get("location")).toBe("/ical-manager?error=not_configured");
    expect(await (await bare.request("/api/calendar/status", { cookie: u.cookie })).json()).toMatchObject({ isConnected: false, configured: false });
    const page = await (await bare.request("/ical-manager", { cookie: u.cookie })).text();
    expect(page).toContain("GOOGLE_CLIENT_ID");
    expect(page).toContain("http://localhost/auth/google/calendar/callback");
  });

  test("the manager page has a logged-out state", async () => {
    const res = await bare.request("/ical-manager");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Please log in to manage calendar connections");
    expect(html).toContain("Go to Login");
    expect(html).not.toContain("<script");
  });
});
