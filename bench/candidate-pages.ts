// Candidate pages as served: bytes on the wire (HTML, CSS, JS separately, each as the server
// sends it to a browser's Accept-Encoding, read by curl, never recompressed here) and the
// round trips before first paint; then the booking page's req/s under wrk beside a fixed page
// of the same bytes from a bare Bun.serve, in the same run, while the dashboard and
// /api/participants are polled (they must answer without errors under that load).
// Both servers run as their own processes on 127.0.0.1; load is bounded (5 s per wrk run).
// Usage: bun bench/candidate-pages.ts   (run `npm run build:assets` first)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { needWrk } from "./wire";

needWrk();

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { addParticipants, upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { bookByToken } = await import("../src/features/scheduling/booking");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");
const { createCampaign, createJob } = await import("../src/features/jobs/service");
const { saveAvailability } = await import("../src/features/visitors/settings-service");

const BROWSER_AE = "gzip, deflate, br, zstd";
const dir = mkdtempSync(join(tmpdir(), "frank-bench-pages-"));
const dbPath = join(dir, "bench.db");
const env = { APP_SECRET: "bench-secret-bench-secret-bench-secret-21", DATABASE_PATH: dbPath, NODE_ENV: "production" };
const children: Bun.Subprocess[] = [];

try {
  // ---- Seed: a booking session with 40 slots, a booked one (manage page), intro-call hours, candidates.
  const deps = buildFeatures(createDeps(loadConfig({ ...env, APP_URL: "http://127.0.0.1" }), { quiet: true })).context;
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-123", name: "Bench Recruiter" });
  const cand = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "bench", name: "Bea Bench", emailAddress: "bea@example.com", roleApplied: "Product Owner" });
  addParticipants(deps, user.workspaceId, sampleCandidates({ count: 2000, seed: 7, now: new Date() }));
  const tz = "Australia/Melbourne";
  const today = dateIn(new Date(), tz);
  const session = () =>
    createSchedulingSession(deps, {
      workspaceId: user.workspaceId,
      userId: user.id,
      candidateId: cand.id,
      title: "Interview",
      description: "A first conversation about the role.",
      duration: 60,
      // 8 slots a day (09:00–17:00) on 5 days = 40.
      timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: tz }).slice(0, 40),
      timeZone: tz,
    });
  const s40 = await session();
  const toBook = await session();
  const booked = await bookByToken(deps, toBook.sessionToken, toBook.timeSlots[3]!.id);
  const job = createJob(deps, user.workspaceId, { title: "Senior Product Designer", description: null, location: "Sydney" }, "system");
  const campaign = createCampaign(deps, user.workspaceId, job.id, { name: "Bench", label: null, description: null }, "system");
  // The largest schedule page: every day open 08:00–18:00 in 30-minute calls.
  saveAvailability(deps, user.workspaceId, user.id, { introCallMinutes: 30, timeZone: "Australia/Sydney", weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "08:00", end: "18:00" })) });
  await deps.jobs.idle();
  // The seeding process's own mail and work pumps stop before its connection closes.
  await deps.jobs.stop(1000);
  deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE);");
  deps.db.$client.close();

  // ---- The two servers, each its own process.
  const appPort = 3491;
  const fixedPort = 3492;
  const app = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], {
    env: { ...process.env, ...env, PORT: String(appPort), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${appPort}` },
    stdout: "ignore",
    stderr: "ignore",
  });
  children.push(app);
  const base = `http://127.0.0.1:${appPort}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 300) throw new Error("the app did not start");
    await Bun.sleep(50);
  }

  const curl = (url: string, headers: string[] = []) => {
    const r = Bun.spawnSync([
      "curl",
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{size_download} %{size_header} %{http_code} %{content_type}",
      "-H",
      `Accept-Encoding: ${BROWSER_AE}`,
      ...headers.flatMap((h) => ["-H", h]),
      url,
    ]);
    const [body, head, code] = r.stdout.toString().split(" ");
    return { body: Number(body), head: Number(head), code: Number(code) };
  };
  const text = async (path: string, headers: Record<string, string> = {}) => (await fetch(base + path, { headers })).text();

  /** Every module a page loads: its scripts and the chunks they import, each once. */
  async function scriptsOf(html: string) {
    const seen = new Set<string>();
    const queue = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    while (queue.length) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await text(url);
      for (const m of code.matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) queue.push(url.replace(/[^/]+$/, m[1] ?? m[2]!));
    }
    return [...seen];
  }

  // A visitor cookie, so the visitor pages answer as they do for a returning candidate.
  const first = await fetch(`${base}/prequalifier?c=${campaign.code}`);
  const visitorCookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

  const PAGES: [string, string, number | null][] = [
    ["/book/{token} (40 slots)", `/book/${s40.sessionToken}`, 10 * 1024],
    ["/booking-option-b/{token} (40 slots)", `/booking-option-b/${s40.sessionToken}`, null],
    ["/book/manage/{token}", `/book/manage/${booked.manageToken}`, null],
    ["/scheduleacall (open 08–18 daily)", `/scheduleacall?c=${campaign.code}`, 12 * 1024],
    ["/prequalifier", `/prequalifier?c=${campaign.code}`, null],
  ];
  const inlineCss = (await text(PAGES[0]![1])).match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? "";
  console.log(`Candidate pages on the wire (bodies as served for Accept-Encoding: ${BROWSER_AE}; headers not counted)`);
  console.log(`  candidate stylesheet inlined in each page's HTML: ${inlineCss.length} B raw (the product's linked app.css is no longer loaded here)`);
  console.log(`  ${"page".padEnd(38)} ${"HTML".padStart(6)} ${"CSS".padStart(6)} ${"JS".padStart(6)} ${"total".padStart(6)}  render-blocking requests  budget`);
  for (const [label, path, budget] of PAGES) {
    const cookie = path.includes("?c=") ? [`Cookie: ${visitorCookie}`] : [];
    const html = await text(path, path.includes("?c=") ? { cookie: visitorCookie } : {});
    const page = curl(base + path, cookie);
    const cssLinks = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    const css = cssLinks.reduce((n, u) => n + curl(base + u).body, 0);
    const js = (await scriptsOf(html)).reduce((n, u) => n + curl(base + u).body, 0);
    const total = page.body + css + js;
    const verdict = budget ? `${total <= budget ? "within" : "OVER"} ${budget} B` : "";
    console.log(
      `  ${label.padEnd(38)} ${String(page.body).padStart(6)} ${String(css).padStart(6)} ${String(js).padStart(6)} ${String(total).padStart(6)}  ${String(cssLinks.length).padStart(3)} (${cssLinks.length ? "stylesheet linked" : "CSS inlined: one round trip"})  ${verdict}`,
    );
  }

  // ---- The baseline: Bun.serve answering the booking page's own bytes, as served, every time.
  const bookingPath = `/book/${s40.sessionToken}`;
  const res = await fetch(base + bookingPath, { headers: { "accept-encoding": BROWSER_AE }, decompress: false } as RequestInit);
  const wire = new Uint8Array(await res.arrayBuffer());
  const fixedFile = join(dir, "fixed.bin");
  writeFileSync(fixedFile, wire);
  const fixed = Bun.spawn(
    [
      "./node_modules/.bin/bun",
      "-e",
      `
    const body = new Uint8Array(await Bun.file(${JSON.stringify(fixedFile)}).arrayBuffer());
    const headers = { "content-type": "text/html; charset=utf-8", "content-encoding": ${JSON.stringify(res.headers.get("content-encoding") ?? "identity")}, "cache-control": "no-store", vary: "accept-encoding" };
    Bun.serve({ port: ${fixedPort}, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });
  `,
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  children.push(fixed);
  for (let i = 0; (await fetch(`http://127.0.0.1:${fixedPort}/`).catch(() => null))?.status !== 200; i++) {
    if (i > 200) throw new Error("the baseline did not start");
    await Bun.sleep(25);
  }

  const wrk = async (url: string, headers: string[] = []) => {
    const p = Bun.spawn(["wrk", "-t2", "-c50", "-d5s", "--latency", "-H", `Accept-Encoding: ${BROWSER_AE}`, ...headers.flatMap((h) => ["-H", h]), url], {
      stdout: "pipe",
      stderr: "pipe",
      timeout: 30_000,
    });
    const out = await new Response(p.stdout).text();
    await p.exited;
    return {
      rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
      p99: out.match(/99%\s+([\d.]+\w+)/)?.[1] ?? "n/a",
      errors: Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
      bytesPerReq: Number(out.match(/([\d.]+)(KB|MB|B) read/)?.[1] ?? 0),
    };
  };

  // The recruiter's side under the same load: a signed-in poll of the dashboard and the list.
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@example.com", password: "bench-password-123" }),
  });
  const signedIn = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_session="))!
    .split(";")[0]!;
  let polling = true;
  const polled = { dashboard: [] as number[], participants: [] as number[], errors: 0 };
  const poll = (async () => {
    while (polling) {
      for (const [key, path] of [
        ["dashboard", "/dashboard"],
        ["participants", "/api/participants?search=dev&limit=20"],
      ] as const) {
        const t0 = performance.now();
        const r = await fetch(base + path, { headers: { cookie: signedIn, "accept-encoding": BROWSER_AE } }).catch(() => null);
        if (!r || r.status !== 200) polled.errors++;
        await r?.arrayBuffer();
        polled[key].push(performance.now() - t0);
      }
      await Bun.sleep(100);
    }
  })();

  const fixedRun = await wrk(`http://127.0.0.1:${fixedPort}/`);
  const appRun = await wrk(base + bookingPath);
  polling = false;
  await poll;
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]?.toFixed(1) ?? "n/a";
  console.log(`\nRequests per second, wrk -t2 -c50 -d5s, Accept-Encoding: ${BROWSER_AE} (same run)`);
  console.log(`  Bun.serve, fixed page of the same ${wire.byteLength} B (${res.headers.get("content-encoding") ?? "identity"}): ${fixedRun.rps.toFixed(0).padStart(7)} req/s  p99 ${fixedRun.p99}`);
  console.log(`  Frank GET /book/{token} (40 slots):               ${appRun.rps.toFixed(0).padStart(7)} req/s  p99 ${appRun.p99}  non-2xx ${appRun.errors}`);
  console.log(`  ratio: ${((100 * appRun.rps) / fixedRun.rps).toFixed(1)}% of Bun.serve (target ≥ 25%)`);
  console.log(
    `  meanwhile (during the wrk runs, one client every 100 ms): /dashboard ${polled.dashboard.length} requests p95 ${p95(polled.dashboard)} ms, /api/participants?search=dev ${polled.participants.length} requests p95 ${p95(polled.participants)} ms, errors ${polled.errors}`,
  );
} finally {
  for (const c of children) c.kill();
  await Promise.all(children.map((c) => c.exited));
  rmSync(dir, { recursive: true, force: true });
}
