// Issue 55 against a real IMAP server (Debian's Dovecot, started here on a loopback port): connect
// a mailbox (the password sealed), the first sync keeps only what involves candidates and client
// contacts, a reply arriving over real SMTP threads under the first message, the state and erasure.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { mailboxes } from "../../db/schema";
import nodemailer from "nodemailer";
import { upsertParticipantFromVisitor } from "../candidates/service";

const RECRUITER = "rita@agency.example";
const PASSWORD = "app-password-1";

describe.skipIf(!dovecotInstalled)("a member's IMAP mailbox", () => {
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

  const raw = (o: { from: string; to: string; subject: string; id: string; date: Date; text: string; inReplyTo?: string }) =>
    [
      `From: ${o.from}`,
      `To: ${o.to}`,
      `Subject: ${o.subject}`,
      `Message-ID: ${o.id}`,
      `Date: ${o.date.toUTCString()}`,
      ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
      "Content-Type: text/plain; charset=utf-8",
      "",
      o.text,
      "",
    ].join("\r\n");

  test("connect, first sync of 90 days keeping only candidates' mail, a reply over SMTP threads under it, erasure forgets it", async () => {
    const t = makeTestApp();
    const u = await t.signUp({ email: RECRUITER });
    const candidateId = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-carla", name: "Carla Candidate", emailAddress: "carla@mail.example" }).id;
    expect(candidateId).toBeGreaterThan(0);
    const now = t.clock.now();
    await dovecot.append(
      RECRUITER,
      raw({ from: "Carla Candidate <carla@mail.example>", to: RECRUITER, subject: "My CV", id: "<cv-1@mail.example>", date: new Date(now.getTime() - 86_400_000), text: "Here is my updated CV." }),
    );
    await dovecot.append(RECRUITER, raw({ from: "news@shop.example", to: RECRUITER, subject: "Sale", id: "<sale@shop.example>", date: now, text: "Not about anyone." }));
    await dovecot.append(
      RECRUITER,
      raw({ from: "Carla <carla@mail.example>", to: RECRUITER, subject: "Old", id: "<old@mail.example>", date: new Date(now.getTime() - 120 * 86_400_000), text: "Too old." }),
    );

    const refused = await t.request("/api/mailboxes", {
      cookie: u.cookie,
      json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: RECRUITER, password: "wrong" },
    });
    expect(refused.status).toBe(400);

    const res = await t.request("/api/mailboxes", {
      cookie: u.cookie,
      json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: RECRUITER, password: PASSWORD },
    });
    expect(res.status).toBe(201);
    const row = t.deps.db.select().from(mailboxes).where(eq(mailboxes.userId, u.userId)).get()!;
    expect(row.passwordSealed).not.toContain(PASSWORD);
    expect(t.deps.secrets.open(row.passwordSealed)).toBe(PASSWORD);
    await t.deps.jobs.idle();

    let list = (await (await t.request(`/api/participants/${candidateId}/messages`, { cookie: u.cookie })).json()).messages;
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(["My CV"]);
    expect(list[0].direction).toBe("in");
    const state = (await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0];
    expect(state.state).toBe("ok");

    // The candidate answers again over real SMTP, in the same thread; the next (incremental) sync finds it.
    await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
      from: "Carla Candidate <carla@mail.example>",
      to: RECRUITER,
      subject: "Re: My CV",
      messageId: "<cv-2@mail.example>",
      inReplyTo: "<cv-1@mail.example>",
      references: ["<cv-1@mail.example>"],
      text: "One more thing.\n\nOn Mon, 1 Dec 2026, Rita wrote:\n> Thanks",
    });
    const { requestAllMailboxSyncs } = await import("./work");
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    list = (await (await t.request(`/api/participants/${candidateId}/messages`, { cookie: u.cookie })).json()).messages;
    expect(list.map((m: { subject: string }) => m.subject)).toEqual(["Re: My CV", "My CV"]);
    expect(list[0].threadKey).toBe("<cv-1@mail.example>");
    expect(list[0].body).toBe("One more thing.");
    expect(list[0].quoted).toContain("wrote:");

    const activity = (await (await t.request(`/api/participants/${candidateId}/activity`, { cookie: u.cookie })).json()).activity;
    expect(activity.some((a: { type: string; text: string }) => a.type === "message" && a.text.includes("Re: My CV"))).toBe(true);

    // The candidate's page shows the thread, the reply under the first message, its quote folded.
    const page = await (await t.request(`/candidates/${candidateId}`, { cookie: u.cookie })).text();
    const section = page.slice(page.indexOf('data-testid="candidate-messages"'));
    expect(section.indexOf("Here is my updated CV.")).toBeGreaterThan(0);
    expect(section.indexOf("One more thing.")).toBeGreaterThan(section.indexOf("Here is my updated CV."));
    expect(section).toContain("<summary");

    // Erasing the candidate deletes their messages.
    expect((await t.request(`/api/participants/${candidateId}`, { method: "DELETE", cookie: u.cookie })).status).toBe(200);
    const { messages } = await import("../../db/schema");
    expect(t.deps.db.select().from(messages).all()).toHaveLength(0);

    expect((await t.request("/api/mailboxes", { method: "DELETE", cookie: u.cookie })).status).toBe(200);
    expect((await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes).toEqual([]);
  }, 120_000);
});
