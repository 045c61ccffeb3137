// Integrity figures of issue "Nothing lost, nothing doubled", measured on the wire against
// real server processes on 127.0.0.1 (and a real SMTP server in this process):
//   1. bookings over two overlapping sessions of one recruiter at 100 and 500 concurrency;
//   2. a SIGKILL loop during bookings: meetings made, meetings without their e-mail job, e-mails sent twice;
//   3. a 2-hour SMTP outage simulated with the clock: e-mails delivered after recovery;
//   4. booking latency while Google hangs (baseline: Google answering).
// Usage: bun bench/integrity.ts   (BENCH_PORT=3950)
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { Database } from "bun:sqlite";
import { SMTPServer } from "smtp-server";
import { bookThenKill, meetingsWithoutMessages, seedSessions, SECRET, startServer } from "../test/kits/booking-crash";

process.env.NODE_ENV ||= "production";
const { loadConfig } = await import("../src/config/env");
const { createDeps } = await import("../src/bootstrap");
const { buildFeatures } = await import("../src/app");
const { createApp } = await import("../src/app");
const { createUser } = await import("../src/features/auth/service");
const { upsertParticipantFromVisitor } = await import("../src/features/candidates/service");
const { createSchedulingSession } = await import("../src/features/scheduling/service");
const { FakeClock } = await import("../src/lib/clock");
const { ResetPasswordEmail } = await import("../src/features/auth/emails/reset-password");
const { startFakeGoogle } = await import("../test/fakes/google");

const dir = mkdtempSync(join(tmpdir(), "frank-bench-integrity-"));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const port = Number(process.env.BENCH_PORT ?? 3950);

