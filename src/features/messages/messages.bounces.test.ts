// Bounces (issue 55 item 4) against a real Dovecot and real SMTP: a delivery status notification
// put into the member's inbox over SMTP about a message Frank sent (matched by the original's
// Message-ID, or by the failed recipient) marks that message failed ("Bounced: …") and stops the
// candidate's sequence saying why; a delay report does nothing; a permanent refusal when a
// one-off message is sent stops the sequence too.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDovecot, type TestDovecot } from "../../../test/kits/dovecot";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { events } from "../../db/schema";
import { readBounce } from "./bounces";
import { dsn } from "../../../test/kits/raw-mail";
import { requestAllMailboxSyncs } from "./work";

const RECRUITER = "sue@agency.example";
const PASSWORD = "app-password-7";

test("readBounce: a failed report, a delay, a plain mailer-daemon bounce, an ordinary message", async () => {
  const original = { type: "text/rfc822-headers", text: "From: sue@agency.example\r\nTo: carla@mail.example\r\nSubject: Hi\r\nMessage-ID: <frank-1@agency.example>\r\n" };
  const failed = await readBounce(
    dsn({ to: RECRUITER, recipient: "carla@mail.example", action: "failed", status: "5.1.1", diagnostic: "550 5.1.1 <carla@mail.example>: Recipient address rejected: User unknown", original }),
  );
  expect(failed).toMatchObject({ originalMessageId: "<frank-1@agency.example>", recipients: ["carla@mail.example"] });
  expect(failed!.reason).toBe("550 5.1.1 <carla@mail.example>: Recipient address rejected: User unknown");
  expect(
    await readBounce(
      dsn({ to: RECRUITER, recipient: "carla@mail.example", action: "delayed", status: "4.4.1", diagnostic: "connect to in.mail.example[192.0.2.1]:25: Connection timed out", original }),
    ),
  ).toBeNull();
  const plain = [
    "From: Mail Delivery Subsystem <mailer-daemon@mx.mail.example>",
    "To: sue@agency.example",
    "Subject: Mail delivery failed: returning message to sender",
    "Content-Type: text/plain",
    "",
    "This message was created automatically by mail delivery software.",
    "",
    "  dan@mail.example",
    "    SMTP error from remote mail server after RCPT TO:<dan@mail.example>:",
    "    550 No such mailbox",
    "",
    "------ This is a copy of the message, including all the headers. ------",
    "",
    "Message-ID: <frank-2@agency.example>",
    "From: sue@agency.example",
    "",
  ].join("\r\n");
  expect(await readBounce(plain)).toMatchObject({ originalMessageId: "<frank-2@agency.example>", reason: "550 No such mailbox" });
  expect(await readBounce("From: carla@mail.example\r\nTo: sue@agency.example\r\nSubject: Re: Hi\r\n\r\nI did not get it, 550 times.\r\n")).toBeNull();
});

