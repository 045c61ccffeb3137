// Where a request of GET /api/participants spends its time, in process (app.handle, no
// network): the whole request beside /healthz, and each part alone, run the same number of
// times: the session lookup, the service call, the response schema's check, JSON, compression.
// Usage: bun bench/list-cost.ts [--rows 20000]
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createApp } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants, listParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { ParticipantPageView } = await import("../src/features/candidates/model");
const { compressedText } = await import("../src/lib/compression");

const i = process.argv.indexOf("--rows");
const ROWS = i > 0 ? Number(process.argv[i + 1]) : 20_000;
const dir = mkdtempSync(join(tmpdir(), "frank-bench-list-cost-"));
const deps = createDeps(loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-41", DATABASE_PATH: join(dir, "b.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "production" }), {
  quiet: true,
});
const app = createApp(deps);
try {
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-1", name: "Bench" });
  addParticipants(deps, user.workspaceId, sampleCandidates({ count: ROWS, seed: 1, now: new Date(), days: 365 }));
  const login = await app.handle(
    new Request("http://127.0.0.1/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench@example.com", password: "bench-password-1" }),
    }),
  );
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  const headers = { cookie, "accept-encoding": "gzip, deflate, br, zstd", accept: "application/json" };
  const N = 3000;
  const each = async (label: string, f: () => unknown) => {
    for (let k = 0; k < 300; k++) await f();
    const t = performance.now();
    for (let k = 0; k < N; k++) await f();
    const us = ((performance.now() - t) / N) * 1000;
    console.log(`  ${label.padEnd(58)} ${us.toFixed(1).padStart(7)} µs`);
    return us;
  };
  const q = { limit: 20 };
  const page = listParticipants(deps, user.workspaceId, q);
  const text = JSON.stringify(page);
  console.log(`GET /api/participants?limit=20 at ${ROWS.toLocaleString("en")} candidates, ${N} runs each (machine shared: compare the lines with each other)`);
  if (process.argv.includes("--only-list")) {
    // For a profile (bun --cpu-prof bench/list-cost.ts --only-list): the list request alone.
    for (let k = 0; k < 20_000; k++) await (await app.handle(new Request("http://127.0.0.1/api/participants?limit=20", { headers }))).arrayBuffer();
    deps.db.$client.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }
  await each("whole request: GET /healthz (baseline)", async () => (await app.handle(new Request("http://127.0.0.1/healthz", { headers }))).arrayBuffer());
  await each("whole request: GET /api/participants?limit=20", async () => (await app.handle(new Request("http://127.0.0.1/api/participants?limit=20", { headers }))).arrayBuffer());
  await each("part: listParticipants (service, kept reads)", () => listParticipants(deps, user.workspaceId, q));
  await each("part: the response schema's check (zod, ParticipantPageView)", () => ParticipantPageView.safeParse(page));
  await each("part: JSON.stringify of the page", () => JSON.stringify(page));
  const req = new Request("http://127.0.0.1/x", { headers });
  await each(`part: compression of the ${text.length} B answer (kept bodies)`, () => compressedText(req, text, 200, "application/json").arrayBuffer());
} finally {
  deps.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
