// Availability figures (issue 36), measured from outside Frank: the server runs as its own process
// (`bun src/main.ts serve`) and this script drives it over HTTP.
//   1. Offered starts of a 30-day session whose panel is 3 required members, each with 2,000 busy
//      events in the calendar cache: the booking answer's time (GET /api/book/{token}, computed on
//      every call) less the same answer for a session of 40 hand-picked slots, p50 and p95.
//   2. 200 concurrent bookings of 200 sessions with that panel, all into the same start: exactly
//      one may succeed (each panel member's one calendar, checked in the booking transaction).
// Usage: bun bench/availability.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { freePort, pct, startServer } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { insertMember } = await import("../src/features/auth/membership-repo");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { putAvailability } = await import("../src/features/scheduling/availability");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");
const { calendarBusyEvents, calendarCalendars } = await import("../src/db/schema");

const SECRET = "bench-secret-bench-secret-bench-secret-00";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-availability-"));
const db = join(dir, "bench.db");
const port = Number(process.env.PORT ?? (await freePort()));
const server = await startServer(db, port, SECRET, { LOG_LEVEL: "silent" });
const base = server.base;

try {
  // Setup (not measured): written into the server's database from here.
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: db, APP_URL: base, NODE_ENV: "production" }), { quiet: true })).context;
  const owner = await createUser(deps, { email: "owner@bench.example", password: "bench-password-123", name: "Olive Owner" });
  const zones = ["Europe/London", "America/New_York", "Australia/Melbourne"];
  const panel = [
    owner.id,
    ...[1, 2].map((i) => insertMember(deps.db, { workspaceId: owner.workspaceId, email: `p${i}@bench.example`, passwordHash: "x", name: `Panelist ${i}`, role: "recruiter" }).id),
  ];
  const me = { id: owner.id, role: "owner", workspaceId: owner.workspaceId };
  // Every day 00:00–24:00 in each member's own zone (three zones, so each reads its own days).
  panel.forEach((userId, i) =>
    putAvailability(
      deps,
      me,
      { userId: owner.id },
      {
        timeZone: zones[i]!,
        weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "00:00", end: "24:00" })),
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 10,
        minimumNoticeMinutes: 0,
        maxInterviewsPerDay: 8,
      },
      userId,
    ),
  );
  // 2,000 cached busy events each within the next 30 days, at random quarter hours outside
  // 11:00–17:00 UTC (the hours the three zones share), so that the panel still has free times.
  const now = Date.now();
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
  for (const userId of panel) {
    deps.db.insert(calendarCalendars).values({ userId, calendarId: "primary", name: "Work", primary: true, checkConflicts: true }).run();
    const rows = Array.from({ length: 2000 }, (_, k) => {
      const hour = (17 + random() * 18) % 24; // 17:00 … 11:00 the next morning
      const start = Math.floor((dayStart + Math.floor(1 + random() * 30) * 86_400_000 + hour * 3_600_000) / 900_000) * 900_000;
      return { userId, calendarId: "primary", eventId: `e${k}`, summary: "Busy", startTime: new Date(start), endTime: new Date(start + 10 * 60_000) };
    });
    for (let k = 0; k < rows.length; k += 500)
      deps.db
        .insert(calendarBusyEvents)
        .values(rows.slice(k, k + 500))
        .run();
  }
  const cand = (i: number) => upsertParticipantFromVisitor(deps, owner.workspaceId, { uniqueId: `c${i}`, name: `Cand ${i}` }).id;
  const today = dateIn(new Date(), "Europe/London");
  const panelSession = (i: number, from: string, to: string) =>
    createSchedulingSession(deps, {
      workspaceId: owner.workspaceId,
      userId: owner.id,
      candidateId: cand(i),
      title: "Panel",
      duration: 60,
      timeZone: "Europe/London",
      sendEmail: false,
      mode: "availability",
      from,
      to,
      interviewers: panel.slice(1).map((userId) => ({ userId, required: true })),
    });
  const month = await panelSession(0, addDays(today, 1), addDays(today, 30));
  const fixed = await createSchedulingSession(deps, {
    workspaceId: owner.workspaceId,
    userId: owner.id,
    candidateId: cand(1),
    title: "Fixed",
    duration: 60,
    timeZone: "Europe/London",
    sendEmail: false,
    timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: "Europe/London" }).slice(0, 40),
  });
  const raceDay = addDays(today, 2);
  const racers = [];
  for (let i = 0; i < 200; i++) racers.push(await panelSession(100 + i, raceDay, raceDay));
  deps.db.$client.close();

  // 1. Offered starts, timed from here: the 30-day panel answer less the fixed one, alternating.
  const timed = async (token: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/book/${token}`);
    const body = (await res.json()) as { availableSlots: { id: string }[] };
    return { ms: performance.now() - t0, starts: body.availableSlots.length };
  };
  for (let i = 0; i < 30; i++) {
    await timed(month.sessionToken);
    await timed(fixed.sessionToken);
  }
  const panelMs: number[] = [];
  const fixedMs: number[] = [];
  let starts = 0;
  for (let i = 0; i < 300; i++) {
    const a = await timed(month.sessionToken);
    starts = a.starts;
    panelMs.push(a.ms);
    fixedMs.push((await timed(fixed.sessionToken)).ms);
  }
  const extra = panelMs.map((x, i) => x - fixedMs[i]!);

  // 2. The race: every racer books the first start their page offers, all at once.
  const first = ((await (await fetch(`${base}/api/book/${racers[0]!.sessionToken}`)).json()) as { availableSlots: { id: string; startTime: string }[] }).availableSlots[0]!;
  const answers = await Promise.all(
    racers.map((r) =>
      fetch(`${base}/api/book/${r.sessionToken}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId: first.id }) }).then((x) => x.status),
    ),
  );
  const count = (s: number) => answers.filter((x) => x === s).length;

  console.log(`machine: shared with other engineers' builds and tests (2 cores, load ${(await Bun.file("/proc/loadavg").text()).split(" ")[0]}): figures move between runs`);
  console.log(`offered starts, 30 days, 3 required panelists × 2,000 cached busy events: ${starts} starts`);
  console.log(
    `  answer time from outside: p50 ${pct(panelMs, 0.5).toFixed(1)} ms, p95 ${pct(panelMs, 0.95).toFixed(1)} ms (40 fixed slots: p50 ${pct(fixedMs, 0.5).toFixed(1)} ms, p95 ${pct(fixedMs, 0.95).toFixed(1)} ms)`,
  );
  console.log(`  computing the starts (difference): p50 ${pct(extra, 0.5).toFixed(1)} ms, p95 ${pct(extra, 0.95).toFixed(1)} ms`);
  console.log(`200 concurrent bookings into one panel's shared start (${first.startTime}): ${count(200)} booked, ${count(409)} refused with 409, ${200 - count(200) - count(409)} other`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
