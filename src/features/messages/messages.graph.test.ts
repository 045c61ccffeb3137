// Issue 55 item 1, Microsoft 365: Frank's Graph mail client against the fake Graph mail beside the
// fake Microsoft. Connect from the settings page (the PKCE consent adds Mail.ReadWrite and
// Mail.Send), message delta per folder (Inbox, Sent Items) keeping only candidates' and contacts'
// messages, an expired delta link reads the window again without doubles, sendMail files Frank's
// message in Sent Items and the reply threads under it, an iMIP REPLY declines the interview as
// with IMAP, a refused grant is `error` with the reason.
import { afterAll, describe, expect, test } from "bun:test";
import MailComposer from "nodemailer/lib/mail-composer";
import { makeTestApp } from "../../../test/helpers";
import { defaultMsAccount, startFakeMicrosoft } from "../../../test/fakes/microsoft";
import { FakeMicrosoftMail } from "../../../test/fakes/microsoft-mail";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "../scheduling/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { mailboxes, messages } from "../../db/schema";
import { requestAllMailboxSyncs } from "./work";
import { cvMail, rawMail } from "../../../test/kits/raw-mail";

const RITA = "rita@agency.example";
const CARLA = "carla@mail.example";
const HUGO = "hugo@acme.example";
const DAY = 86_400_000;

