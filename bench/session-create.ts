// A new scheduling session's answer as a workspace fills with pending sessions, measured from
// outside Frank (issue 40): the server runs as its own process and this script posts
// `POST /api/scheduling-sessions` (free times over 14 days) 200 times in a row, each for a new
// candidate, and prints the answer's time on the wire for the first 20 (few sessions pending: the
// baseline, same run) and for the last 20 (180–200 pending). Before the answer worked out its one
// session, it worked out the offer of every pending session (up to 200) and grew with them.
// Usage: bun bench/session-create.ts
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { freePort, load, pct, signIn, startServer } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { putAvailability } = await import("../src/features/scheduling/availability");
const { addDays, dateIn } = await import("../src/features/scheduling/slots");

const SECRET = "bench-secret-bench-secret-bench-secret-00";
const COUNT = 200;
const dir = mkdtempSync(join(tmpdir(), "frank-bench-sessions-"));
const db = join(dir, "bench.db");
const server = await startServer(db, await freePort(), SECRET, { LOG_LEVEL: "silent" });
const base = server.base;

try {
  // Setup (not measured): an owner who works weekdays 09:00–17:00, and the candidates.
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: db, APP_URL: base, NODE_ENV: "production" }), { quiet: true })).context;
  const owner = await createUser(deps, { email: "owner@bench.example", password: "bench-password-123", name: "Olive Owner" });
  const me = { id: owner.id, role: "owner", workspaceId: owner.workspaceId };
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" }));
  putAvailability(deps, me, { userId: owner.id }, { timeZone: "Europe/London", weekly, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minimumNoticeMinutes: 0, maxInterviewsPerDay: 8 }, owner.id);
  const candidates = Array.from({ length: COUNT }, (_, i) => upsertParticipantFromVisitor(deps, owner.workspaceId, { uniqueId: `c${i}`, name: `Cand ${i}` }).id);
  deps.db.$client.close();

  const cookie = await signIn(base, "owner@bench.example", "bench-password-123");
  const from = addDays(dateIn(new Date(), "Europe/London"), 1);
  const to = addDays(from, 13);
  const ms: number[] = [];
  for (const candidateId of candidates) {
    const t = performance.now();
    const res = await fetch(`${base}/api/scheduling-sessions`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json", "accept-encoding": "gzip, deflate, br, zstd" },
      body: JSON.stringify({ candidateId, duration: 30, timeZone: "Europe/London", sendEmail: false, mode: "availability", from, to }),
    });
    await res.arrayBuffer();
    ms.push(performance.now() - t);
    if (res.status !== 201) throw new Error(`session ${ms.length}: ${res.status}`);
  }
  const first = ms.slice(0, 20);
  const last = ms.slice(-20);
  const f = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms, p95 ${pct(xs, 0.95).toFixed(1)} ms`;
  console.log(`new session (14 days of free times), ${load()}:`);
  console.log(`  sessions 1–20 (baseline): ${f(first)}`);
  console.log(`  sessions ${COUNT - 19}–${COUNT} (${COUNT - 20}+ pending): ${f(last)}`);
  console.log(`  the list of ${COUNT} sessions: ${(await timedList()).toFixed(1)} ms`);

  async function timedList() {
    const t = performance.now();
    const res = await fetch(`${base}/api/scheduling-sessions`, { headers: { cookie, "accept-encoding": "gzip, deflate, br, zstd" } });
    await res.arrayBuffer();
    return performance.now() - t;
  }
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
