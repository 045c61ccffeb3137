// A CV attached to an e-mail in a member's mailbox (real Dovecot, real SMTP), kept in one click
// (issue 55 item 2): a candidate's becomes a file of theirs; one a client's contact forwards becomes
// a candidate draft; an attachment that is not a CV is refused by the files feature's own checks.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { tinyPdf } from "../../../test/kits/cv-fixtures";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { tasks } from "../../db/schema";
import { requestAllMailboxSyncs } from "./work";

const RECRUITER = "ana@agency.example";
const PASSWORD = "app-password-4";

describe.skipIf(!dovecotInstalled)("attachments of kept e-mails", () => {
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

  test("a candidate's CV becomes their file, a contact's forwarded CV a draft, in one click", async () => {
    const t = makeTestApp();
    const u = await t.signUp({ email: RECRUITER });
    const carla = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-carla", name: "Carla", emailAddress: "carla@mail.example" }).id;
    const client = (await (await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme" } })).json()).client;
    const contact = (await (await t.request(`/api/clients/${client.id}/contacts`, { cookie: u.cookie, json: { name: "Hugo", email: "hugo@acme.example" } })).json()).contact;
    expect(
      (await t.request("/api/mailboxes", { cookie: u.cookie, json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: RECRUITER, password: PASSWORD } }))
        .status,
    ).toBe(201);
    const mail = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
    const pdf = Buffer.from(tinyPdf([["Carla Candidate", "Senior engineer"]]));
    await mail.sendMail({ from: "carla@mail.example", to: RECRUITER, subject: "My CV", text: "Attached.", attachments: [{ filename: "carla-cv.pdf", content: pdf, contentType: "application/pdf" }] });
    await mail.sendMail({
      from: "hugo@acme.example",
      to: RECRUITER,
      subject: "A referral",
      text: "Have a look at this one.",
      attachments: [
        { filename: "notes.txt", content: "", contentType: "application/octet-stream" },
        { filename: "dan-cv.pdf", content: Buffer.from(tinyPdf([["Dan Referral", "Designer"]])), contentType: "application/pdf" },
      ],
    });
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();

    const carlas = (await (await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie })).json()).messages;
    expect(carlas[0].attachments.map((a: { name: string }) => a.name)).toEqual(["carla-cv.pdf"]);
    expect(carlas[0].inMailbox).toBe(true);
    const page = await (await t.request(`/candidates/${carla}`, { cookie: u.cookie })).text();
    expect(page).toContain(`action="/messages/${carlas[0].id}/attachments/0/keep"`);
    expect(page).toContain("Add to CVs");

    // One click, as a plain form: 303 to the candidate's files; the task fetches and stores it.
    const click = await t.request(`/messages/${carlas[0].id}/attachments/0/keep`, {
      method: "POST",
      cookie: u.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: "",
    });
    expect(click.status).toBe(303);
    expect(click.headers.get("location")).toBe(`/candidates/${carla}#cv-files`);
    await t.deps.jobs.idle();
    const files = (await (await t.request(`/api/participants/${carla}/files`, { cookie: u.cookie })).json()).files;
    expect(files.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([["carla-cv.pdf", "pdf"]]);

    // The contact's e-mail: its CV becomes a draft (the sender is no candidate); an empty file is refused.
    const hugos = (await (await t.request(`/api/clients/${client.id}/contacts/${contact.id}/messages`, { cookie: u.cookie })).json()).messages;
    expect(hugos[0].attachments.map((a: { name: string }) => a.name)).toEqual(["notes.txt", "dan-cv.pdf"]);
    const kept = await t.request(`/api/messages/${hugos[0].id}/attachments/1/keep`, { method: "POST", cookie: u.cookie });
    expect(kept.status).toBe(202);
    expect(await kept.json()).toEqual({ as: "draft", name: "dan-cv.pdf", participantId: null });
    await t.deps.jobs.idle();
    const drafts = (await (await t.request("/api/participant-drafts", { cookie: u.cookie })).json()).drafts;
    expect(drafts.map((d: { file: { name: string } }) => d.file.name)).toEqual(["dan-cv.pdf"]);

    expect((await t.request(`/api/messages/${hugos[0].id}/attachments/0/keep`, { method: "POST", cookie: u.cookie })).status).toBe(202);
    await t.deps.jobs.idle();
    const failed = t.deps.db
      .select()
      .from(tasks)
      .all()
      .filter((x) => x.kind === "message.attachment" && x.status === "failed");
    expect(failed).toHaveLength(1);
    expect((await t.request(`/api/messages/${hugos[0].id}/attachments/5/keep`, { method: "POST", cookie: u.cookie })).status).toBe(404);
  }, 120_000);
});
