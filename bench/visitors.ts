// Candidate pages: their bytes gzipped here at level 9 (HTML, CSS, island JS; the bytes the server
// itself sends are measured by bench/candidate-pages.ts) of /prequalifier,
// /assessment and /scheduleacall in the states a candidate sees them, against the 14 KB
// budget, then GET /prequalifier and an answer POST per second on 127.0.0.1, then wrk if installed.
// Usage: bun bench/visitors.ts
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { loadConfig } from "../src/config/env";
import { createDeps } from "../src/bootstrap";
import { createApp } from "../src/app";
import { assets } from "../src/assets.gen";
import { createUser } from "../src/features/auth/service";
import { createCampaign, createJob } from "../src/features/jobs/service";
import { saveAvailability } from "../src/features/visitors/settings-service";

const BUDGET = 14 * 1024;
const dir = mkdtempSync(join(tmpdir(), "frank-bench-visitors-"));
const config = loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-08", DATABASE_PATH: join(dir, "bench.db"), NODE_ENV: "production", TRUST_PROXY: "1" });
const deps = createDeps(config, { quiet: true });
const server = createApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
const base = `http://127.0.0.1:${server.server!.port}`;

const user = await createUser(deps, { email: "bench@example.com", password: "bench-password", name: "Bench" });
const job = createJob(deps, user.workspaceId, { title: "Senior Product Designer", description: null, location: "Sydney" }, "system");
const campaign = createCampaign(deps, user.workspaceId, job.id, { name: "Bench", label: null, description: null }, "system");
// The largest schedule page: every day open 08:00–18:00 in 30-minute calls.
saveAvailability(deps, user.workspaceId, user.id, {
  introCallMinutes: 30,
  timeZone: "Australia/Sydney",
  weekly: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "08:00", end: "18:00" })),
});

let cookie = "";
let ipN = 0;
async function request(path: string, form?: Record<string, string>) {
  const res = await fetch(base + path, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { cookie, "x-forwarded-for": `10.9.${Math.floor(ipN / 250)}.${ipN++ % 250}`, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (set.length) cookie = set.join("; ");
  return res;
}

const gz = (b: Uint8Array | string) => gzipSync(typeof b === "string" ? Buffer.from(b) : b, { level: 9 }).length;
const fileOf = (url: string) => readFileSync(assets.files[url]!);

/** The island scripts a page loads: one bundle each, no chunks (decision 27). */
function scriptBytes(html: string) {
  const urls = [...new Set([...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!))];
  const files = urls.map(fileOf);
  return { raw: files.reduce((n, b) => n + b.length, 0), zipped: files.reduce((n, b) => n + gz(b), 0), files: urls.length };
}

/** Linked stylesheets (the candidate pages inline theirs, which the HTML's bytes already hold). */
function linkedCssGz(html: string) {
  return [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].reduce((sum, m) => sum + gz(fileOf(m[1]!)), 0);
}

const rows: string[][] = [];
async function measure(label: string, path: string) {
  const res = await request(path);
  const html = await res.text();
  const js = scriptBytes(html);
  const pageGz = gz(html) + linkedCssGz(html);
  rows.push([
    label,
    String(res.status),
    String(html.length),
    String(gz(html)),
    String(pageGz),
    pageGz <= BUDGET ? "yes" : "NO",
    js.files ? `${js.zipped} (${js.files} files)` : "none",
    String(pageGz + js.zipped),
  ]);
}

const c = `?c=${campaign.code}`;
await measure("/prequalifier first visit", `/prequalifier${c}`);
const answers = ["Ada Lovelace", "ada@example.com", "Sydney", "Senior Product Designer", "https://www.linkedin.com/in/ada-lovelace", "Design", "Citizen", "140k"];
for (const [i, a] of answers.entries()) await request(`/prequalifier${c}`, { answer: a, step: String(i), c: campaign.code });
await measure("/prequalifier at question 9 of 9", `/prequalifier${c}`);
await request(`/prequalifier${c}`, { answer: "Four weeks", step: "8", c: campaign.code });
await measure("/prequalifier finished", `/prequalifier${c}`);
await measure("/assessment first question", `/assessment${c}`);
const long = "I led the redesign of a booking flow used by two million people a month. ".repeat(6);
for (let i = 0; i < 4; i++) await request(`/assessment${c}`, { answer: long, step: String(i), c: campaign.code });
await measure("/assessment at question 5 (long answers)", `/assessment${c}`);
await measure("/scheduleacall (7 days x 20 slots)", `/scheduleacall${c}`);

console.log(`Budget: HTML + CSS <= ${BUDGET} B gzip (CSS inlined in the HTML, or linked); island JS loads after, as an enhancement.\n`);
const head = ["page", "status", "HTML B", "HTML gz", "HTML+CSS gz", "<=14KB", "island JS gz", "all gz"];
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const r of [head, ...rows]) console.log(r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  "));

// Throughput: a bounded fetch loop (20 concurrent, 3 s) per endpoint, each request a new visitor.
async function load(label: string, make: () => Promise<Response>, seconds = 3) {
  const lat: number[] = [];
  const until = performance.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await make();
        await res.arrayBuffer();
        if (res.status >= 400) errors++;
        lat.push(performance.now() - t0);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))]!.toFixed(1);
  console.log(`${label}: ${(lat.length / seconds).toFixed(0)} req/s, p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, errors ${errors}`);
}

console.log("");
let n = 0;
await load("GET /prequalifier?c= (new visitor, counts a click)", () => fetch(`${base}/prequalifier${c}`, { headers: { "x-forwarded-for": `10.8.${n % 250}.${n++ % 199}` } }));
await load("POST answer, JSON API (first answer of a new visitor)", () =>
  fetch(`${base}/api/visitors/prequalifier/answer`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.7.${n % 250}.${n++ % 199}` },
    body: JSON.stringify({ answer: "Bench Visitor", step: 0, c: campaign.code }),
  }),
);
await load("GET /scheduleacall (slots, bookings, meetings)", () => fetch(`${base}/scheduleacall${c}`));

// The same pages under wrk (2 threads, 50 connections, 5 s), when wrk is installed: no cookie,
// so every request is a new visitor; from one address, so clicks stop counting after the limit.
if (Bun.which("wrk")) {
  console.log("");
  for (const path of [`/prequalifier${c}`, `/scheduleacall${c}`, "/login"]) {
    const proc = Bun.spawn(["wrk", "-t2", "-c50", "-d5s", base + path], { stdout: "pipe" });
    const out = await new Response(proc.stdout).text();
    await proc.exited;
    const rps = /Requests\/sec:\s*([\d.]+)/.exec(out)?.[1] ?? "?";
    const bad = /Non-2xx or 3xx responses:\s*(\d+)/.exec(out)?.[1] ?? "0";
    console.log(`wrk -t2 -c50 -d5s GET ${path.replace(campaign.code, "CODE")}: ${Number(rps).toFixed(0)} req/s, non-2xx ${bad}`);
  }
}

server.stop(true);
deps.db.$client.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
