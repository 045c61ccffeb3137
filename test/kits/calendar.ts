// Helpers for the calendar's tests (not used by the app): a test app wired to the fake
// Google, and the OAuth round trip a browser would make.
import { afterAll, beforeAll } from "bun:test";
import { makeTestApp, type TestApp } from "../helpers";
import { startFakeGoogle, type FakeGoogle } from "../fakes/google";

export function makeCalendarTestApp(): { t: TestApp; google: FakeGoogle } {
  const google = startFakeGoogle();
  afterAll(() => google.stop());
  // The Google SDK loads on first use (16 MB of JavaScript): on a busy machine that can take
  // seconds, which belong to no test's time limit.
  beforeAll(async () => {
    await import("@googleapis/calendar");
  }, 60_000);
  // The scenarios post webhooks to a receiver on this machine.
  const t = makeTestApp({ ...google.env(), WEBHOOK_ALLOW_PRIVATE: "1" });
  return { t, google };
}

/** GET /auth/google/calendar → the fake's consent screen → the callback. Returns the final redirect. */
export async function connectCalendar(t: TestApp, cookie: string, opts: { returnTo?: string } = {}): Promise<string> {
  const start = await t.request(`/auth/google/calendar${opts.returnTo ? `?returnTo=${opts.returnTo}` : ""}`, { cookie });
  const consentUrl = start.headers.get("location");
  if (start.status !== 302 || !consentUrl) throw new Error(`connect did not redirect: ${start.status}`);
  if (consentUrl.startsWith("/")) return consentUrl; // not configured: straight back with ?error=
  const consent = await fetch(consentUrl, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const done = await t.request(back.pathname + back.search, { cookie });
  return done.headers.get("location") ?? `status ${done.status}`;
}

/** Tomorrow (UTC) at the given hour: a slot time the scheduling rules accept. */
export function tomorrowAt(now: Date, hour: number, minute = 0): Date {
  const d = new Date(now);
  d.setUTCDate(d.getUTCDate() + 1);
  d.setUTCHours(hour, minute, 0, 0);
  return d;
}

/** Sync now (POST /api/calendar/connections/{id}/sync) of the signed-in member's connection; answers the connection. */
export async function syncCalendarNow(t: TestApp, cookie: string): Promise<any> {
  const { connections } = await (await t.request("/api/calendar/connections", { cookie })).json();
  if (!connections[0]) throw new Error("no calendar connection");
  const res = await t.request(`/api/calendar/connections/${connections[0].id}/sync`, { method: "POST", cookie });
  if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${await res.text()}`);
  return res.json();
}
