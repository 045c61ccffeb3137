// Calendar truth figures (decision 32), measured from outside Frank: two Frank servers run as
// their own processes (`bun src/main.ts serve`), this script drives them over HTTP and plays
// Google (test/fakes/google.ts) on 127.0.0.1.
//   1. Booking p50/p99 with Google answering, then with Google hung (same run).
//   2. Change in the calendar → the slot leaves the booking page: with push, and with polling at 5 s.
//   3. First full sync and one incremental sync of a calendar with 5,000 events.
//   4. Slot filtering for a 30-day session against 2,000 cached busy events (p95), in process,
//      and the booking page's answer time from outside.
// Usage: bun bench/calendar.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { defaultAccount, startFakeGoogle } from "../test/fakes/google";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { account, calendarServers, SECRET, signInAs } = await import("./calendar-servers");
const { pct } = await import("./wire");
type Frank = import("./calendar-servers").Frank;

const dir = mkdtempSync(join(tmpdir(), "frank-bench-calendar-"));
const google = startFakeGoogle();
google.pageSize = 2500; // Google's own largest page
const servers = calendarServers(dir, () => google.env());
const startFrank = servers.start;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The OAuth round trip a browser makes, against the fake's consent screen. */
async function connect(f: Frank, cookie: string, email: string, calendars = defaultAccount(email).calendars) {
  google.account = { email, calendars, busy: {} };
  const start = await fetch(`${f.base}/auth/google/calendar`, { headers: { cookie }, redirect: "manual" });
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  await fetch(`${f.base}${back.pathname}${back.search}`, { headers: { cookie }, redirect: "manual" });
}

