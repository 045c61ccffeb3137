// Calendar push notifications in a burst (issue 59 item 9), measured from outside Frank: a
// `frank serve` process reachable "on https" (its channel opened with the fake Google), and this
// script sending Google's notifications to it over HTTP as Google would. Counted on the fake's
// side: the calendar reads (events.list) each case causes.
//   1. One notification after a quiet spell (the baseline): reads, and how soon the read starts.
//   2. 300 notifications in a burst (16 at a time): reads, and the burst's rate.
//   3. 300 notifications spread over 6 s: reads.
// Usage: bun bench/notification-burst.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { defaultAccount, startFakeGoogle } from "../test/fakes/google";

process.env.NODE_ENV ||= "production";
const { account, calendarServers, signInAs } = await import("./calendar-servers");

const dir = mkdtempSync(join(tmpdir(), "frank-bench-burst-"));
const google = startFakeGoogle();
const servers = calendarServers(dir, () => google.env());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const f = await servers.start("push", {}, (port) => `https://127.0.0.1:${port}`);
  google.pushVia = f.base;
  const email = "burst@example.com";
  await account(f, email, 0);
  const cookie = await signInAs(f, email);
  google.account = { ...defaultAccount(email), busy: {} };
  const start = await fetch(`${f.base}/auth/google/calendar`, { headers: { cookie }, redirect: "manual" });
  const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
  const back = new URL(consent.headers.get("location")!);
  await fetch(`${f.base}${back.pathname}${back.search}`, { headers: { cookie }, redirect: "manual" });
  const until = async (ok: () => boolean, ms: number) => {
    const t0 = performance.now();
    while (!ok() && performance.now() - t0 < ms) await sleep(10);
  };
  await until(() => google.channels.some((c) => c.calendarId === email), 10_000);
  const ch = google.channels.find((c) => c.calendarId === email)!;
  const reads = () => google.requests.filter((r) => r.method === "GET" && r.path.endsWith("/events")).length;
  const notify = async () => {
    const res = await fetch(`${f.base}/api/calendar/notifications/google`, {
      method: "POST",
      headers: { "x-goog-channel-id": ch.id, "x-goog-channel-token": ch.token, "x-goog-resource-state": "exists", "x-goog-resource-id": ch.resourceId },
    });
    await res.arrayBuffer();
    return res.status;
  };
  // Past the merge window with no read for 4 s.
  const quiet = async () => {
    let n = -1;
    while (reads() !== n) {
      n = reads();
      await sleep(4000);
    }
  };

  // 1. One notification after a quiet spell.
  await quiet();
  let r0 = reads();
  const t0 = performance.now();
  await notify();
  await until(() => reads() > r0, 5000);
  const firstReadMs = performance.now() - t0;
  await quiet();
  const single = reads() - r0;

  // 2. 300 in a burst.
  r0 = reads();
  let sent = 0;
  const statuses = new Map<number, number>();
  const b0 = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (sent < 300) {
        sent++;
        const s = await notify();
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
      }
    }),
  );
  const burstSeconds = (performance.now() - b0) / 1000;
  await quiet();
  const burst = reads() - r0;

  // 3. 300 spread over 6 s (one every 20 ms).
  r0 = reads();
  for (let i = 0; i < 300; i++) {
    void notify();
    await sleep(20);
  }
  await quiet();
  const spread = reads() - r0;

  console.log(`one notification after a quiet spell: ${single} read(s), the read began ${firstReadMs.toFixed(0)} ms after it was sent`);
  console.log(`300 notifications in a burst (${(300 / burstSeconds).toFixed(0)}/s, answers ${JSON.stringify(Object.fromEntries(statuses))}): ${burst} read(s)`);
  console.log(`300 notifications over 6 s: ${spread} read(s)`);
} finally {
  await servers.stopAll();
  google.stop();
  rmSync(dir, { recursive: true, force: true });
}