// A real SMTP server that counts every message by its Message-ID.
const seen = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _s, cb) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString()));
    stream.on("end", () => {
      const id = /Message-ID: (<[^>]+>)/i.exec(data)?.[1] ?? "none";
      seen.set(id, (seen.get(id) ?? 0) + 1);
      cb();
    });
  },
});
// A killed server drops its SMTP connection mid-conversation: expected here, not an error of the bench.
smtp.on("error", () => {});
await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`;

try {
  // 1. The overlap race, through a child server.
  for (const concurrency of [100, 500]) {
    const db = join(dir, `race-${concurrency}.db`);
    const deps = buildFeatures(createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: db, APP_URL: "http://127.0.0.1", NODE_ENV: "test" }), { quiet: true })).context;
    const user = await createUser(deps, { email: "rita@example.com", password: "correct-horse-battery", name: "Rita" });
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 48 * 3_600_000);
    const slot = [{ startTime: start.toISOString(), endTime: new Date(start.getTime() + 3_600_000).toISOString() }];
    const sessions: { sessionToken: string; timeSlots: { id: string }[] }[] = [];
    for (const i of [1, 2]) {
      const c = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: `race-${i}`, name: `Candidate ${i}`, emailAddress: `r${i}@example.com` });
      sessions.push(
        await createSchedulingSession(deps, {
          workspaceId: user.workspaceId,
          userId: user.id,
          candidateId: c.id,
          title: "Interview",
          duration: 60,
          timeSlots: slot,
          timeZone: "UTC",
          sendEmail: false,
        }),
      );
    }
    deps.db.$client.close();
    const proc = await startServer(db, port);
    const statuses = await Promise.all(
      Array.from({ length: concurrency }, (_, i) => {
        const s = sessions[i % 2]!;
        return fetch(`http://127.0.0.1:${port}/api/book/${s.sessionToken}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ slotId: s.timeSlots[0]!.id }),
        }).then((r) => r.status);
      }),
    );
    proc.kill();
    await proc.exited;
    console.log(
      `overlap race, ${concurrency} concurrent bookings over 2 sessions: ${statuses.filter((s) => s === 200).length} success, ${statuses.filter((s) => s === 409).length} × 409, ${statuses.filter((s) => s !== 200 && s !== 409).length} other`,
    );
  }

  // 2. SIGKILL during bookings, 10 cycles, with SMTP delivering.
  {
    const db = join(dir, "crash.db");
    const pairs = await seedSessions(db, 300);
    let ok = 0;
    for (let cycle = 0; cycle < 10; cycle++) {
      const proc = await startServer(db, port, { SMTP_URL: smtpUrl });
      const statuses = await bookThenKill(port, proc, pairs.slice(cycle * 30, cycle * 30 + 30), db, 300);
      ok += statuses.filter((s) => s === 200).length;
    }
    const r = meetingsWithoutMessages(db);
    // The leases of the killed processes run out (3 minutes); end them now instead of waiting.
    const raw = new Database(db);
    raw.run("update tasks set lease_until = null, lease_token = null");
    raw.close();
    const proc = await startServer(db, port, { SMTP_URL: smtpUrl });
    const check = new Database(db, { readonly: true });
    for (let i = 0; i < 200; i++) {
      const left = check.query<{ n: number }, []>("select count(*) as n from tasks where kind = 'mail.send' and status in ('pending', 'retrying')").get()!.n;
      if (!left) break;
      await Bun.sleep(100);
    }
    const notSent = check.query<{ n: number }, []>("select count(*) as n from tasks where kind = 'mail.send' and status <> 'done'").get()!.n;
    const rows = check.query<{ n: number }, []>("select count(*) as n from tasks where kind = 'mail.send'").get()!.n;
    check.close();
    proc.kill();
    await proc.exited;
    const twice = [...seen.values()].filter((n) => n > 1).length;
    // A task is marked done right after the SMTP server's 250: a kill between the two sends that
    // e-mail again after the lease, with the same Message-ID (receivers can drop the copy).
    console.log(
      `SIGKILL loop, 10 kills at random points after bookings began committing: ${r.meetings} meetings made (${ok} answered 200 before the kill), ${r.missing} without their e-mail job; ${rows} e-mails, ${notSent} not sent after recovery, ${twice} sent twice (same Message-ID)`,
    );
  }

  // 3. A 2-hour SMTP outage, simulated with the clock (the SMTP server refuses with 421).
  {
    const clock = new FakeClock(new Date());
    const deps = buildFeatures(
      createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: join(dir, "outage.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "test", SMTP_URL: "smtp://127.0.0.1:9" }), { clock, quiet: true }),
    ).context;
    const n = 50;
    for (let i = 0; i < n; i++) await deps.mail.send({ to: `o${i}@example.com`, subject: `outage ${i}`, email: ResetPasswordEmail({ name: "O", url: "http://127.0.0.1/x" }) });
    await deps.jobs.idle();
    const t0 = clock.now().getTime();
    while (clock.now().getTime() - t0 < 2 * 3_600_000) {
      clock.advance(5 * 60_000);
      await deps.jobs.idle();
    }
    await deps.jobs.stop(100);
    deps.db.$client.close();
    // Recovery: the same tasks, a server process pointed at the working SMTP server.
    const healthy = createDeps(
      loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: join(dir, "outage.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "test", SMTP_URL: smtpUrl, MAIL_FROM: "Frank <frank@example.com>" }),
      { clock, quiet: true },
    );
    const before = seen.size;
    clock.advance(3_600_000);
    await healthy.jobs.idle();
    const sent = healthy.db.$client.query<{ n: number }, []>("select count(*) as n from tasks where kind = 'mail.send' and status = 'done'").get()!.n;
    console.log(`SMTP outage of 2 hours: ${sent} of ${n} e-mails delivered after recovery, ${seen.size - before} distinct messages received`);
    await healthy.jobs.stop(100);
  }

  // 4. Booking latency while Google hangs (and, as a baseline, while it answers).
  {
    const google = startFakeGoogle();
    const deps = buildFeatures(
      createDeps(loadConfig({ APP_SECRET: SECRET, DATABASE_PATH: join(dir, "google.db"), APP_URL: "http://127.0.0.1", NODE_ENV: "production", ...google.env() }), { quiet: true }),
    ).context;
    const app = createApp(deps).listen({ port: 0, hostname: "127.0.0.1" });
    const base = `http://127.0.0.1:${app.server!.port}`;
    const user = await createUser(deps, { email: "g@example.com", password: "correct-horse-battery", name: "G" });
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: "g@example.com", password: "correct-horse-battery" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const start = await fetch(`${base}/auth/google/calendar`, { headers: { cookie }, redirect: "manual" });
    const consent = await fetch(start.headers.get("location")!, { redirect: "manual" });
    const back = new URL(consent.headers.get("location")!);
    await fetch(`${base}${back.pathname}${back.search}`, { headers: { cookie }, redirect: "manual" });
    const timeBookings = async (count: number, offset: number) => {
      const ms: number[] = [];
      for (let i = 0; i < count; i++) {
        const c = upsertParticipantFromVisitor(deps, user.workspaceId, { uniqueId: `g-${offset + i}`, name: `G ${i}`, emailAddress: `g${offset + i}@example.com` });
        const at = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + (24 + offset + i) * 3_600_000);
        const s = await createSchedulingSession(deps, {
          workspaceId: user.workspaceId,
          userId: user.id,
          candidateId: c.id,
          title: "Interview",
          duration: 60,
          timeSlots: [{ startTime: at.toISOString(), endTime: new Date(at.getTime() + 3_600_000).toISOString() }],
          timeZone: "UTC",
          sendEmail: false,
        });
        const t0 = performance.now();
        const r = await fetch(`${base}/api/book/${s.sessionToken}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ slotId: s.timeSlots[0]!.id }) });
        await r.text();
        ms.push(performance.now() - t0);
        if (r.status !== 200) throw new Error(`booking answered ${r.status}`);
      }
      return ms;
    };
    const normal = await timeBookings(20, 0);
    google.hang = true;
    const hung = await timeBookings(20, 100);
    google.hang = false;
    console.log(`booking while Google answers: p50 ${pct(normal, 50).toFixed(1)} ms, p99 ${pct(normal, 99).toFixed(1)} ms`);
    console.log(`booking while Google hangs:   p50 ${pct(hung, 50).toFixed(1)} ms, p99 ${pct(hung, 99).toFixed(1)} ms`);
    await deps.jobs.stop(100);
    app.stop();
    google.stop();
  }
} finally {
  smtp.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
