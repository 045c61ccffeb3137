// Sequences (issue 55 item 4) against a real Dovecot and SMTP: steps go out from the enrolling
// member's mailbox at their time with a one-click unsubscribe; a reply and an unsubscribe
// each stop the candidate's sequence and say why (a bounce: messages.send.test.ts); a paused one sends nothing until resumed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { dueAfter } from "./sequence-time";
import { requestAllMailboxSyncs } from "./work";

const RECRUITER = "sue@agency.example";
const PASSWORD = "app-password-5";

test("dueAfter: calendar days, or business days skipping the weekend", () => {
  const friday = new Date("2030-01-11T09:00:00Z");
  expect(dueAfter(friday, 2, false).toISOString()).toBe("2030-01-13T09:00:00.000Z");
  expect(dueAfter(friday, 2, true).toISOString()).toBe("2030-01-15T09:00:00.000Z");
  expect(dueAfter(new Date("2030-01-12T09:00:00Z"), 0, true).toISOString()).toBe("2030-01-14T09:00:00.000Z");
});

describe.skipIf(!dovecotInstalled)("sequences", () => {
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

  test("steps at their time with List-Unsubscribe; a reply and an unsubscribe stop it; pause holds it", async () => {
    const t = makeTestApp();
    t.clock.set(new Date("2030-01-07T09:00:00Z")); // a Monday
    const u = await t.signUp({ email: RECRUITER, name: "Sue Recruiter" });
    const add = (key: string, email: string | null) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: key, name: `${key} Person`, emailAddress: email ?? undefined }).id;
    const carla = add("Carla", "carla@mail.example");
    const bob = add("Bob", "bob@mail.example");
    const nomail = add("Nomail", null);
    const eve = add("Eve", "eve@mail.example");
    expect(
      (
        await t.request("/api/mailboxes", {
          cookie: u.cookie,
          json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, smtpHost: "127.0.0.1", smtpPort: smtp.port, username: RECRUITER, password: PASSWORD },
        })
      ).status,
    ).toBe(201);
    const template = async (name: string, subject: string) =>
      (await (await t.request("/api/email-templates", { cookie: u.cookie, json: { name, subject, body: `${subject} {{recruiter.name}}` } })).json()).template.id as number;
    const first = await template("First", "Still interested, {{candidate.firstName}}?");
    const second = await template("Second", "A last note");
    const created = await t.request("/api/sequences", {
      cookie: u.cookie,
      json: {
        name: "Follow-up",
        steps: [
          { templateId: first, delayDays: 0 },
          { templateId: second, delayDays: 2, businessDays: true },
        ],
      },
    });
    expect(created.status).toBe(201);
    const seq = (await created.json()).sequence;
    expect(seq.steps.map((s: { templateName: string }) => s.templateName)).toEqual(["First", "Second"]);

    const enrolled = await (await t.request(`/api/sequences/${seq.id}/enrolments`, { cookie: u.cookie, json: { candidateIds: [carla, bob, nomail] } })).json();
    expect(enrolled.enrolments.map((e: { candidateId: number }) => e.candidateId)).toEqual([carla, bob]);
    expect(enrolled.refused).toEqual([{ candidateId: nomail, reason: "The candidate has no e-mail address" }]);
    await t.deps.jobs.idle();

    // Step 1 at once, from the member's mailbox, with the one-click unsubscribe.
    const toCarla = smtp.taken.find((m) => m.to.includes("carla@mail.example"))!;
    expect(toCarla.from).toBe(RECRUITER);
    expect(toCarla.raw).toContain("Subject: Still interested, Carla?");
    expect(toCarla.raw).toMatch(/List-Unsubscribe: <http:\/\/localhost\/u\/[A-Za-z0-9_-]+>/);
    expect(toCarla.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const carlaPage = await (await t.request(`/candidates/${carla}`, { cookie: u.cookie })).text();
    expect(carlaPage).toContain("Step 2 due Jan 9, 2030, 9:00 AM UTC");

    // Carla answers: her sequence stops.
    const sentId = /Message-ID: (<[^>]+>)/i.exec(toCarla.raw)![1]!;
    await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
      from: "carla@mail.example",
      to: RECRUITER,
      subject: "Re: Still interested, Carla?",
      inReplyTo: sentId,
      references: [sentId],
      text: "Yes, very!",
    });
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();

    // Bob's mail program posts the unsubscribe link (RFC 8058), from anywhere.
    const toBob = smtp.taken.find((m) => m.to.includes("bob@mail.example"))!;
    const link = /List-Unsubscribe: <http:\/\/localhost(\/u\/[A-Za-z0-9_-]+)>/.exec(toBob.raw)![1]!;
    const unsub = await t.request(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" }, body: "List-Unsubscribe=One-Click" });
    expect(unsub.status).toBe(200);
    expect(await unsub.text()).toContain("You will receive no more of these e-mails.");

    const state = async (id: number) => {
      const page = await (await t.request(`/candidates/${id}`, { cookie: u.cookie })).text();
      return page.slice(page.indexOf('data-testid="candidate-sequences"'), page.indexOf('data-testid="candidate-sequences"') + 1500);
    };
    expect(await state(carla)).toContain("The candidate replied");
    expect(await state(bob)).toContain("The candidate unsubscribed");

    // Eve, enrolled from her page's form; the sequence is paused before step 2 falls due.
    const form = await t.request(`/candidates/${eve}/sequences`, {
      method: "POST",
      cookie: u.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: `sequenceId=${seq.id}`,
    });
    expect(form.status).toBe(303);
    await t.deps.jobs.idle();
    expect(smtp.taken.filter((m) => m.to.includes("eve@mail.example"))).toHaveLength(1);
    expect((await t.request(`/api/sequences/${seq.id}`, { method: "PATCH", cookie: u.cookie, json: { paused: true } })).status).toBe(200);
    t.clock.advance(3 * 86_400_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(smtp.taken.filter((m) => m.to.includes("eve@mail.example"))).toHaveLength(1);
    expect(smtp.taken.filter((m) => m.to.includes("carla@mail.example"))).toHaveLength(1);
    // Resumed: the overdue step goes out once, and the sequence is finished for her.
    u.cookie = await t.login(RECRUITER, u.password); // three days later
    expect((await t.request(`/api/sequences/${seq.id}`, { method: "PATCH", cookie: u.cookie, json: { paused: false } })).status).toBe(200);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    const toEve = smtp.taken.filter((m) => m.to.includes("eve@mail.example"));
    expect(toEve).toHaveLength(2);
    expect(toEve[1]!.raw).toContain("Subject: A last note");
    expect(await state(eve)).toContain("Finished");
    const list = (await (await t.request("/api/sequences", { cookie: u.cookie })).json()).sequences[0];
    expect(list.enrolments).toEqual({ active: 0, finished: 1, stopped: 2 });

    // A member stops an enrolment: 404 for one not enrolled.
    expect((await t.request(`/api/sequences/${seq.id}/enrolments/${nomail}`, { method: "DELETE", cookie: u.cookie })).status).toBe(404);
  }, 120_000);
});
