// Sequences figure (issue 55): 500 sequence steps falling due in the same minute. Frank runs as a
// `frank serve` process of its own (its web processes and its worker); the member's mailbox is a
// real Dovecot with a real SMTP server in this script, which counts what it takes. 500 candidates
// are enrolled in a one-step sequence while it is paused; resuming it makes all 500 steps due at
// once. Measured from outside, on the wire:
//   - each step sent exactly once: the messages the SMTP server took, per recipient;
//   - the booking page (/book/{token}, LINKS candidates' links in turn) answered to a steady stream
//     of visitors (CLIENTS loops, a pause of PAUSE_MS between requests): p50, p99 and max in a quiet minute (the baseline)
//     and in the minute after the 500 fell due, in the same run.
// Usage: bun bench/sequence-burst.ts [steps=500] [seconds=60] [mailbox|workspace]   (run `npm run build:assets` first)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { startDeliverySmtp, startDovecot } from "../test/kits/dovecot";
import { BROWSER, freePort, signIn, startServer } from "./wire";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { addDays, dateIn, DEFAULT_WINDOW, generateSlots } = await import("../src/features/scheduling/slots");

const STEPS = Number(process.argv[2] ?? 500);
const SECONDS = Number(process.argv[3] ?? 60);
// "workspace": the member has no mailbox, the steps go through the workspace's SMTP (no IMAP copy).
const VIA = process.argv[4] === "workspace" ? "workspace" : "mailbox";
const CLIENTS = 4;
const PAUSE_MS = 100;
const LINKS = 60;
const SECRET = "bench-secret-bench-secret-bench-secret-00";
const USER = "sue@agency.example";
const PASSWORD = "bench-password-123";
const MAILBOX_PASSWORD = "bench-app-password";

const dir = mkdtempSync(join(tmpdir(), "frank-bench-sequence-"));
const dovecot = await startDovecot();
dovecot.addUser(USER, MAILBOX_PASSWORD);
// The member's submission server: it takes everything (none of it is for a local user) and keeps it.
const smtp = await startDeliverySmtp(dovecot, () => []);
const port = await freePort();
const db = join(dir, "frank.db");
const server = await startServer(db, port, SECRET, { LOG_LEVEL: "silent", SMTP_URL: smtp.url, MAIL_FROM: "Frank <frank@agency.example>" });
const base = server.base;
let busyAnswers = 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length - 1) * p))] ?? NaN;

