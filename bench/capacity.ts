// How many agencies one Frank serves: a server process on one SQLite file, driven from this
// process over 127.0.0.1 by simulated agencies, each with 10,000 candidates and 3 recruiters
// browsing /dashboard, /candidates and /interviews (a request every 5 s each), candidates
// answering the prequalifier, booking the slots their recruiter offered, the recruiter moving
// and cancelling some (e-mails to a real SMTP server here, calendar writes to the fake Google,
// webhooks to a receiver here: all through the task table), the assistant at the OpenAI fake
// behind a 1.5 s model delay, and the server's own backup every minute (an hourly backup,
// with time compressed 60 times). Steps of more and more agencies until the p99 of a
// recruiter request passes 250 ms or a booking fails; prints a row per step and the knee.
// Each step: the server is stopped, the new agencies are seeded (bulk path), the server starts
// again and is driven for --step seconds. Baseline in the same run: /healthz every 0.5 s.
// With --replica the server ships its WAL to a standby copy in a folder (REPLICA_URL, decision
// 0043) and each step also prints the replica's lag (frank_replica_lag_seconds every second).
// --web-processes N sets WEB_PROCESSES (pages on N processes sharing the port); each step prints the CPU of each process.
// Usage: bun bench/capacity.ts [--web-processes 2] [--steps 8,16,32,64,128] [--step 30] [--candidates 10000] [--port 3401] [--backup-cron '0 * * * *'] [--replica]
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { tmpdir, totalmem } from "node:os";
import { Database } from "bun:sqlite";
import { SMTPServer } from "smtp-server";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createUser } = await import("../src/features/auth/service");
const { buildFeatures } = await import("../src/app");
const { insertMember } = await import("../src/features/auth/membership-repo");
const { hashPassword } = await import("../src/lib/crypto");
const { addParticipants } = await import("../src/features/candidates/service");
const { sampleCandidates } = await import("../src/features/candidates/sample-data");
const { createCampaign, createJob } = await import("../src/features/jobs/service");
const { bulkLoad } = await import("../src/features/candidates/repo-bulk");
const { EVENT_TYPES } = await import("../src/features/webhooks/model");
const { startFakeOpenAI } = await import("../test/fakes/openai");
const { startFakeGoogle } = await import("../test/fakes/google");
const { startWebhookReceiver } = await import("../test/fakes/webhook-receiver");

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1]! : dflt;
};
const STEPS = arg("--steps", "8,16,32,64,128").split(",").map(Number);
const STEP_S = Number(arg("--step", "30"));
const CANDIDATES = Number(arg("--candidates", "10000"));
const PORT = Number(arg("--port", "3401"));
// The server's backup: every minute by default (an hourly backup with time compressed 60 times:
// the disk then writes the whole database 60 times as often as it would).
const BACKUP_CRON = arg("--backup-cron", "* * * * *");
const REPLICA = process.argv.includes("--replica");
// Web processes answering on the port (WEB_PROCESSES); unset: the server's default (the cores, at most 8).
const WEB_PROCESSES = arg("--web-processes", "");
const MODEL_DELAY_MS = 1500;
const P99_LIMIT = 250;
const base = `http://127.0.0.1:${PORT}`;
const SECRET = "bench-secret-bench-secret-bench-secret-40";

const dir = mkdtempSync(join(tmpdir(), "frank-bench-capacity-"));
const dbPath = join(dir, "frank.db");

// The outside services, in this process.
let mailsSent = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _s, cb) {
    stream.on("data", () => {});
    stream.on("end", () => {
      mailsSent++;
      cb();
    });
  },
});
await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
const smtpPort = (smtp.server.address() as { port: number }).port;
const openai = startFakeOpenAI();
// The model thinks: every completion answers after MODEL_DELAY_MS.
const slowModel = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(req) {
    await Bun.sleep(MODEL_DELAY_MS);
    const url = new URL(req.url);
    return fetch(new URL(openai.url).origin + url.pathname + url.search, { method: req.method, headers: req.headers, body: req.method === "GET" ? undefined : await req.arrayBuffer() });
  },
});
const google = startFakeGoogle();
const hooks = startWebhookReceiver();

