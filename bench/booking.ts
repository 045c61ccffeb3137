// Booking figures: bytes of /book/{token} with 40 slots (HTML + CSS + JS, as served), its
// server render time, requests per second under wrk, and the outcome of 100 concurrent
// bookings for one token. Everything runs in this process on 127.0.0.1 and stops by itself.
// Usage: bun bench/booking.ts   (run `npm run build:assets` first)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { needWrk } from "./wire";

needWrk();

// The server runs React's production build (src/main.ts sets NODE_ENV before anything loads;
// React picks its build on first import). Measure the same: set it, then load the app.
process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createApp } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");

const dir = mkdtempSync(join(tmpdir(), "frank-bench-booking-"));
const config = loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-00", DATABASE_PATH: join(dir, "bench.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "production" });
const deps = buildFeatures(createDeps(config, { quiet: true })).context;
const app = createApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
const base = `http://127.0.0.1:${app.server!.port}`;

try {
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-123", name: "Bench Recruiter" });
  const cand = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "bench", name: "Bea Bench", emailAddress: "bea@example.com", roleApplied: "Product Owner" });
  const tz = "Australia/Melbourne";
  const today = dateIn(deps.clock.now(), tz);
  const newSession = (slots = 40) =>
    createSchedulingSession(deps, {
      workspaceId: user.workspaceId,
      userId: user.id,
      candidateId: cand.id,
      title: "Interview",
      description: "A first conversation about the role.",
      duration: 60,
      // 8 slots a day (09:00–17:00) on 5 days = 40.
      timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: tz }).slice(0, slots),
      timeZone: tz,
    });

  // 1. Bytes on the wire: each body as the server sends it to a browser's Accept-Encoding.
  const s = await newSession();
  const url = `${base}/book/${s.sessionToken}`;
  const html = await (await fetch(url)).text();
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
  const js = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const wire = async (u: string) => (await fetch(u, { headers: { "accept-encoding": "gzip, deflate, br, zstd" }, decompress: false } as RequestInit).then((r) => r.arrayBuffer())).byteLength;
  const htmlGz = await wire(url);
  const cssGz = (await Promise.all(css.map((p) => wire(base + p)))).reduce((a, b) => a + b, 0);
  const jsGz = (await Promise.all(js.map((p) => wire(base + p)))).reduce((a, b) => a + b, 0);
  const slotsShown = (html.match(/name="slotId"/g) ?? []).length;

  // 2. Render time (in process, through the whole app, no network).
  const times: number[] = [];
  for (let i = 0; i < 600; i++) {
    const t0 = performance.now();
    await (await app.handle(new Request(`http://127.0.0.1/book/${s.sessionToken}`))).text();
    if (i >= 100) times.push(performance.now() - t0); // the first 100 warm up
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.floor((times.length - 1) * p)]!.toFixed(2);

  // 3. Requests per second under wrk (5 s, 2 threads, 50 connections).
  // Spawned asynchronously: the server under load lives in this process's event loop.
  const wrk = Bun.spawn(["wrk", "-t2", "-c50", "-d5s", "--latency", url], { stdout: "pipe", stderr: "pipe", timeout: 20_000 });
  const wrkOut = await new Response(wrk.stdout).text();
  await wrk.exited;
  const rps = wrkOut.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? "n/a";
  const p99 = wrkOut.match(/99%\s+([\d.]+\w+)/)?.[1] ?? "n/a";
  const non2xx = wrkOut.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? "0";

  // 4. The race: 100 concurrent POSTs for one token, each for a slot of its own choosing.
  const race = await newSession();
  const results = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      fetch(`${base}/api/book/${race.sessionToken}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ slotId: race.timeSlots[i % race.timeSlots.length]!.id }),
      })
        .then((r) => r.status)
        .catch(() => -1),
    ),
  );
  const tally = (code: number) => results.filter((x) => x === code).length;
  const meetings = deps.db.$client.query("select count(*) as n from meetings where session_id = ?").get(race.id) as { n: number };

  console.log(`Booking page /book/{token}, one session with 40 slots (React ${process.env.NODE_ENV} build)`);
  console.log(`  slots rendered:             ${slotsShown}`);
  console.log(`  HTML on the wire:           ${htmlGz} B (raw ${Buffer.byteLength(html)} B, CSS inlined)`);
  console.log(`  CSS on the wire:            ${cssGz} B (${css.length} linked file)`);
  console.log(`  JS on the wire:             ${jsGz} B (${js.length} scripts)`);
  console.log(`  total HTML+CSS+JS:          ${htmlGz + cssGz + jsGz} B (budget 10240 B: ${htmlGz + cssGz + jsGz <= 10240 ? "within" : "OVER"})`);
  console.log(`  server render (app.handle, 500 runs): p50 ${pct(0.5)} ms, p90 ${pct(0.9)} ms, p99 ${pct(0.99)} ms`);
  console.log(`  wrk -t2 -c50 -d5s:          ${rps} req/s, p99 latency ${p99}, non-2xx ${non2xx}`);
  console.log("100 concurrent POST /api/book/{token} for one token");
  console.log(`  200: ${tally(200)}   409: ${tally(409)}   other: ${results.filter((x) => x !== 200 && x !== 409).length}   meetings created: ${meetings.n}`);
  console.log(`  target 1 × 200, 99 × 409, 0 errors: ${tally(200) === 1 && tally(409) === 99 && meetings.n === 1 ? "met" : "NOT MET"}`);
} finally {
  await app.stop();
  await deps.jobs.idle();
  deps.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
