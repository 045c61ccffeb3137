// IDLE (issue 55 item 1) against a real Dovecot: with a watcher on the mailbox, a reply delivered
// over SMTP reaches the candidate's messages without any poll; a removed mailbox's watch ends.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { MailboxWatchers } from "./idle";

const RECRUITER = "ida@agency.example";
const PASSWORD = "app-password-3";

describe.skipIf(!dovecotInstalled)("IMAP IDLE", () => {
  let dovecot: TestDovecot;
  let smtp: DeliverySmtp;
  beforeAll(async () => {
    dovecot = await startDovecot();
    dovecot.addUser(RECRUITER, PASSWORD);
    smtp = await startDeliverySmtp(dovecot, () => [RECRUITER]);
  });
  afterAll(async () => {
    smtp.close();
    await dovecot.stop();
  });

  const until = async (what: () => Promise<boolean> | boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > end) throw new Error("timed out");
      await Bun.sleep(50);
    }
  };

  test("a new message in the INBOX queues the sync at once; a disconnected mailbox is no longer watched", async () => {
    const t = makeTestApp();
    const u = await t.signUp({ email: RECRUITER });
    const id = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-zoe", name: "Zoe", emailAddress: "zoe@mail.example" }).id;
    const res = await t.request("/api/mailboxes", {
      cookie: u.cookie,
      json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: RECRUITER, password: PASSWORD },
    });
    expect(res.status).toBe(201);
    await t.deps.jobs.idle();
    const watchers = new MailboxWatchers(t.deps);
    try {
      watchers.refresh();
      expect(watchers.size).toBe(1);
      // Auto-IDLE begins a second after the INBOX is open.
      await Bun.sleep(1500);
      const sentAt = performance.now();
      await nodemailer
        .createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true })
        .sendMail({ from: "zoe@mail.example", to: RECRUITER, subject: "Quick question", text: "Is the role remote?" });
      const messages = async () => (await (await t.request(`/api/participants/${id}/messages`, { cookie: u.cookie })).json()).messages as { subject: string }[];
      await until(async () => (await messages()).length === 1);
      const ms = Math.round(performance.now() - sentAt);
      console.log(`IDLE: reply on the timeline ${ms} ms after it was delivered`);
      expect((await messages())[0]!.subject).toBe("Quick question");

      expect((await t.request("/api/mailboxes", { method: "DELETE", cookie: u.cookie })).status).toBe(200);
      watchers.refresh();
      expect(watchers.size).toBe(0);
    } finally {
      watchers.stop();
    }
  }, 120_000);
});