const env = {
  ...process.env,
  APP_SECRET: SECRET,
  DATABASE_PATH: dbPath,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  APP_URL: base,
  NODE_ENV: "production",
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  OPENAI_API_KEY: "sk-fake",
  OPENAI_BASE_URL: `http://127.0.0.1:${slowModel.port}/v1`,
  OPENAI_MODEL: "fake-model",
  WEBHOOK_ALLOW_PRIVATE: "1",
  BACKUP_CRON,
  ...(WEB_PROCESSES ? { WEB_PROCESSES } : {}),
  ...google.env(),
  ...(REPLICA ? { REPLICA_URL: `file://${join(dir, "standby")}` } : {}),
};

interface Agency {
  n: number;
  workspaceId: number;
  ownerId: number;
  cookies: string[]; // the owner's first
  code: string; // the prequalifier's campaign code
  candidateIds: [number, number]; // first and last id seeded
  slotHour: number; // the next hour offered (each agency's meetings at distinct times)
  open: { token: string; slotId: string; sessionId: number }[]; // offered, not yet booked
  booked: string[]; // public ids of booked interviews
  setUp: boolean; // calendar connected and webhook saved (needs the server)
}
const agencies: Agency[] = [];
const password = await hashPassword("bench-password-1");

/** New agencies, seeded while the server is stopped (one writer: this process). */
async function seedAgencies(upTo: number) {
  const deps = createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: dbPath, APP_URL: base, NODE_ENV: "production" }), { quiet: true });
  const t0 = performance.now();
  deps.db.$client.exec("PRAGMA cache_size = -524288");
  // Sessions are written as the server writes them, through auth's api.
  const auth = buildFeatures(deps).features.auth.api;
  const seed = async () => {
    while (agencies.length < upTo) {
      const n = agencies.length + 1;
      const owner = await createUser(deps, { email: `owner${n}@agency${n}.example`, password: "bench-password-1", name: `Owner ${n}` });
      const members = [1, 2].map((i) =>
        insertMember(deps.db, { workspaceId: owner.workspaceId, email: `recruiter${i}@agency${n}.example`, passwordHash: password, name: `Recruiter ${n}.${i}`, role: "recruiter" }),
      );
      const cookies = [owner.id, ...members.map((m) => m.id)].map((id) => `frank_session=${auth.signInAs(id, true).token}`);
      const job = createJob(deps, owner.workspaceId, { title: "Senior Developer", description: null, location: "Sydney" }, "system");
      const campaign = createCampaign(deps, owner.workspaceId, job.id, { name: "Capacity", label: null, description: null }, "system");
      const before = (deps.db.$client.query("select coalesce(max(id), 0) as id from participants").get() as { id: number }).id;
      for (let i = 0; i < CANDIDATES; i += 10_000)
        addParticipants(deps, owner.workspaceId, sampleCandidates({ count: Math.min(10_000, CANDIDATES - i), seed: n * 100_000 + i, now: new Date(), days: 365 }));
      const after = (deps.db.$client.query("select max(id) as id from participants").get() as { id: number }).id;
      agencies.push({ n, workspaceId: owner.workspaceId, ownerId: owner.id, cookies, code: campaign.code, candidateIds: [before + 1, after], slotHour: 0, open: [], booked: [], setUp: false });
    }
  };
  try {
    // The first agencies go into an empty database: the bench's bulk load (every index built once).
    if (agencies.length === 0) await bulkLoad(deps.db, seed);
    else await seed();
  } finally {
    deps.db.$client.exec("PRAGMA optimize; PRAGMA wal_checkpoint(TRUNCATE)");
    deps.db.$client.close();
  }
  return (performance.now() - t0) / 1000;
}

