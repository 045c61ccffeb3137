// Microsoft 365 calendar figures (decision 34), measured from outside Frank: two Frank servers run
// as their own processes (`bun src/main.ts serve`); this script drives them over HTTP and plays
// Microsoft's identity platform and Graph (test/fakes/microsoft.ts) on 127.0.0.1.
//   1. First full sync and one delta sync of a calendar with 5,000 events.
//   2. Change in Outlook → the slot leaves the booking page: with Graph notifications, and with
//      polling at 5 s.
// Usage: bun bench/microsoft.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { defaultMsAccount, startFakeMicrosoft } from "../test/fakes/microsoft";

process.env.NODE_ENV ||= "production";
const { account, calendarServers, signInAs } = await import("./calendar-servers");
const { pct } = await import("./wire");
type Frank = import("./calendar-servers").Frank;

const dir = mkdtempSync(join(tmpdir(), "frank-bench-microsoft-"));
const graph = startFakeMicrosoft();
graph.pageSize = 500; // what Frank asks for (odata.maxpagesize)
const servers = calendarServers(dir, () => graph.env());
const startFrank = servers.start;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The authorization code round trip (with PKCE) a browser makes, against the fake's consent screen. */
async function connect(f: Frank, cookie: string, email: string) {
  graph.account = defaultMsAccount(email);
  const start = await fetch(`${f.base}/auth/microsoft/calendar`, { headers: { cookie }, redirect: "manual" });
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  const done = await fetch(`${f.base}${back.pathname}${back.search}`, { headers: { cookie }, redirect: "manual" });
  if (!done.headers.get("location")?.includes("connected=true")) throw new Error(`connect ended at ${done.headers.get("location")}`);
  return graph.account.calendars.find((c) => c.isDefaultCalendar)!.id;
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

async function slotGone(f: Frank, token: string, slotStart: string, since: number, limitMs: number): Promise<number> {
  while (performance.now() - since < limitMs) {
    const v = (await (await fetch(`${f.base}/api/book/${token}`)).json()) as { availableSlots: { startTime: string }[] };
    if (!v.availableSlots.some((s) => s.startTime === slotStart)) return performance.now() - since;
    await sleep(20);
  }
  return Number.NaN;
}

try {
  // One server reachable on https (notifications; the proxy in front of it is played by pushVia),
  // polling left at its default; one on plain http polling every 5 s.
  const pushed = await startFrank("push", {}, (port) => `https://127.0.0.1:${port}`);
  graph.pushVia = pushed.base;
  graph.allowHttpPush = false;
  const polled = await startFrank("poll", { CALENDAR_POLL_SECONDS: "5" });

  // ---- 1. Full and delta sync of 5,000 events ----
  const big = "big@example.com";
  await account(polled, big, 0);
  const cb = await signInAs(polled, big);
  graph.account = defaultMsAccount(big);
  graph.accounts.set(big, graph.account);
  const cal = graph.account.calendars.find((c) => c.isDefaultCalendar)!.id;
  for (let i = 0; i < 5000; i++) {
    const day = 1 + (i % 110);
    const start = dayAt(day, 0, 8 * 60 + Math.floor(i / 110) * 10);
    graph.addEvent(cal, { subject: `Event ${i}`, start, end: new Date(start.getTime() + 8 * 60_000) });
  }
  await connect(polled, cb, big);
  const conn = (await json(polled, cb, "/api/calendar/connections")).connections[0];
  await sleep(200);
  // An expired delta token makes the measured read a full one (the first, queued at connecting, may have run already).
  graph.expireDeltaTokens();
  const pagesBefore = graph.requests.filter((r) => r.path.includes("calendarView/delta")).length;
  let t0 = performance.now();
  await json(polled, cb, `/api/calendar/connections/${conn.id}/sync`, {});
  const fullMs = performance.now() - t0;
  // The expired token's 410, then the full read's pages.
  const fullPages = graph.requests.filter((r) => r.path.includes("calendarView/delta")).length - pagesBefore;
  graph.addEvent(cal, { subject: "One more", start: dayAt(3, 7), end: dayAt(3, 7, 30) });
  t0 = performance.now();
  await json(polled, cb, `/api/calendar/connections/${conn.id}/sync`, {});
  const deltaMs = performance.now() - t0;
  const cached = (await json(polled, cb, `/api/calendar/busy?from=${new Date().toISOString()}&to=${dayAt(125, 0).toISOString()}`)).busy.length;

  // ---- 2. A change in Outlook → the slot leaves the booking page ----
  const latency = async (f: Frank, email: string, trials: number, limitMs: number, jitterMs = 0) => {
    const acc = await account(f, email, trials);
    const cookie = await signInAs(f, email);
    const primary = await connect(f, cookie, email);
    await sleep(1500); // the first sync and the subscription
    const out: number[] = [];
    for (let i = 0; i < trials; i++) {
      const s = await json(f, cookie, "/api/scheduling-sessions", { candidateId: acc.ids[i]!, duration: 60, timeZone: "UTC", timeSlots: [slot(20 + i, 10), slot(20 + i, 12)], sendEmail: false });
      const start = s.timeSlots[0].startTime;
      if (jitterMs) await sleep(Math.random() * jitterMs);
      const t1 = performance.now();
      graph.addEvent(primary, { subject: "Client call", start, end: new Date(Date.parse(start) + 30 * 60_000) });
      out.push(await slotGone(f, s.sessionToken, start, t1, limitMs));
    }
    return out;
  };
  const pushTimes = await latency(pushed, "push@example.com", 5, 15_000);
  const subscriptions = graph.subscriptions.length;
  const pollTimes = await latency(polled, "poll@example.com", 8, 20_000, 5000);

  const fmt = (xs: number[]) => (xs.some(Number.isNaN) ? `${xs.filter((x) => !Number.isNaN(x)).length}/${xs.length} seen` : `median ${ms(pct(xs, 0.5))}, max ${ms(Math.max(...xs))}`);
  console.log(`Microsoft 365 figures (2 cores shared with other engineers' work while measured; Frank as separate processes, Microsoft identity + Graph faked on 127.0.0.1)`);
  console.log(
    `1. 5,000 events: first full sync ${ms(fullMs)} (${fullPages} Graph reads: the expired delta token's 410, then pages of 500), delta sync (1 change) ${ms(deltaMs)}; ${cached} events in the cache`,
  );
  console.log(`2. Change in Outlook → slot gone from the booking page, Graph notifications: ${fmt(pushTimes)} (${subscriptions} subscriptions)`);
  console.log(`   Same with polling at CALENDAR_POLL_SECONDS=5: ${fmt(pollTimes)}`);
} finally {
  await servers.stopAll();
  graph.stop();
  rmSync(dir, { recursive: true, force: true });
}
