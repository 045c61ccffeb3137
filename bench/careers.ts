// Careers site figures (issue 56), measured on the wire against `frank serve` in its own process:
// bytes and time to first byte of the careers list (20 jobs) and a job page, beside a fixed page
// of the same bytes from a bare Bun.serve (its own process) in the same run; then 200 concurrent
// applications with a CV each (all recorded once? the time to the last answer) while the booking
// page is polled, beside the booking page's p99 in a quiet run.
// Usage: bun bench/careers.ts   (run `npm run build:assets` first; needs curl)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { Database } from "bun:sqlite";
import { BROWSER, freePort, load, pct, startServer } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { createJob, updateJob } = await import("../src/features/jobs/service");
const { saveCareers } = await import("../src/features/careers/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");

const dir = mkdtempSync(join(tmpdir(), "frank-bench-careers-"));
const dbPath = join(dir, "bench.db");
const secret = "bench-secret-bench-secret-bench-secret-56";
const children: Bun.Subprocess[] = [];
const stops: (() => Promise<void>)[] = [];
const N = 200;

try {
  // ---- Seed: a careers site with 20 open jobs (described, placed, paid), a booking session.
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: secret, DATABASE_PATH: dbPath, NODE_ENV: "production", APP_URL: "http://127.0.0.1" }), { quiet: true })).context;
  const user = await createUser(deps, { email: "bench@example.com", password: "bench-password-123", name: "Bench Recruiter" });
  saveCareers(
    deps,
    user.workspaceId,
    { slug: "bench-agency", intro: "Nurses, engineers and analysts, placed with care across Australia and New Zealand.", privacyNotice: "We keep applications for 12 months.", feedEmail: null },
    "system",
  );
  const CITIES = [
    ["Melbourne", "VIC"],
    ["Sydney", "NSW"],
    ["Brisbane", "QLD"],
    ["Perth", "WA"],
  ];
  const TYPES = ["full_time", "part_time", "contract", "temporary"] as const;
  const description =
    "## The role\n\nJoin a friendly team.\n\n- Rostered shifts, **day and night**\n- Paid training\n- Five weeks of leave\n\n## About you\n\nRegistered, with two years of experience.";
  let firstJob = 0;
  for (let i = 0; i < 20; i++) {
    const job = createJob(deps, user.workspaceId, { title: `Registered Nurse ${i + 1} (ICU)`, description, location: null }, "system");
    firstJob ||= job.id;
    const [city, region] = CITIES[i % 4]!;
    updateJob(
      deps,
      user.workspaceId,
      job.id,
      { published: true, city, region, country: "AU", employmentType: TYPES[i % 4], remote: i % 5 === 0 ? "hybrid" : "on_site", salary: { min: 90000, max: 110000, currency: "AUD", period: "year" } },
      "system",
    );
  }
  const cand = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "bench", name: "Bea Bench", emailAddress: "bea@example.com" });
  const tz = "Australia/Melbourne";
  const today = dateIn(new Date(), tz);
  const session = await createSchedulingSession(deps, {
    workspaceId: user.workspaceId,
    userId: user.id,
    candidateId: cand.id,
    title: "Interview",
    description: "A first conversation.",
    duration: 60,
    timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: tz }).slice(0, 40),
    timeZone: tz,
  });
  await deps.jobs.idle();
  await deps.jobs.stop(1000);
  deps.db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE);");
  deps.db.$client.close();

  // ---- The app (its own process; one proxy hop trusted, so each applicant has an address) and the baseline.
  const app = await startServer(dbPath, await freePort(), secret, { TRUST_PROXY: "1" });
  stops.push(app.stop);
  const base = app.base;
  const listPath = "/careers/bench-agency";
  const jobPath = `/careers/bench-agency/jobs/${firstJob}`;

  const curl = (url: string) => {
    const r = Bun.spawnSync(["curl", "-s", "-o", "/dev/null", "-w", "%{size_download} %{time_starttransfer} %{http_code}", "-H", `Accept-Encoding: ${BROWSER["accept-encoding"]}`, url]);
    const [bytes, ttfb, code] = r.stdout.toString().split(" ");
    if (code !== "200") throw new Error(`${url}: ${code}`);
    return { bytes: Number(bytes), ttfbMs: Number(ttfb) * 1000 };
  };
  const ttfb = (url: string, n = 40) => {
    for (let i = 0; i < 5; i++) curl(url);
    const ms = Array.from({ length: n }, () => curl(url).ttfbMs);
    return { p50: pct(ms, 0.5), p95: pct(ms, 0.95) };
  };

  async function fixedServer(path: string) {
    const res = await fetch(base + path, { headers: { "accept-encoding": BROWSER["accept-encoding"] }, decompress: false } as RequestInit);
    const file = join(dir, `fixed-${children.length}.bin`);
    writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
    const port = await freePort();
    const p = Bun.spawn(
      [
        "./node_modules/.bin/bun",
        "-e",
        `const body = new Uint8Array(await Bun.file(${JSON.stringify(file)}).arrayBuffer());
         const headers = { "content-type": "text/html; charset=utf-8", "content-encoding": ${JSON.stringify(res.headers.get("content-encoding") ?? "identity")}, vary: "accept-encoding" };
         Bun.serve({ port: ${port}, hostname: "127.0.0.1", fetch: () => new Response(body, { headers }) });`,
      ],
      { stdout: "ignore", stderr: "inherit" },
    );
    children.push(p);
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; (await fetch(url).catch(() => null))?.status !== 200; i++) {
      if (i > 200) throw new Error("the baseline did not start");
      await Bun.sleep(25);
    }
    return url;
  }

  console.log(`Careers pages on the wire (Accept-Encoding: ${BROWSER["accept-encoding"]}; bodies as sent, headers not counted; ${load()})`);
  console.log(`  ${"page".padEnd(34)} ${"bytes".padStart(7)} ${"TTFB p50".padStart(9)} ${"p95".padStart(7)}   fixed page, same bytes, Bun.serve: TTFB p50 / p95`);
  for (const [label, path] of [
    ["/careers/{slug} (20 jobs)", listPath],
    ["/careers/{slug}/jobs/{id}", jobPath],
  ] as const) {
    const bytes = curl(base + path).bytes;
    const mine = ttfb(base + path);
    const fixed = ttfb(await fixedServer(path));
    console.log(`  ${label.padEnd(34)} ${String(bytes).padStart(7)} ${mine.p50.toFixed(2).padStart(7)}ms ${mine.p95.toFixed(2).padStart(5)}ms   ${fixed.p50.toFixed(2)}ms / ${fixed.p95.toFixed(2)}ms`);
  }
  const noScript = !(await (await fetch(base + listPath)).text()).includes("<script");
  console.log(`  the list ships no script: ${noScript}; 15 KB budget for 20 jobs: ${curl(base + listPath).bytes <= 15 * 1024 ? "within" : "OVER"}`);

  // ---- The booking page's latency: quiet, then while 200 applications arrive at once.
  const bookingUrl = `${base}/book/${session.sessionToken}`;
  const bookingOnce = async () => {
    const t = performance.now();
    const r = await fetch(bookingUrl, { headers: BROWSER });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`booking: ${r.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 10; i++) await bookingOnce();
  const quiet: number[] = [];
  for (let i = 0; i < 200; i++) quiet.push(await bookingOnce());

  // Each applicant opens the form (its sealed start time), waits past the minimum time, and sends it with a CV.
  const applyPath = `/careers/bench-agency/jobs/${firstJob}/apply`;
  const started: string[] = [];
  for (let i = 0; i < N; i++) {
    const html = await (await fetch(`${base}${applyPath}?source=bench`)).text();
    started.push(/name="started" value="([^"]+)"/.exec(html)![1]!);
  }
  await Bun.sleep(3_200);
  const cv = (i: number) => new File([`Applicant ${i}\nRegistered nurse, ${i % 12} years in intensive care.\n${"Experience line. ".repeat(200)}`], `cv-${i}.txt`, { type: "text/plain" });
  let busy = true;
  const during: number[] = [];
  // Four visitors opening the booking page over and over while the applications arrive.
  const poller = Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (busy) during.push(await bookingOnce());
    }),
  );
  const refusals: string[] = [];
  const t0 = performance.now();
  const answers = await Promise.all(
    started.map(async (s, i) => {
      const form = new FormData();
      form.append("started", s);
      form.append("source", "bench");
      form.append("website", "");
      form.append("name", `Applicant ${i}`);
      form.append("email", `applicant-${i}@example.com`);
      form.append("privacy", "yes");
      form.append("cv", cv(i));
      const r = await fetch(base + applyPath, { method: "POST", body: form, redirect: "manual", headers: { origin: base, "x-forwarded-for": `10.${i >> 8}.${i & 255}.7` } });
      const body = await r.text();
      if (r.status >= 500)
        refusals.push(
          body
            .replace(/<[^>]+>/g, " ")
            .replace(/\s+/g, " ")
            .slice(0, 160),
        );
      return r.status;
    }),
  );
  const lastMs = performance.now() - t0;
  busy = false;
  await poller;

  const db = new Database(dbPath, { readonly: true });
  const one = (q: string) => (db.query(q).get() as { n: number }).n;
  const apps = one(`select count(*) as n from applications where job_id = ${firstJob} and source = 'bench'`);
  const people = one("select count(distinct lower(email_address)) as n from participants where email_address like 'applicant-%'");
  const rows = one("select count(*) as n from participants where email_address like 'applicant-%'");
  const files = one("select count(*) as n from participant_files where name like 'cv-%'");
  db.close();
  const codes = answers.reduce<Record<number, number>>((m, c) => ((m[c] = (m[c] ?? 0) + 1), m), {});
  console.log(`\n${N} concurrent applications with a CV each (${load()})`);
  console.log(`  answers: ${JSON.stringify(codes)} (303: recorded); time to the last answer: ${lastMs.toFixed(0)} ms`);
  for (const r of new Set(refusals)) console.log(`  refused: ${r}`);
  console.log(
    `  recorded: ${apps} applications, ${rows} candidate rows for ${people} addresses, ${files} CV files: ${apps === N && rows === N && files === N ? "all recorded once" : "NOT all recorded once"}`,
  );
  console.log(
    `  booking page p50 / p99: quiet ${pct(quiet, 0.5).toFixed(1)} / ${pct(quiet, 0.99).toFixed(1)} ms; during the applications ${pct(during, 0.5).toFixed(1)} / ${pct(during, 0.99).toFixed(1)} ms (${during.length} requests)`,
  );
} finally {
  for (const s of stops) await s().catch(() => {});
  for (const c of children) c.kill();
  rmSync(dir, { recursive: true, force: true });
}