describe.skipIf(!dovecotInstalled)("bounces stop a sequence", () => {
  let dovecot: TestDovecot;
  let server: SMTPServer;
  let port = 0;
  const taken: { to: string[]; raw: string }[] = [];
  const refuse = new Set<string>();
  beforeAll(async () => {
    dovecot = await startDovecot();
    dovecot.addUser(RECRUITER, PASSWORD);
    // The member's submission server: it delivers to the member's inbox and takes the rest, refusing some recipients for good.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onAuth: (_a, _s, cb) => cb(null, { user: "member" }),
      onRcptTo(address, _s, cb) {
        if (refuse.has(address.address.toLowerCase())) return cb(Object.assign(new Error("5.1.1 <" + address.address + ">: User unknown"), { responseCode: 550 }));
        cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          taken.push({ to, raw });
          Promise.all(to.filter((a) => a === RECRUITER).map((a) => dovecot.append(a, raw))).then(() => cb(), cb);
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.close();
    await dovecot.stop();
  });

  test("a DSN in the inbox (by Message-ID, by recipient) marks the message bounced and stops the sequence; a delay does not; a refusal at send time does", async () => {
    const t = makeTestApp();
    // A minute behind real time: the reports' Date headers (real time) come after Frank's messages.
    t.clock.set(new Date(Date.now() - 60_000));
    const u = await t.signUp({ email: RECRUITER, name: "Sue Recruiter" });
    const add = (key: string) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: key, name: `${key} Person`, emailAddress: `${key.toLowerCase()}@mail.example` }).id;
    const [carla, dan, eve, gina] = ["Carla", "Dan", "Eve", "Gina"].map(add) as [number, number, number, number];
    const connect = { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, smtpHost: "127.0.0.1", smtpPort: port, username: RECRUITER, password: PASSWORD };
    expect((await t.request("/api/mailboxes", { cookie: u.cookie, json: connect })).status).toBe(201);
    const template = async (name: string) =>
      (await (await t.request("/api/email-templates", { cookie: u.cookie, json: { name, subject: `${name}, {{candidate.firstName}}`, body: "A word." } })).json()).template.id as number;
    const steps = [
      { templateId: await template("First"), delayDays: 0 },
      { templateId: await template("Second"), delayDays: 2 },
    ];
    const seq = (await (await t.request("/api/sequences", { cookie: u.cookie, json: { name: "Follow-up", steps } })).json()).sequence;
    expect((await t.request(`/api/sequences/${seq.id}/enrolments`, { cookie: u.cookie, json: { candidateIds: [carla, dan, eve, gina] } })).status).toBe(200);
    await t.deps.jobs.idle();
    const sentTo = (address: string) => taken.filter((m) => m.to.includes(address));
    expect(["carla", "dan", "eve", "gina"].map((n) => sentTo(`${n}@mail.example`).length)).toEqual([1, 1, 1, 1]);

    // The receiving servers answer: Carla's address is gone (the report carries the whole original),
    // Dan's too (a report naming only the recipient), Eve's is only slow.
    const deliver = (raw: string) =>
      nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: "MAILER-DAEMON@mx.mail.example", to: [RECRUITER] }, raw });
    const original = sentTo("carla@mail.example")[0]!.raw;
    await deliver(
      dsn({
        to: RECRUITER,
        recipient: "carla@mail.example",
        action: "failed",
        status: "5.1.1",
        diagnostic: "550 5.1.1 <carla@mail.example>: Recipient address rejected: User unknown",
        original: { type: "message/rfc822", text: original },
      }),
    );
    await deliver(dsn({ to: RECRUITER, recipient: "dan@mail.example", action: "failed", status: "5.2.2", diagnostic: "552 5.2.2 <dan@mail.example>: Mailbox full, over quota for too long" }));
    await deliver(dsn({ to: RECRUITER, recipient: "eve@mail.example", action: "delayed", status: "4.4.1", diagnostic: "connect to in.mail.example[192.0.2.1]:25: Connection timed out" }));
    // A one-off message to Gina is refused for good when it is sent.
    refuse.add("gina@mail.example");
    expect((await t.request(`/api/participants/${gina}/messages`, { cookie: u.cookie, json: { subject: "A question", body: "Are you free?" } })).status).toBe(201);
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();

    type Msg = { subject: string; state: string | null; error: string | null };
    const messagesOf = async (id: number) => ((await (await t.request(`/api/participants/${id}/messages`, { cookie: u.cookie })).json()).messages as Msg[]).filter((m) => m.state);
    const sequencePart = async (id: number) => {
      const page = await (await t.request(`/candidates/${id}`, { cookie: u.cookie })).text();
      return { page, part: page.slice(page.indexOf('data-testid="candidate-sequences"'), page.indexOf('data-testid="candidate-sequences"') + 1500) };
    };
    const carlas = await messagesOf(carla);
    expect(carlas).toMatchObject([{ subject: "First, Carla", state: "failed", error: "Bounced: 550 5.1.1 <carla@mail.example>: Recipient address rejected: User unknown" }]);
    const carlaPage = await sequencePart(carla);
    expect(carlaPage.part).toContain("The e-mail bounced: 550 5.1.1 &lt;carla@mail.example&gt;: Recipient address rejected: User unknown");
    // On the timeline: the message itself failed, with why.
    expect(carlaPage.page).toContain("Bounced: 550 5.1.1");
    expect(await messagesOf(dan)).toMatchObject([{ subject: "First, Dan", state: "failed", error: "Bounced: 552 5.2.2 <dan@mail.example>: Mailbox full, over quota for too long" }]);
    expect((await sequencePart(dan)).part).toContain("The e-mail bounced: 552 5.2.2");
    expect(await messagesOf(eve)).toMatchObject([{ state: "sent", error: null }]);
    expect((await sequencePart(eve)).part).toContain("Step 2 due");
    const ginas = await messagesOf(gina);
    expect(ginas.map((m) => m.state)).toEqual(["failed", "sent"]);
    expect((await sequencePart(gina)).part).toContain("The e-mail bounced: 550 5.1.1 &lt;gina@mail.example&gt;: User unknown");

    // Each stop said once, with its reason (the record and the sequence.stopped webhook).
    const stopped = t.deps.db
      .select()
      .from(events)
      .all()
      .filter((e) => e.kind === "sequence.stopped");
    expect(stopped.map((e) => [Number(e.subjectId), (JSON.parse(e.data) as { reason: string }).reason.slice(0, 25)]).sort()).toEqual(
      [
        [carla, "The e-mail bounced: 550 5"],
        [dan, "The e-mail bounced: 552 5"],
        [gina, "The e-mail bounced: 550 5"],
      ].sort(),
    );

    // The next sync reads nothing new; step 2 goes to Eve alone.
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    t.clock.advance(3 * 86_400_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(["carla", "dan", "eve", "gina"].map((n) => sentTo(`${n}@mail.example`).length)).toEqual([1, 1, 2, 1]);
    expect(
      t.deps.db
        .select()
        .from(events)
        .all()
        .filter((e) => e.kind === "sequence.stopped"),
    ).toHaveLength(3);
  }, 120_000);
});
