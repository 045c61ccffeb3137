// Durable delivery against a real SMTP server (smtp-server on 127.0.0.1): leases, backoff,
// permanent failures, giving up after 48 hours, and a shutdown that a hung server cannot hold.
import { adHocKinds } from "../../test/kits/ad-hoc-kinds";
import { afterAll, describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../test/helpers";
import { mailRow } from "../../test/kits/mail-rows";
import { openDatabase } from "../db/client";
import { tasks } from "../db/schema";
import { ResetPasswordEmail } from "../features/auth/emails/reset-password";
import { Mailer } from "./mail";
import { Jobs, PermanentFailure } from "./jobs";
import { backoffMs, GIVE_UP_AFTER_MS } from "./delivery-policy";

type Mode = { delayMs: number; reject?: number; hang?: boolean };
const mode: Mode = { delayMs: 0 };
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, cb) {
    let data = "";
    stream.on("data", (c: Buffer) => (data += c.toString()));
    stream.on("end", () => {
      if (mode.hang) return; // never answers
      if (mode.reject) {
        const err = Object.assign(new Error(mode.reject >= 500 ? "no such user" : "try later"), { responseCode: mode.reject });
        return cb(err);
      }
      setTimeout(() => {
        received.push(/Subject: (.*)/.exec(data)?.[1] ?? "");
        cb();
      }, mode.delayMs);
    });
  },
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.server.address() as { port: number }).port;
afterAll(() => server.close());

const t = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
const email = (subject: string) => ({ to: "ada@example.com", subject, email: ResetPasswordEmail({ name: "Ada", url: "http://localhost/x" }) });
const row = (id: number) => mailRow(t.deps.db, id);
const times = (subject: string) => received.filter((s) => s === subject).length;

describe("leases", () => {
  test("two senders on one database, with a slow SMTP server, deliver each e-mail once", async () => {
    Object.assign(mode, { delayMs: 800, reject: undefined, hang: false });
    // A second process: its own connection to the same file and its own worker.
    const otherDb = openDatabase(t.deps.config.DATABASE_PATH);
    const otherJobs = new Jobs(otherDb, { clock: t.clock, log: t.deps.log });
    const other = new Mailer(otherDb, { smtpUrl: t.deps.config.SMTP_URL, from: "x@example.com", log: t.deps.log, clock: t.clock });
    otherJobs.register(...other.jobs());
    const subjects = Array.from({ length: 6 }, (_, i) => `lease-${i}`);
    for (const s of subjects) await t.deps.mail.send(email(s));
    await Promise.all([t.deps.jobs.runDue(), otherJobs.runDue(), t.deps.jobs.runDue(), otherJobs.runDue()]);
    await Promise.all([t.deps.jobs.idle(), otherJobs.idle()]);
    for (const s of subjects) expect(times(s)).toBe(1);
    await otherJobs.stop(100);
    otherDb.$client.close();
  });
});

describe("retries", () => {
  test("backoff grows with jitter, capped at an hour", () => {
    expect(backoffMs(1, () => 0)).toBe(15_000);
    expect(backoffMs(1, () => 1)).toBe(30_000);
    expect(backoffMs(3, () => 1)).toBe(120_000);
    expect(backoffMs(20, () => 1)).toBe(3_600_000);
  });

  test("an SMTP outage of 2 hours: every e-mail is delivered once after recovery", async () => {
    Object.assign(mode, { delayMs: 0, reject: 421, hang: false });
    const ids = [await t.deps.mail.send(email("outage-1")), await t.deps.mail.send(email("outage-2"))];
    await t.deps.jobs.idle();
    const start = t.clock.now().getTime();
    while (t.clock.now().getTime() - start < 2 * 3_600_000) {
      t.clock.advance(5 * 60_000);
      await t.deps.jobs.idle();
    }
    for (const id of ids) {
      expect(row(id).status).toBe("retrying");
      expect(row(id).attempts).toBeGreaterThan(3);
      expect(row(id).lastError).toContain("try later");
    }
    mode.reject = undefined;
    t.clock.advance(3_600_000);
    await t.deps.jobs.idle();
    for (const id of ids) expect(row(id).status).toBe("sent");
    expect(times("outage-1")).toBe(1);
    expect(times("outage-2")).toBe(1);
  });

  test("a permanent refusal (550) fails at once, with the reason", async () => {
    Object.assign(mode, { delayMs: 0, reject: 550, hang: false });
    const id = await t.deps.mail.send(email("permanent"));
    await t.deps.jobs.idle();
    expect(row(id).status).toBe("failed");
    expect(row(id).attempts).toBe(1);
    expect(row(id).lastError).toContain("no such user");
    mode.reject = undefined;
  });

  test("temporary failures are given up after 48 hours", async () => {
    Object.assign(mode, { delayMs: 0, reject: 451, hang: false });
    const id = await t.deps.mail.send(email("given-up"));
    await t.deps.jobs.idle();
    t.clock.advance(GIVE_UP_AFTER_MS + 3_600_000);
    await t.deps.jobs.idle();
    expect(row(id).status).toBe("failed");
    mode.reject = undefined;
  });
});

describe("shutdown", () => {
  test("with a hung SMTP server it takes under 5 s and the e-mail is kept for the next start", async () => {
    Object.assign(mode, { delayMs: 0, reject: undefined, hang: true });
    const app = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const id = await app.deps.mail.send(email("hung"));
    await Bun.sleep(300);
    const started = performance.now();
    await app.deps.jobs.stop(3000);
    expect(performance.now() - started).toBeLessThan(20_000); // the 3 s grace, with room for a busy machine: a hung stop never ends
    const r = mailRow(app.deps.db, id);
    expect(r.status).toBe("pending");
    expect(r.leaseUntil).toBeNull();
    mode.hang = false;
  });
});

describe("registered kinds (the calendar's)", () => {
  test("done, retried with backoff, or failed for good", async () => {
    const q = { ...adHocKinds(t.deps.jobs), runDue: () => t.deps.jobs.runDue() };
    let calls = 0;
    q.register("ok", async () => void calls++);
    q.register("flaky", async () => {
      calls++;
      if (calls < 3) throw new Error("503 from the service");
    });
    q.register("bad", async () => {
      throw new PermanentFailure("400 bad request");
    });
    const ok = t.deps.db.transaction((tx) => q.enqueue(tx, "ok", {}));
    const bad = t.deps.db.transaction((tx) => q.enqueue(tx, "bad", {}));
    await q.runDue();
    const get = (id: number) => t.deps.db.select().from(tasks).where(eq(tasks.id, id)).get()!;
    expect(get(ok).status).toBe("done");
    expect(get(bad)).toMatchObject({ status: "failed", attempts: 1, lastError: "400 bad request" });
    calls = 0;
    const flaky = t.deps.db.transaction((tx) => q.enqueue(tx, "flaky", {}));
    await q.runDue();
    expect(get(flaky).status).toBe("retrying");
    t.clock.advance(60_000);
    await q.runDue();
    t.clock.advance(120_000);
    await q.runDue();
    expect(get(flaky)).toMatchObject({ status: "done", attempts: 3 });
  });
});