let server: Bun.Subprocess | null = null;
async function startServer() {
  server = Bun.spawn(["./node_modules/.bin/bun", "src/main.ts", "serve"], { env, stdout: "ignore", stderr: "ignore" });
  for (let i = 0; ; i++) {
    if ((await fetch(`${base}/healthz`).catch(() => null))?.status === 200) break;
    if (i > 600) throw new Error("the server did not start");
    await Bun.sleep(100);
  }
  // The seeding happened with the server stopped: Litestream starts a new generation (a snapshot
  // of the whole file) first. The step measures the lag under load once that is shipped.
  const t0 = performance.now();
  for (let i = 0; REPLICA; i++) {
    const health = (await fetch(`${base}/healthz`).then(
      (r) => r.json(),
      () => null,
    )) as { replica?: { lagSeconds: number } } | null;
    if (health?.replica?.lagSeconds === 0) {
      console.log(`    (the replica caught up with the restarted server in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
      break;
    }
    if (i > 1200) throw new Error("the replica did not catch up in 2 minutes");
    await Bun.sleep(100);
  }
}
async function stopServer() {
  if (!server) return;
  server.kill("SIGTERM");
  await Promise.race([server.exited, Bun.sleep(15_000)]);
  if (server.exitCode === null) server.kill(9);
  server = null;
}

/** Once per agency with the server up: the owner connects Google Calendar, and saves a webhook. */
async function setUpOutside(a: Agency) {
  const cookie = a.cookies[0]!;
  const start = await fetch(`${base}/auth/google/calendar`, { headers: { cookie }, redirect: "manual" });
  const consent = start.headers.get("location");
  if (consent && !consent.startsWith("/")) {
    const back = (await fetch(consent, { redirect: "manual" })).headers.get("location");
    if (back) await fetch(back.startsWith("http") ? back.replace(/^https?:\/\/[^/]+/, base) : base + back, { headers: { cookie }, redirect: "manual" });
  }
  const events = EVENT_TYPES.filter((e) => e.startsWith("interview.") || e === "candidate.created");
  const res = await fetch(`${base}/api/webhooks`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ url: hooks.url(`/agency${a.n}`), events }),
  });
  if (res.status >= 300) throw new Error(`webhook: ${res.status} ${await res.text()}`);
  a.setUp = true;
}

// What one step measures.
type Kind = "dashboard" | "candidates" | "search" | "sort" | "interviews" | "offer" | "move" | "cancel" | "assistant" | "book" | "answer" | "healthz";
const RECRUITER: Kind[] = ["dashboard", "candidates", "search", "sort", "interviews", "offer", "move", "cancel"];
let lat = new Map<Kind, number[]>();
let failures: string[] = [];
let bookings = 0;
const record = (k: Kind, ms: number) => (lat.get(k) ?? lat.set(k, []).get(k)!).push(ms);

async function timed(kind: Kind, path: string, init: RequestInit & { expect?: number[] } = {}) {
  const t = performance.now();
  const res = await fetch(base + path, {
    ...init,
    headers: { "accept-encoding": "gzip, deflate, br, zstd", origin: base, ...(init.body ? { "content-type": "application/json" } : {}), ...(init.headers as Record<string, string>) },
  }).catch((e: Error) => e);
  const body = res instanceof Error ? "" : await res.text();
  record(kind, performance.now() - t);
  const ok = !(res instanceof Error) && (init.expect ?? [200, 201]).includes(res.status);
  if (!ok && kind !== "answer") failures.push(`${kind} ${path}: ${res instanceof Error ? res.message : `${res.status} ${body.slice(0, 120)}`}`);
  return ok ? body : null;
}

const WORDS = ["developer", "sydney", "a", "olivia", "product manager", "designer melbourne"];
const SORTS = ["name", "city", "role", "stage", "updated"];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const hourMs = 3_600_000;
const firstHour = Math.ceil(Date.now() / hourMs) * hourMs + 48 * hourMs;

/** One recruiter's tick: a page, now and then an offer of slots, a move or a cancel. */
async function recruiterTick(a: Agency, who: number) {
  const cookie = a.cookies[who]!;
  const headers = { cookie, accept: "text/html" };
  const r = Math.random();
  if (who === 0 && r < 0.25) {
    // Offer three one-hour slots to a candidate (an e-mail with the link goes out).
    const candidateId = a.candidateIds[0] + Math.floor(Math.random() * (a.candidateIds[1] - a.candidateIds[0]));
    const slots = [0, 1, 2].map(() => {
      const s = firstHour + (a.slotHour++ % 2000) * hourMs;
      return { startTime: new Date(s).toISOString(), endTime: new Date(s + hourMs).toISOString() };
    });
    const body = await timed("offer", "/api/scheduling-sessions", {
      method: "POST",
      headers: { cookie },
      body: JSON.stringify({ candidateId, title: "Interview", duration: 60, timeSlots: slots, timeZone: "UTC" }),
    });
    if (body) {
      const s = JSON.parse(body) as { id: number; sessionToken: string; timeSlots: { id: string }[] };
      a.open.push({ token: s.sessionToken, slotId: s.timeSlots[1]!.id, sessionId: s.id });
    }
  } else if (who === 1 && r < 0.15 && a.booked.length) {
    const id = a.booked[Math.floor(Math.random() * a.booked.length)]!;
    const s = firstHour + (a.slotHour++ % 2000) * hourMs;
    await timed("move", `/api/interviews/${id}/reschedule`, { method: "POST", headers: { cookie }, body: JSON.stringify({ startTime: new Date(s).toISOString() }) });
  } else if (who === 2 && r < 0.1 && a.booked.length) {
    const id = a.booked.splice(Math.floor(Math.random() * a.booked.length), 1)[0]!;
    await timed("cancel", `/api/interviews/${id}/cancel`, { method: "POST", headers: { cookie }, body: JSON.stringify({ reason: "The role was filled" }) });
  } else if (r < 0.3) await timed("dashboard", "/dashboard", { headers });
  else if (r < 0.5) await timed("candidates", "/candidates", { headers });
  else if (r < 0.65) await timed("search", `/candidates?search=${encodeURIComponent(pick(WORDS))}`, { headers });
  else if (r < 0.75) await timed("sort", `/candidates?sort=${pick(SORTS)}&dir=${pick(["asc", "desc"])}`, { headers });
  else await timed("interviews", "/interviews", { headers });
}

/** The agency's candidates, every 5 s: a prequalifier answer (a new visitor every 9), or a booking of an offered slot. */
const visitors = new Map<number, { cookie: string; step: number }>();
const ANSWERS = ["Ada Lovelace", "ada@example.com", "Sydney", "Senior Developer", "https://www.linkedin.com/in/ada", "Engineering", "Citizen", "140k", "Four weeks"];
async function candidateTick(a: Agency, read: Database) {
  const offer = a.open.shift();
  if (offer) {
    const ok = await timed("book", `/api/book/${offer.token}`, { method: "POST", body: JSON.stringify({ slotId: offer.slotId, timeZone: "Australia/Sydney" }) });
    if (ok) {
      bookings++;
      const m = read.query("select public_id as id from meetings where session_id = ?").get(offer.sessionId) as { id: string } | null;
      if (m) a.booked.push(m.id);
    }
    return;
  }
  let v = visitors.get(a.n);
  if (!v || v.step >= ANSWERS.length) visitors.set(a.n, (v = { cookie: "", step: 0 }));
  const t = performance.now();
  const res = await fetch(`${base}/api/visitors/prequalifier/answer`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: v.cookie, "x-forwarded-for": `10.${a.n % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ answer: ANSWERS[v.step]!.replace("ada@", `ada${a.n}.${Date.now()}@`), step: v.step, c: a.code }),
  }).catch(() => null);
  const set = res?.headers.getSetCookie().map((c) => c.split(";")[0]!) ?? [];
  if (set.length) v.cookie = set.join("; ");
  await res?.arrayBuffer();
  record("answer", performance.now() - t);
  v.step++;
}

