// Issue 55 item 3 against a real IMAP server (Dovecot) and real SMTP: a member writes to a
// candidate from Frank (typed, from a template, as a plain form), it goes out through their
// mailbox's SMTP and lands in its Sent folder; the candidate's reply threads under it; a contact
// gets the same; without a mailbox the workspace's SMTP sends it with Reply-To the member; a
// refused recipient fails with the reason; a thread marked private is deleted and never synced again.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { ImapFlow } from "imapflow";
import { SMTPServer } from "smtp-server";
import { makeTestApp, type TestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { events } from "../../db/schema";
import { requestAllMailboxSyncs } from "./work";

const RECRUITER = "rita@agency.example";
const PASSWORD = "app-password-1";
type Msg = { id: number; subject: string; body: string; state: string | null; error: string | null; threadKey: string; direction: string; messageId: string };

describe.skipIf(!dovecotInstalled)("writing from Frank", () => {
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

  const messagesOf = async (t: TestApp, cookie: string, path: string): Promise<Msg[]> => (await (await t.request(path, { cookie })).json()).messages;

  test("through the member's mailbox: sent over its SMTP, filed in Sent, the reply threads under it; a contact too; private threads", async () => {
    const t = makeTestApp();
    // A minute behind real time: the reply's Date header (whole seconds, real time) comes after Frank's message.
    t.clock.set(new Date(Date.now() - 60_000));
    const u = await t.signUp({ email: RECRUITER, name: "Rita Recruiter" });
    const carla = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-carla", name: "Carla Candidate", emailAddress: "carla@mail.example" }).id;
    const connected = await t.request("/api/mailboxes", {
      cookie: u.cookie,
      json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, smtpHost: "127.0.0.1", smtpPort: smtp.port, username: RECRUITER, password: PASSWORD },
    });
    expect(connected.status).toBe(201);
    await t.deps.jobs.idle();

    // Refused input: neither a text nor a template.
    expect((await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie, json: { subject: "Hi" } })).status).toBe(400);

    const res = await t.request(`/api/participants/${carla}/messages`, {
      cookie: u.cookie,
      json: { subject: "Next step, {{candidate.firstName}}", body: "Could you send me an updated CV?\n\n{{recruiter.name}}" },
    });
    expect(res.status).toBe(201);
    const written = (await res.json()).message as Msg;
    expect(written.state).toBe("pending");
    expect(written.subject).toBe("Next step, Carla");
    await t.deps.jobs.idle();

    // Out over the mailbox's SMTP, From the mailbox, with the Message-ID Frank keeps.
    const out = smtp.taken.find((m) => m.to.includes("carla@mail.example"))!;
    expect(out.from).toBe(RECRUITER);
    expect(out.raw).toContain(`Message-ID: ${written.messageId}`);
    expect(out.raw).toContain("Could you send me an updated CV?");
    expect(out.raw).toContain("Rita Recruiter");
    let list = await messagesOf(t, u.cookie, `/api/participants/${carla}/messages`);
    expect(list[0]!.state).toBe("sent");
    // Filed in the mailbox's Sent folder (made, as this one had none), the same bytes.
    const imap = new ImapFlow({ host: "127.0.0.1", port: dovecot.port, secure: false, auth: { user: RECRUITER, pass: PASSWORD }, logger: false });
    await imap.connect();
    const lock = await imap.getMailboxLock("Sent");
    const inSent = [];
    for await (const m of imap.fetch("1:*", { envelope: true })) inSent.push(m.envelope?.messageId);
    lock.release();
    await imap.logout();
    expect(inSent).toEqual([written.messageId]);
    expect(
      t.deps.db
        .select()
        .from(events)
        .all()
        .some((e) => e.kind === "message.sent"),
    ).toBe(true);

    // The candidate answers it (In-Reply-To), over real SMTP into the member's INBOX; the sync reads
    // INBOX and Sent: the reply threads under Frank's message, and the copy in Sent is not kept twice.
    await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
      from: "Carla Candidate <carla@mail.example>",
      to: RECRUITER,
      subject: "Re: Next step, Carla",
      messageId: "<carla-reply-1@mail.example>",
      inReplyTo: written.messageId,
      references: [written.messageId],
      text: "Here it is.\n\nOn Sun, Rita wrote:\n> Could you send me an updated CV?",
    });
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    list = await messagesOf(t, u.cookie, `/api/participants/${carla}/messages`);
    expect(list.map((m) => [m.subject, m.direction])).toEqual([
      ["Re: Next step, Carla", "in"],
      ["Next step, Carla", "out"],
    ]);
    expect(list[0]!.threadKey).toBe(written.messageId);
    expect(
      t.deps.db
        .select()
        .from(events)
        .all()
        .some((e) => e.kind === "message.received"),
    ).toBe(true);
    const page = await (await t.request(`/candidates/${carla}`, { cookie: u.cookie })).text();
    const section = page.slice(page.indexOf('data-testid="candidate-messages"'));
    expect(section.indexOf("Here it is.")).toBeGreaterThan(section.indexOf("Could you send me an updated CV?"));
    expect(section).toContain("Sent</span>");
    expect(page).toContain('action="/candidates/' + carla + '/messages"');

    // From a template, as a plain form post (no script): 303 back to the page.
    t.clock.advance(120_000);
    const tpl = await t.request("/api/email-templates", {
      cookie: u.cookie,
      json: { name: "Chase", subject: "Any news, {{candidate.firstName}}?", body: "Hello {{candidate.name}}, any news? {{company.name}}" },
    });
    expect(tpl.status).toBe(201);
    const templateId = (await tpl.json()).template.id;
    const form = await t.request(`/candidates/${carla}/messages`, {
      cookie: u.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ templateId: String(templateId), subject: "", body: "" }).toString(),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe(`/candidates/${carla}#messages`);
    await t.deps.jobs.idle();
    list = await messagesOf(t, u.cookie, `/api/participants/${carla}/messages`);
    expect(list[0]!.subject).toBe("Any news, Carla?");
    expect(list[0]!.body).toStartWith("Hello Carla Candidate, any news?");
    expect(list[0]!.state).toBe("sent");

    // A client's contact: the same, on their own page and API.
    const client = (await (await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme" } })).json()).client;
    const contact = (await (await t.request(`/api/clients/${client.id}/contacts`, { cookie: u.cookie, json: { name: "Hugo Hiring", email: "hugo@acme.example" } })).json()).contact;
    const toContact = await t.request(`/api/clients/${client.id}/contacts/${contact.id}/messages`, {
      cookie: u.cookie,
      json: { subject: "Feedback on Carla?", body: "Dear {{candidate.firstName}} at {{client.name}}" },
    });
    expect(toContact.status).toBe(201);
    await t.deps.jobs.idle();
    const contactList = await messagesOf(t, u.cookie, `/api/clients/${client.id}/contacts/${contact.id}/messages`);
    expect(contactList.map((m) => [m.body, m.state])).toEqual([["Dear Hugo at Acme", "sent"]]);
    expect((await t.request(`/api/clients/${client.id + 1}/contacts/${contact.id}/messages`, { cookie: u.cookie })).status).toBe(404);
    const contactPage = await (await t.request(`/clients/${client.id}/contacts/${contact.id}`, { cookie: u.cookie })).text();
    expect(contactPage).toContain("Dear Hugo at Acme");
    expect(contactPage).toContain(`action="/clients/${client.id}/contacts/${contact.id}/messages"`);

    // Private: the thread goes, and a later message of it is never kept.
    expect((await t.request(`/api/messages/${list.at(-1)!.id}/private`, { cookie: u.cookie, method: "POST" })).status).toBe(200);
    list = await messagesOf(t, u.cookie, `/api/participants/${carla}/messages`);
    expect(list.map((m) => m.subject)).toEqual(["Any news, Carla?"]);
    await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
      from: "carla@mail.example",
      to: RECRUITER,
      subject: "Re: Next step, Carla",
      messageId: "<carla-reply-2@mail.example>",
      inReplyTo: "<carla-reply-1@mail.example>",
      references: [written.messageId, "<carla-reply-1@mail.example>"],
      text: "Something private.",
    });
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    list = await messagesOf(t, u.cookie, `/api/participants/${carla}/messages`);
    expect(list.map((m) => m.subject)).toEqual(["Any news, Carla?"]);
  }, 120_000);

  test("without a mailbox: the workspace's SMTP with Reply-To the member; a refused recipient fails with the reason", async () => {
    const taken: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onRcptTo(address, _s, cb) {
        if (address.address.startsWith("bounce")) return cb(Object.assign(new Error("5.1.1 No such user here"), { responseCode: 550 }));
        cb();
      },
      onData(stream, _s, cb) {
        let raw = "";
        stream.on("data", (c: Buffer) => (raw += c.toString()));
        stream.on("end", () => {
          taken.push(raw);
          cb();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.server.address() as { port: number }).port;
    try {
      const t = makeTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Frank <frank@agency.example>" });
      const u = await t.signUp({ email: "max@agency.example", name: "Max Member" });
      const dan = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-dan", name: "Dan", emailAddress: "dan@mail.example" }).id;
      const bob = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-bob", name: "Bob", emailAddress: "bounce@mail.example" }).id;
      expect((await t.request(`/api/participants/${dan}/messages`, { cookie: u.cookie, json: { subject: "Hello", body: "A word." } })).status).toBe(201);
      expect((await t.request(`/api/participants/${bob}/messages`, { cookie: u.cookie, json: { subject: "Hello", body: "A word." } })).status).toBe(201);
      await t.deps.jobs.idle();
      const sent = taken.find((r) => r.includes("dan@mail.example"))!;
      expect(sent).toContain("From: Frank <frank@agency.example>");
      expect(sent).toMatch(/Reply-To: "?Max Member"? <max@agency.example>/);
      const dans = (await (await t.request(`/api/participants/${dan}/messages`, { cookie: u.cookie })).json()).messages as Msg[];
      expect(dans[0]!.state).toBe("sent");
      const bobs = (await (await t.request(`/api/participants/${bob}/messages`, { cookie: u.cookie })).json()).messages as Msg[];
      expect(bobs[0]!.state).toBe("failed");
      expect(bobs[0]!.error).toContain("No such user");
      const page = await (await t.request(`/candidates/${bob}`, { cookie: u.cookie })).text();
      expect(page).toContain("No such user");
      expect(page).toContain("Sent by this workspace&#x27;s e-mail with replies to max@agency.example");

      // A sequence's step that bounces (refused for good) stops the candidate's sequence, saying why.
      const tpl = (await (await t.request("/api/email-templates", { cookie: u.cookie, json: { name: "Nudge", subject: "Hello again", body: "Any news?" } })).json()).template.id;
      const seq = (await (await t.request("/api/sequences", { cookie: u.cookie, json: { name: "Nudges", steps: [{ templateId: tpl, delayDays: 0 }] } })).json()).sequence;
      expect((await t.request(`/api/sequences/${seq.id}/enrolments`, { cookie: u.cookie, json: { candidateIds: [bob] } })).status).toBe(200);
      await t.deps.jobs.idle();
      const bobPage = await (await t.request(`/candidates/${bob}`, { cookie: u.cookie })).text();
      expect(bobPage).toContain("The e-mail bounced: 550 5.1.1 No such user here");

      // Selected rows of /candidates: one e-mail each (their own variables), never one to many.
      const form = (path: string, fields: [string, string][]) =>
        t.request(path, {
          method: "POST",
          cookie: u.cookie,
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
          body: new URLSearchParams(fields).toString(),
        });
      const eve = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-eve", name: "Eve Example", emailAddress: "eve@mail.example" }).id;
      const nomail = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-nomail", name: "Nomail" }).id;
      const bulk = await form("/candidates/bulk", [
        ["action", "email"],
        ["ids", String(dan)],
        ["ids", String(eve)],
        ["ids", String(nomail)],
      ]);
      expect(bulk.status).toBe(303);
      const composePath = bulk.headers.get("location")!;
      expect(composePath).toBe(`/messages/compose?candidates=${dan},${eve},${nomail}`);
      const composePage = await (await t.request(composePath, { cookie: u.cookie })).text();
      expect(composePage).toContain("Nomail: no e-mail address, not written to");
      expect(composePage).toContain(`name="candidateIds" value="${dan},${eve}"`);
      const before = taken.length;
      const posted = await form("/messages/compose", [
        ["candidateIds", `${dan},${eve}`],
        ["subject", "Next week, {{candidate.firstName}}"],
        ["body", "Are you free?"],
      ]);
      expect(posted.status).toBe(303);
      await t.deps.jobs.idle();
      const batch = taken.slice(before);
      expect(batch).toHaveLength(2);
      expect(batch.map((r) => /Subject: (.*)/.exec(r)![1]).sort()).toEqual(["Next week, Dan", "Next week, Eve"]);
      expect(batch.every((r) => (r.match(/^To: /gm) ?? []).length === 1 && !/To: .*,/.test(r))).toBe(true);
      const api = await (await t.request("/api/messages/bulk", { cookie: u.cookie, json: { candidateIds: [eve, nomail], templateId: tpl } })).json();
      expect(api.messages.map((m: { subject: string }) => m.subject)).toEqual(["Hello again"]);
      expect(api.refused).toEqual([{ candidateId: nomail, reason: "This candidate has no e-mail address" }]);
    } finally {
      server.close();
    }
  }, 120_000);
});