const json = async (f: Frank, cookie: string, path: string, body?: unknown, method = body === undefined ? "GET" : "POST") => {
  const res = await fetch(`${f.base}${path}`, { method, headers: { cookie, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
};

const dayAt = (days: number, hour: number, minute = 0) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, minute, 0, 0);
  return d;
};
const slot = (days: number, hour: number) => ({ startTime: dayAt(days, hour).toISOString(), endTime: dayAt(days, hour + 1).toISOString() });

async function session(f: Frank, cookie: string, candidateId: number, timeSlots: { startTime: string; endTime: string }[]) {
  return json(f, cookie, "/api/scheduling-sessions", { candidateId, duration: 60, timeZone: "UTC", timeSlots, sendEmail: false });
}

async function slotGone(f: Frank, token: string, slotStart: string, since: number, limitMs: number): Promise<number> {
  while (performance.now() - since < limitMs) {
    const v = (await (await fetch(`${f.base}/api/book/${token}`)).json()) as { availableSlots: { startTime: string }[] };
    if (!v.availableSlots.some((s) => s.startTime === slotStart)) return performance.now() - since;
    await sleep(20);
  }
  return Number.NaN;
}

try {
  // Two servers: one reachable on https (push; the proxy in front of it is played by pushVia)
  // with polling left at its default, one on plain http polling every 5 s.
  const pushed = await startFrank("push", {}, (port) => `https://127.0.0.1:${port}`);
  google.pushVia = pushed.base;
  const polled = await startFrank("poll", { CALENDAR_POLL_SECONDS: "5" });

  // ---- 1. Booking with Google answering, then hung ----
  const a = await account(polled, "book@example.com", 80);
  const ca = await signInAs(polled, "book@example.com");
  await connect(polled, ca, "book@example.com");
  await sleep(300);
  const sessions = [];
  for (let i = 0; i < 80; i++) sessions.push(await session(polled, ca, a.ids[i]!, [slot(2 + Math.floor(i / 8), 8 + (i % 8))]));
  const book = async (s: any) => {
    const t0 = performance.now();
    const res = await fetch(`${polled.base}/api/book/${s.sessionToken}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId: s.timeSlots[0].id }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`booking answered ${res.status}`);
    return performance.now() - t0;
  };
  const answering: number[] = [];
  for (const s of sessions.slice(0, 40)) answering.push(await book(s));
  google.hang = true;
  const hung: number[] = [];
  for (const s of sessions.slice(40)) hung.push(await book(s));
  google.hang = false;

  // ---- 2. A change in the calendar → the slot leaves the booking page ----
  const latency = async (f: Frank, email: string, trials: number, limitMs: number, jitterMs = 0) => {
    const acc = await account(f, email, trials);
    const cookie = await signInAs(f, email);
    await connect(f, cookie, email);
    await sleep(1000); // the first sync and the channel
    const out: number[] = [];
    for (let i = 0; i < trials; i++) {
      const s = await session(f, cookie, acc.ids[i]!, [slot(20 + i, 10), slot(20 + i, 12)]);
      const start = s.timeSlots[0].startTime;
      // At a random moment of the polling period (a change does not wait for the poll to come round).
      if (jitterMs) await sleep(Math.random() * jitterMs);
      const t0 = performance.now();
      google.addEvent(email, { summary: "Client call", start, end: new Date(Date.parse(start) + 30 * 60_000) });
      out.push(await slotGone(f, s.sessionToken, start, t0, limitMs));
    }
    return out;
  };
  const pushTimes = await latency(pushed, "push@example.com", 5, 15_000);
  const pollTimes = await latency(polled, "poll@example.com", 8, 20_000, 5000);

  // ---- 3. Full and incremental sync of 5,000 events ----
  const big = "big@example.com";
  await account(polled, big, 0);
  const cb = await signInAs(polled, big);
  for (let i = 0; i < 5000; i++) {
    const day = 1 + (i % 110);
    const minute = 8 * 60 + Math.floor(i / 110) * 10;
    const start = dayAt(day, 0, minute);
    google.addEvent(big, { summary: `Event ${i}`, start, end: new Date(start.getTime() + 8 * 60_000) });
  }
  await connect(polled, cb, big);
  const conn = (await json(polled, cb, "/api/calendar/connections")).connections[0];
  // The connection queued its first read already; a 410 makes the measured one a full read again.
  await sleep(200);
  google.expireSyncTokens();
  let t0 = performance.now();
  await json(polled, cb, `/api/calendar/connections/${conn.id}/sync`, {});
  const fullMs = performance.now() - t0;
  google.addEvent(big, { summary: "One more", start: dayAt(3, 7), end: dayAt(3, 7, 30) });
  t0 = performance.now();
  await json(polled, cb, `/api/calendar/connections/${conn.id}/sync`, {});
  const incMs = performance.now() - t0;
  const cached = (await json(polled, cb, `/api/calendar/busy?from=${new Date().toISOString()}&to=${dayAt(125, 0).toISOString()}`)).busy.length;

  // ---- 4. Slot filtering: 30 days of slots against 2,000 busy events ----
  const f2 = "filter@example.com";
  const fa = await account(polled, f2, 1);
  const cf = await signInAs(polled, f2);
  // The session first (8 slots a day for 30 days), then the calendar with its 2,000 events.
  const slots = [];
  for (let d = 1; d <= 30; d++) for (let h = 9; h < 17; h++) slots.push(slot(d, h));
  const token = (await session(polled, cf, fa.ids[0]!, slots)).sessionToken as string;
  for (let i = 0; i < 2000; i++) {
    const day = 1 + (i % 30);
    const start = dayAt(day, 0, Math.floor(i / 30) * 21);
    google.addEvent(f2, { summary: `Busy ${i}`, start, end: new Date(start.getTime() + 5 * 60_000) });
  }
  await connect(polled, cf, f2);
  const fconn = (await json(polled, cf, "/api/calendar/connections")).connections[0];
  await json(polled, cf, `/api/calendar/connections/${fconn.id}/sync`, {});
  // In process: the booking view's slot query and filter over the same database file.
  const { createApp } = await import("../src/app");
  const { getBookingView } = await import("../src/features/scheduling/booking");
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: polled.db, APP_URL: polled.base, NODE_ENV: "production" }), { quiet: true })).context;
  createApp(deps);
  const inProc: number[] = [];
  let shown = 0;
  {
    for (let i = 0; i < 400; i++) {
      const t1 = performance.now();
      shown = getBookingView(deps, token).availableSlots.length;
      if (i >= 50) inProc.push(performance.now() - t1);
    }
  }
  const http: number[] = [];
  {
    for (let i = 0; i < 200; i++) {
      const t1 = performance.now();
      await (await fetch(`${polled.base}/api/book/${token}`)).arrayBuffer();
      if (i >= 20) http.push(performance.now() - t1);
    }
  }
  deps.db.$client.close();

  const fmt = (xs: number[]) => (xs.some(Number.isNaN) ? `${xs.filter((x) => !Number.isNaN(x)).length}/${xs.length} seen` : `median ${ms(pct(xs, 0.5))}, max ${ms(Math.max(...xs))}`);
  console.log(`Calendar truth figures (2 cores shared with other engineers' work while measured; Frank as separate processes, Google faked on 127.0.0.1)`);
  console.log(`1. Booking, Google answering: p50 ${ms(pct(answering, 0.5))}, p99 ${ms(pct(answering, 0.99))} (${answering.length} bookings)`);
  console.log(`   Booking, Google hung:      p50 ${ms(pct(hung, 0.5))}, p99 ${ms(pct(hung, 0.99))} (${hung.length} bookings)`);
  console.log(`2. Change in the calendar → slot gone from the booking page, push: ${fmt(pushTimes)} (goal ≤ 5 s)`);
  console.log(`   Same with polling at CALENDAR_POLL_SECONDS=5: ${fmt(pollTimes)} (goal ≤ 10 s)`);
  console.log(`3. 5,000 events: full sync ${ms(fullMs)}, incremental sync (1 change) ${ms(incMs)}; ${cached} events in the cache`);
  console.log(
    `4. Slot filtering, 30-day session (${slots.length} slots) against 2,000 cached busy events: p95 ${inProc.length ? ms(pct(inProc, 0.95)) : "n/a"} in process (${shown} slots left), booking view over HTTP p95 ${http.length ? ms(pct(http, 0.95)) : "n/a"}`,
  );
} finally {
  google.hang = false;
  await servers.stopAll();
  google.stop();
  rmSync(dir, { recursive: true, force: true });
}