/** CPU seconds of each process of the server: the parent (web 1), its web children and its worker. */
function treeCpu(pid: number): Map<string, number> {
  const cpuOf = (p: number) => {
    const stat = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(stat[11]) + Number(stat[12])) / 100;
  };
  const out = new Map<string, number>([["web 1", cpuOf(pid)]]);
  let web = 1;
  for (const d of readdirSync("/proc").filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
      const cmd = readFileSync(`/proc/${d}/cmdline`, "latin1");
      const name = cmd.includes("worker") ? "worker" : cmd.includes("web") ? `web ${++web}` : null;
      if (name) out.set(name, cpuOf(Number(d)));
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** /proc figures of the server process and the machine. */
function procFigures(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const cpuS = (Number(stat[11]) + Number(stat[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  const rssMB = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
  const io = readFileSync(`/proc/${pid}/io`, "utf8");
  const writtenMB = Number(/write_bytes: (\d+)/.exec(io)![1]) / 1e6;
  // The event loop's thread: nanoseconds on a core and waiting for one (runnable, not running).
  const [onCpuNs, waitNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ").map(Number);
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const total = cpu.reduce((x, y) => x + y, 0);
  return { cpuS, rssMB, writtenMB, idle, total, loopCpuS: onCpuNs! / 1e9, loopWaitS: waitNs! / 1e9 };
}
const dbMB = () => ["", "-wal"].reduce((s, x) => s + (statSync(dbPath + x, { throwIfNoEntry: false })?.size ?? 0), 0) / 1e6;
const pct = (xs: number[] | undefined, p: number) => (xs?.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]! : NaN);

async function runStep(count: number) {
  lat = new Map();
  failures = [];
  bookings = 0;
  const mailsBefore = mailsSent;
  const hooksBefore = hooks.received.length;
  const calendarWrites = () => google.requests.filter((r) => r.method !== "GET" && r.path.includes("/events")).length;
  const calendarBefore = calendarWrites();
  const read = new Database(dbPath, { readonly: true });
  for (const a of agencies) if (!a.setUp) await setUpOutside(a);
  const pid = server!.pid;
  // How often the server's main thread (the event loop) is found waiting on the disk (state D):
  // sampled every 20 ms (the kernel's delay accounting is off on this machine).
  const ioSamples = { n: 0, d: 0 };
  const sampler = setInterval(() => {
    try {
      const state = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]![0];
      ioSamples.n++;
      if (state === "D") ioSamples.d++;
    } catch {}
  }, 20);
  const p0 = procFigures(pid);
  const tree0 = treeCpu(pid);
  const t0 = performance.now();
  const until = t0 + STEP_S * 1000;
  const loops: Promise<void>[] = [];
  const every = async (ms: number, tick: () => Promise<void>) => {
    await Bun.sleep(Math.random() * Math.min(ms, until - performance.now())); // spread over the interval
    while (performance.now() < until) {
      const started = performance.now();
      await tick();
      await Bun.sleep(Math.max(0, Math.min(ms - (performance.now() - started), until - performance.now())));
    }
  };
  for (const a of agencies) {
    for (const who of [0, 1, 2]) loops.push(every(5000, () => recruiterTick(a, who)));
    loops.push(every(5000, () => candidateTick(a, read)));
    // The assistant: a question every 20 s per agency (a recruiter asks it now and then).
    loops.push(
      every(20_000, async () => void (await timed("assistant", "/api/chat/openai", { method: "POST", headers: { cookie: a.cookies[1]! }, body: JSON.stringify({ message: "find developer" }) }))),
    );
  }
  loops.push(every(500, async () => void (await timed("healthz", "/healthz"))));
  const lag: number[] = [];
  if (REPLICA) {
    loops.push(
      every(1000, async () => {
        const m = /^frank_replica_lag_seconds (\S+)$/m.exec(
          await fetch(`${base}/metrics`).then(
            (r) => r.text(),
            () => "",
          ),
        );
        if (m) lag.push(Number(m[1]));
      }),
    );
  }
  await Promise.all(loops);
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  const p1 = procFigures(pid);
  const tree1 = treeCpu(pid);
  const backlog = read.query("select count(*) as n from tasks where status in ('pending', 'retrying') and run_at <= ?").get(Date.now() - 10_000) as { n: number };
  read.close();
  const recruiterAll = RECRUITER.flatMap((k) => lat.get(k) ?? []);
  const requests = [...lat.values()].reduce((s, xs) => s + xs.length, 0);
  return {
    agencies: count,
    rps: requests / wall,
    p99: pct(recruiterAll, 0.99),
    perKind: Object.fromEntries([...RECRUITER, "book", "answer", "assistant", "healthz"].map((k) => [k, pct(lat.get(k as Kind), 0.99)])),
    bookingsPerMin: (bookings / wall) * 60,
    bookFailures: failures.filter((f) => f.startsWith("book")).length,
    failures,
    serverCpu: ((p1.cpuS - p0.cpuS) / wall) * 100,
    processCpu: [...tree1].map(([name, s1]) => `${name} ${(((s1 - (tree0.get(name) ?? s1)) / wall) * 100).toFixed(0)}%`).join(", "),
    ioWait: (ioSamples.d / Math.max(1, ioSamples.n)) * 100,
    loopCpu: ((p1.loopCpuS - p0.loopCpuS) / wall) * 100,
    loopWaitCpu: ((p1.loopWaitS - p0.loopWaitS) / wall) * 100,
    machineCpu: (1 - (p1.idle - p0.idle) / (p1.total - p0.total)) * 100,
    rssMB: p1.rssMB,
    dbMB: dbMB(),
    diskMBs: (p1.writtenMB - p0.writtenMB) / wall,
    backlog: backlog.n,
    mails: mailsSent - mailsBefore,
    webhooks: hooks.received.length - hooksBefore,
    calendar: calendarWrites() - calendarBefore,
    lag,
  };
}

function firstLimit(r: Awaited<ReturnType<typeof runStep>>) {
  if (r.serverCpu >= 85) return `CPU: the server's event loop (one thread) at ${r.serverCpu.toFixed(0)}% of a core`;
  if (r.loopCpu >= 80) return `CPU: the event loop's thread on a core ${r.loopCpu.toFixed(0)}% of the time`;
  if (r.loopWaitCpu >= 20)
    return `CPU: the machine (2 cores, shared, at ${r.machineCpu.toFixed(0)}%): the event loop was ready but waited for a core ${r.loopWaitCpu.toFixed(0)}% of the time (on one ${r.loopCpu.toFixed(0)}%)`;
  // The event loop is synchronous over SQLite: a commit's fsync behind the backup's writes blocks every request.
  if (r.ioWait >= 20 && r.serverCpu < 60)
    return `disk: the event loop was found waiting on the disk in ${r.ioWait.toFixed(0)}% of samples (its own CPU ${r.serverCpu.toFixed(0)}%), writing ${r.diskMBs.toFixed(1)} MB/s`;
  if (r.backlog > 50 && r.serverCpu < 60) return `the writer: ${r.backlog} tasks overdue by 10 s or more with the server's CPU at ${r.serverCpu.toFixed(0)}%`;
  if (r.machineCpu >= 85) return `CPU: the machine (2 cores, shared) at ${r.machineCpu.toFixed(0)}%`;
  if (r.backlog > 50) return `the writer: ${r.backlog} tasks overdue by 10 s or more`;
  if (r.rssMB > totalmem() / 1e6 / 2) return `memory: RSS ${r.rssMB.toFixed(0)} MB`;
  if (r.diskMBs > 50) return `disk: ${r.diskMBs.toFixed(0)} MB/s written`;
  return "none of CPU, the writer, memory or disk near its limit: latency from the shared machine";
}

const cols = [
  "agencies",
  "candidates",
  "req/s",
  "p99 ms",
  ...RECRUITER.map((k) => `${k} p99`),
  "book p99",
  "answer p99",
  "assistant p99",
  "healthz p99",
  "bookings/min",
  "mails",
  "webhooks",
  "calendar writes",
  "server CPU %",
  "event loop on a core %",
  "event loop waiting for a core %",
  "event loop in disk wait %",
  "machine CPU %",
  "RSS MB",
  "DB MB",
  "disk MB/s",
  "overdue tasks",
];
console.log(
  `Capacity: agencies of 3 recruiters (a request every 5 s each) and ${CANDIDATES.toLocaleString("en")} candidates; ${STEP_S} s per step; model delay ${MODEL_DELAY_MS} ms; backup cron ${BACKUP_CRON}; the knee: p99 of a recruiter request > ${P99_LIMIT} ms or a booking fails.`,
);
console.log("The machine (2 cores) is shared with other work: figures move between runs; /healthz beside them is the baseline.");
console.log(cols.join(" | "));
// Stopped from the keyboard or by a time limit: the server goes too.
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => (server?.kill(9), rmSync(dir, { recursive: true, force: true }), process.exit(130)));
let knee: Awaited<ReturnType<typeof runStep>> | null = null;
let last: Awaited<ReturnType<typeof runStep>> | null = null;
try {
  for (const count of STEPS) {
    const seeded = await seedAgencies(count);
    await startServer();
    let r = await runStep(count);
    // Over the limit while /healthz itself was slow: the machine (shared) was busy; the step is
    // run once more before it counts as the knee.
    if ((r.p99 > P99_LIMIT || r.bookFailures > 0) && r.perKind.healthz! > 100) {
      console.log(`    (${count} agencies: p99 ${r.p99.toFixed(0)} ms with /healthz at p99 ${r.perKind.healthz!.toFixed(0)} ms and the machine at ${r.machineCpu.toFixed(0)}%: run again)`);
      r = await runStep(count);
    }
    await stopServer();
    const row = [
      r.agencies,
      (r.agencies * CANDIDATES).toLocaleString("en"),
      r.rps.toFixed(1),
      r.p99.toFixed(0),
      ...RECRUITER.map((k) => r.perKind[k]!.toFixed(0)),
      r.perKind.book!.toFixed(0),
      r.perKind.answer!.toFixed(0),
      r.perKind.assistant!.toFixed(0),
      r.perKind.healthz!.toFixed(0),
      r.bookingsPerMin.toFixed(1),
      r.mails,
      r.webhooks,
      r.calendar,
      r.serverCpu.toFixed(0),
      r.loopCpu.toFixed(0),
      r.loopWaitCpu.toFixed(0),
      r.ioWait.toFixed(0),
      r.machineCpu.toFixed(0),
      r.rssMB.toFixed(0),
      r.dbMB.toFixed(0),
      r.diskMBs.toFixed(1),
      r.backlog,
    ];
    console.log(row.join(" | ") + `   (seeded in ${seeded.toFixed(1)} s)`);
    if (REPLICA) console.log(`    replica lag (s, ${r.lag.length} samples): p50 ${pct(r.lag, 0.5).toFixed(1)}, p99 ${pct(r.lag, 0.99).toFixed(1)}, max ${Math.max(0, ...r.lag).toFixed(1)}`);
    console.log(`    CPU by process: ${r.processCpu}`);
    for (const f of r.failures.slice(0, 3)) console.log(`    failed: ${f}`);
    last = r;
    if (r.p99 > P99_LIMIT || r.bookFailures > 0) {
      knee = r;
      break;
    }
  }
  // What the server's own CPU says, apart from the machine's other work: a core per agency count.
  const steps = [knee ?? last].filter(Boolean) as NonNullable<typeof last>[];
  for (const r of steps) {
    const perAgency = r.serverCpu / r.agencies;
    console.log(
      `Server CPU: ${perAgency.toFixed(2)}% of a core per agency at ${r.agencies} agencies: the event loop (one core) would be 80% busy at about ${Math.floor(80 / perAgency)} agencies on this machine with nothing else running.`,
    );
  }
  if (knee) {
    console.log(`Knee: ${knee.agencies} agencies (${(knee.agencies * CANDIDATES).toLocaleString("en")} candidates): recruiter p99 ${knee.p99.toFixed(0)} ms, booking failures ${knee.bookFailures}.`);
    console.log(`First limit: ${firstLimit(knee)}. RSS ${knee.rssMB.toFixed(0)} MB, database ${knee.dbMB.toFixed(0)} MB.`);
  } else if (last) {
    console.log(
      `No knee up to ${last.agencies} agencies (recruiter p99 ${last.p99.toFixed(0)} ms); the nearest limit: ${firstLimit(last)}. RSS ${last.rssMB.toFixed(0)} MB, database ${last.dbMB.toFixed(0)} MB. Raise --steps.`,
    );
  }
} finally {
  await stopServer();
  smtp.close();
  openai.stop();
  slowModel.stop(true);
  google.stop();
  hooks.stop();
  rmSync(dir, { recursive: true, force: true });
}