try {
  // Setup (not measured): the member, the candidates and a booking link, written into the server's database.
  const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: db, APP_URL: base, NODE_ENV: "production" }), { quiet: true })).context;
  let ids: number[];
  let tokens: string[];
  try {
    const user = await createUser(deps, { email: USER, password: PASSWORD, name: "Sue Recruiter" });
    ids = Array.from({ length: STEPS }, (_, i) => upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: `seq-${i}`, name: `Cand ${i}`, emailAddress: `cand${i}@mail.example` }).id);
    const booker = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "booker", name: "Bea Booker", emailAddress: "bea@mail.example" });
    const tz = "Europe/London";
    const today = dateIn(deps.clock.now(), tz);
    // Many candidates' links (each link is limited to 300 requests in 10 minutes), 40 slots each.
    tokens = [];
    for (let i = 0; i < LINKS; i++)
      tokens.push(
        (
          await createSchedulingSession(deps, {
            workspaceId: user.workspaceId,
            userId: user.id,
            candidateId: booker.id,
            title: "Interview",
            description: "A first conversation about the role.",
            duration: 60,
            timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: tz }).slice(0, 40),
            timeZone: tz,
          })
        ).sessionToken,
      );
  } finally {
    deps.db.$client.close();
  }

  const cookie = await signIn(base, USER, PASSWORD);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, { method, headers: { "content-type": "application/json", cookie, origin: base }, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as any;
  };
  if (VIA === "mailbox")
    await api("POST", "/api/mailboxes", {
      address: USER,
      imapHost: "127.0.0.1",
      imapPort: dovecot.port,
      imapTls: false,
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      username: USER,
      password: MAILBOX_PASSWORD,
    });
  const template = (await api("POST", "/api/email-templates", { name: "Nudge", subject: "Still interested, {{candidate.firstName}}?", body: "A word from {{recruiter.name}}." })).template.id;
  const seq = (await api("POST", "/api/sequences", { name: "Nudge", steps: [{ templateId: template, delayDays: 0 }] })).sequence;
  await api("PATCH", `/api/sequences/${seq.id}`, { paused: true });
  // Enrolled 100 at a time (setup, not measured); a busy answer (503) is tried again.
  for (let i = 0; i < ids.length; i += 100) {
    for (let attempt = 1; ; attempt++) {
      try {
        const r = await api("POST", `/api/sequences/${seq.id}/enrolments`, { candidateIds: ids.slice(i, i + 100) });
        if (r.refused.some((x: { reason: string }) => x.reason !== "Already enrolled")) throw new Error(`refused: ${JSON.stringify(r.refused[0])}`);
        break;
      } catch (e) {
        if (attempt >= 5 || !String(e).includes(": 503 ")) throw e;
        busyAnswers++;
        await sleep(1000);
      }
    }
  }

  let next = 0;
  const bookUrl = () => `${base}/book/${tokens[next++ % tokens.length]}`;
  if ((await fetch(bookUrl())).status !== 200) throw new Error("the booking page did not answer 200");

  /** CLIENTS visitors loading the booking page for `seconds`: every request's time on the wire. */
  const visitors = async (seconds: number) => {
    const end = performance.now() + seconds * 1000;
    const ms: number[] = [];
    let failed = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await fetch(bookUrl(), { headers: BROWSER });
          await res.arrayBuffer();
          if (res.status === 200) ms.push(performance.now() - t0);
          else failed++;
          await sleep(PAUSE_MS);
        }
      }),
    );
    return { n: ms.length, failed, p50: pct(ms, 0.5), p99: pct(ms, 0.99), max: Math.max(...ms) };
  };

  // Warm up: each link once, then a few seconds of visitors.
  for (let i = 0; i < tokens.length; i++) await (await fetch(bookUrl(), { headers: BROWSER })).arrayBuffer();
  await visitors(3);
  const quiet = await visitors(SECONDS);
  if (smtp.taken.length) throw new Error("steps were sent before the sequence was resumed");

  // Resumed: all the steps are due now.
  const t0 = performance.now();
  await api("PATCH", `/api/sequences/${seq.id}`, { paused: false });
  let allSentMs = NaN;
  const watch = (async () => {
    while (Number.isNaN(allSentMs) && performance.now() - t0 < 10 * 60_000) {
      if (smtp.taken.length >= STEPS) allSentMs = performance.now() - t0;
      await sleep(50);
    }
  })();
  const busy = await visitors(SECONDS);
  await watch;
  await sleep(10_000); // anything sent twice would come now
  const perRecipient = new Map<string, number>();
  for (const m of smtp.taken) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
  const once = [...perRecipient.values()].filter((n) => n === 1).length;
  const twice = [...perRecipient.values()].filter((n) => n > 1).length;
  const list = (await api("GET", "/api/sequences")).sequences[0].enrolments;

  const f = (x: number) => x.toFixed(1);
  console.log(`${STEPS} sequence steps due at once (${VIA === "mailbox" ? "one member's mailbox: SMTP, then a copy into Sent over IMAP" : "the workspace's SMTP, no mailbox"})`);
  console.log(`  taken by the SMTP server: ${smtp.taken.length} messages, ${perRecipient.size} recipients; exactly once: ${once}, more than once: ${twice}, never: ${STEPS - perRecipient.size}`);
  console.log(`  all ${STEPS} taken ${Number.isNaN(allSentMs) ? "NOT within 10 minutes" : `${f(allSentMs / 1000)} s after they fell due`}; enrolments ${JSON.stringify(list)}`);
  if (busyAnswers) console.log(`  (setup: ${busyAnswers} enrolment request(s) answered 503 busy and were tried again)`);
  console.log(`booking page /book/{token}, ${CLIENTS} visitors each pausing ${PAUSE_MS} ms between requests, ${SECONDS} s each:`);
  console.log(`  quiet minute:           ${quiet.n} requests, p50 ${f(quiet.p50)} ms, p99 ${f(quiet.p99)} ms, max ${f(quiet.max)} ms, failed ${quiet.failed}`);
  console.log(`  minute the steps fell due: ${busy.n} requests, p50 ${f(busy.p50)} ms, p99 ${f(busy.p99)} ms, max ${f(busy.max)} ms, failed ${busy.failed}`);
} finally {
  await server.stop();
  smtp.close();
  await dovecot.stop();
  rmSync(dir, { recursive: true, force: true });
}