describe("a member's Microsoft 365 mailbox", () => {
  const ms = startFakeMicrosoft();
  const mail = new FakeMicrosoftMail(ms);
  afterAll(() => ms.stop());
  const t = makeTestApp(ms.env());

  test("connect by consent, delta per folder, expired delta link, sendMail and reply, iMIP REPLY, refused grant", async () => {
    const u = await t.signUp({ email: RITA, name: "Rita Recruiter" });
    ms.account = defaultMsAccount(RITA);
    const carla = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-carla", name: "Carla Candidate", emailAddress: CARLA }).id;
    const client = (await (await t.request("/api/clients", { cookie: u.cookie, json: { name: "Acme" } })).json()).client;
    const hugo = (await (await t.request(`/api/clients/${client.id}/contacts`, { cookie: u.cookie, json: { name: "Hugo Hiring", email: HUGO } })).json()).contact;
    const now = t.clock.now();
    const first = mail.deliver(
      RITA,
      rawMail({ from: `Carla Candidate <${CARLA}>`, to: RITA, subject: "My CV", id: "<cv-1@mail.example>", date: new Date(now.getTime() - DAY), text: "Here is my CV." }),
    );
    mail.deliver(RITA, rawMail({ from: "news@shop.example", to: RITA, subject: "Sale", id: "<sale@shop.example>", date: now, text: "Not about anyone." }));
    mail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Old", id: "<old@mail.example>", date: new Date(now.getTime() - 120 * DAY), text: "Too old." }));
    mail.deliver(RITA, rawMail({ from: RITA, to: `Hugo <${HUGO}>`, subject: "Shortlist", id: "<s-1@agency.example>", date: now, text: "Three names." }), { folder: "sentitems" });

    // No calendar connection yet: Connect Microsoft 365 starts the consent, with the mail scopes.
    const page = await (await t.request("/settings/mailbox", { cookie: u.cookie })).text();
    expect(page).toContain("Connect Microsoft 365");
    expect(page).toContain("Signs you in with Microsoft and connects its calendar too.");
    const link = /href="(\/auth\/microsoft\/calendar\?returnTo=\/settings\/mailbox\/microsoft)"/.exec(page)![1]!;
    const start = await t.request(link, { cookie: u.cookie });
    const consentUrl = new URL(start.headers.get("location")!);
    expect(consentUrl.searchParams.get("scope")).toContain("Mail.ReadWrite Mail.Send");
    const back = new URL((await fetch(consentUrl, { redirect: "manual" })).headers.get("location")!);
    const done = await t.request(back.pathname + back.search, { cookie: u.cookie });
    expect(done.headers.get("location")).toBe("/settings/mailbox/microsoft?connected=true");
    expect((await t.request("/settings/mailbox/microsoft?connected=true", { cookie: u.cookie })).headers.get("location")).toBe("/settings/mailbox");
    expect(t.deps.db.select().from(mailboxes).get()!.provider).toBe("microsoft");
    await t.deps.jobs.idle();

    // First sync: headers of both folders from the delta; only Carla's and Hugo's read whole (/$value).
    expect(mail.calls.value).toBe(2);
    const list = async (path: string) =>
      (await (await t.request(path, { cookie: u.cookie })).json()).messages as { subject: string; threadKey: string; direction: string; state: string | null; messageId: string }[];
    expect((await list(`/api/participants/${carla}/messages`)).map((m) => m.subject)).toEqual(["My CV"]);
    expect((await list(`/api/clients/${client.id}/contacts/${hugo.id}/messages`)).map((m) => [m.subject, m.direction])).toEqual([["Shortlist", "out"]]);
    let box = (await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0];
    expect([box.provider, box.state]).toEqual(["microsoft", "ok"]);

    // Incremental: the delta names the reply and the first message (read in Outlook); only the reply is read.
    mail.touch(first);
    mail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Re: My CV", id: "<cv-2@mail.example>", date: now, text: "One more thing.", inReplyTo: "<cv-1@mail.example>" }));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    expect(mail.calls.value).toBe(3);
    let carlas = await list(`/api/participants/${carla}/messages`);
    expect(carlas.map((m) => [m.subject, m.threadKey])).toEqual([
      ["Re: My CV", "<cv-1@mail.example>"],
      ["My CV", "<cv-1@mail.example>"],
    ]);

    // The delta links expire (410 syncStateNotFound): both folders are read again, nothing twice.
    mail.expireDeltaLinks();
    mail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Still there?", id: "<cv-3@mail.example>", date: now, text: "Hello?" }));
    const deltas = mail.calls.delta;
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    expect(mail.calls.delta).toBeGreaterThanOrEqual(deltas + 4);
    expect(mail.calls.value).toBe(4);
    expect((await list(`/api/participants/${carla}/messages`)).map((m) => m.subject)).toEqual(["Still there?", "Re: My CV", "My CV"]);
    expect(t.deps.db.select().from(messages).all()).toHaveLength(4);
    expect((await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0].state).toBe("ok");

    // Written in Frank: sendMail with its MIME, filed in Sent Items; kept once; the reply threads under it.
    expect((await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie, json: { subject: "Interview next week", body: "Are you free on Tuesday?" } })).status).toBe(201);
    await t.deps.jobs.idle();
    expect(mail.calls.sendMail).toBe(1);
    expect(mail.inFolder(RITA, "sentitems").filter((m) => m.raw.toString().includes("Are you free on Tuesday?"))).toHaveLength(1);
    const mine = (await list(`/api/participants/${carla}/messages`)).find((m) => m.subject === "Interview next week")!;
    expect(mine.state).toBe("sent");
    mail.deliver(RITA, rawMail({ from: CARLA, to: RITA, subject: "Re: Interview next week", id: "<cv-4@mail.example>", date: now, text: "Tuesday works.", inReplyTo: mine.messageId }));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    carlas = await list(`/api/participants/${carla}/messages`);
    expect(carlas.find((m) => m.subject === "Re: Interview next week")!.threadKey).toBe(mine.messageId);
    expect(carlas.filter((m) => m.subject === "Interview next week")).toHaveLength(1);

    // An iMIP REPLY (Outlook's decline) arriving through Graph declines the interview, as with IMAP.
    const s = await createSchedulingSession(t.deps, {
      workspaceId: u.workspaceId,
      userId: u.userId,
      candidateId: carla,
      title: "Technical Interview",
      duration: 60,
      timeSlots: generateSlots({ dates: [addDays(dateIn(now, "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" }),
      timeZone: "UTC",
    });
    const booked = await t.request(`/book/${s.sessionToken}`, {
      method: "POST",
      body: new URLSearchParams({ slotId: s.timeSlots[0]!.id }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(booked.status).toBe(303);
    await t.deps.jobs.idle();
    const meeting = async () => (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings[0];
    const uid = `${(await meeting()).id}@localhost`;
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "METHOD:REPLY",
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "DTSTAMP:20300101T100000Z",
      `ATTENDEE;PARTSTAT=DECLINED:mailto:${CARLA}`,
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const decline = await new MailComposer({
      from: CARLA,
      to: RITA,
      subject: "Declined: Technical Interview",
      messageId: "<decline@mail.example>",
      text: "Declined",
      icalEvent: { method: "REPLY", content: ics },
    })
      .compile()
      .build();
    mail.deliver(RITA, decline);
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    expect((await meeting()).flags).toEqual([{ kind: "declined", message: "The candidate declined in their calendar" }]);

    // A CV attached to a kept message becomes a file of the candidate, fetched from the provider by its id.
    mail.deliver(RITA, await cvMail(CARLA, RITA, "<cv-att@mail.example>"));
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    const withCv = (await (await t.request(`/api/participants/${carla}/messages`, { cookie: u.cookie })).json()).messages.find((m: { subject: string }) => m.subject === "Updated CV");
    expect([withCv.inMailbox, withCv.attachments.map((a: { name: string }) => a.name)]).toEqual([true, ["carla-cv.pdf"]]);
    expect((await t.request(`/api/messages/${withCv.id}/attachments/0/keep`, { method: "POST", cookie: u.cookie })).status).toBe(202);
    await t.deps.jobs.idle();
    expect((await (await t.request(`/api/participants/${carla}/files`, { cookie: u.cookie })).json()).files.map((f: { name: string }) => f.name)).toEqual(["carla-cv.pdf"]);

    // Microsoft refuses the grant: the mailbox shows `error` with the reason, on the settings and the dashboard.
    ms.revokeAll(RITA);
    requestAllMailboxSyncs(t.deps);
    await t.deps.jobs.idle();
    box = (await (await t.request("/api/mailboxes", { cookie: u.cookie })).json()).mailboxes[0];
    expect(box.state).toBe("error");
    expect(box.reason).toContain("Microsoft refused the mail grant");
    expect(await (await t.request("/dashboard", { cookie: u.cookie })).text()).toContain("Microsoft refused the mail grant");
  }, 120_000);
});
