// Mailbox figure (issue 55): the time from a candidate's reply landing in the member's mailbox (a
// real Dovecot, the reply delivered over real SMTP) to the candidate's messages answering it over
// HTTP, with IDLE and with polling (every POLL_SECONDS). Baseline in the same run: the SMTP delivery
// itself. Frank serves on a loopback port; the figures are read with fetch, as a browser would.
// Usage: bun bench/mailbox-reply.ts [replies=10] [pollSeconds=5]
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import nodemailer from "nodemailer";
import { startDeliverySmtp, startDovecot } from "../test/kits/dovecot";
import { freePort } from "../test/kits/free-port";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { createApp } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { MailboxWatchers } = await import("../src/features/messages/idle");
const { startMailboxPolling } = await import("../src/features/messages/work");

const REPLIES = Number(process.argv[2] ?? 10);
const POLL_SECONDS = Number(process.argv[3] ?? 5);
const USER = "rita@agency.example";
const PASS = "bench-password";
const LOGIN = "a-long-bench-password";

const dir = mkdtempSync(join(tmpdir(), "frank-bench-reply-"));
const dovecot = await startDovecot();
dovecot.addUser(USER, PASS);
const smtp = await startDeliverySmtp(dovecot, () => [USER]);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const deps0 = createDeps(loadConfig({ APP_SECRET: "bench-secret-bench-secret-bench-secret-01", DATABASE_PATH: join(dir, "frank.db"), APP_URL: base, NODE_ENV: "production" }), { quiet: true });
const app = createApp(deps0);
const deps = app.context;
app.listen({ port, hostname: "127.0.0.1" });

const user = await createUser(deps, { email: USER, password: LOGIN });
const candidate = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: "bench-c", name: "Carla", emailAddress: "carla@mail.example" }).id;
const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: USER, password: LOGIN }) });
const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
const connect = await fetch(`${base}/api/mailboxes`, {
  method: "POST",
  headers: { "content-type": "application/json", cookie, origin: base },
  body: JSON.stringify({ address: USER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: USER, password: PASS }),
});
if (connect.status !== 201) throw new Error(`connect: ${connect.status} ${await connect.text()}`);
await deps.jobs.idle();

const count = async () => ((await (await fetch(`${base}/api/participants/${candidate}/messages`, { headers: { cookie } })).json()) as { messages: unknown[] }).messages.length;
const mail = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
let n = 0;

/** One reply: the delivery's time (baseline) and the time until the messages API lists it. */
async function oneReply(): Promise<{ deliveryMs: number; visibleMs: number }> {
  const before = await count();
  const t0 = performance.now();
  await mail.sendMail({ from: "carla@mail.example", to: USER, subject: `Re: step ${++n}`, text: `Reply ${n}` });
  const delivered = performance.now();
  while ((await count()) <= before) await Bun.sleep(20);
  return { deliveryMs: delivered - t0, visibleMs: performance.now() - delivered };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const line = (label: string, xs: number[]) =>
  console.log(`${label}: median ${pct(xs, 50).toFixed(0)} ms, p90 ${pct(xs, 90).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.length} replies)`);

// With IDLE: a watcher on the INBOX queues the sync when the reply arrives.
const watchers = new MailboxWatchers(deps);
watchers.refresh();
await Bun.sleep(2000);
const idle = [];
for (let i = 0; i < REPLIES; i++) idle.push(await oneReply());
watchers.stop();

// Polling only: every POLL_SECONDS; the reply lands at a random moment between two polls.
const polling = startMailboxPolling(deps, POLL_SECONDS);
const polled = [];
for (let i = 0; i < REPLIES; i++) {
  await Bun.sleep(Math.random() * POLL_SECONDS * 1000);
  polled.push(await oneReply());
}
polling.stop();

line(
  "baseline: SMTP delivery into the mailbox",
  [...idle, ...polled].map((r) => r.deliveryMs),
);
line(
  "reply to timeline with IDLE",
  idle.map((r) => r.visibleMs),
);
line(
  `reply to timeline with polling every ${POLL_SECONDS} s`,
  polled.map((r) => r.visibleMs),
);

smtp.close();
await dovecot.stop();
await app.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
