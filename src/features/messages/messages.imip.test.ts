// Issue 55 item 5: a candidate's calendar (any: Outlook, Apple, Thunderbird) mails its answer to
// Frank's invitation back as an iMIP REPLY; it arrives over real SMTP in the recruiter's mailbox
// (Dovecot), and the sync applies it by the invitation's UID: DECLINED flags the interview as a
// decline read from Google does (kind "declined", the recruiter e-mailed); ACCEPTED clears it and
// shows on the interview; an older answer than the one kept changes nothing; another UID nothing.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import nodemailer from "nodemailer";
import { makeTestApp } from "../../../test/helpers";
import { dovecotInstalled, startDeliverySmtp, startDovecot, type DeliverySmtp, type TestDovecot } from "../../../test/kits/dovecot";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "../scheduling/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { mailMessages } from "../../db/schema";
import { readImipReply } from "./imip";
import { requestAllMailboxSyncs } from "./work";

const RECRUITER = "ivy@agency.example";
const PASSWORD = "app-password-2";
const CANDIDATE = "sam@mail.example";

const reply = (uid: string, partstat: string, stamp: string, attendee = CANDIDATE) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
    "METHOD:REPLY",
    "BEGIN:VEVENT",
    `UID:${uid}`,
    "SEQUENCE:0",
    `DTSTAMP:${stamp}`,
    "DTSTART:20300108T100000Z",
    "DTEND:20300108T110000Z",
    `ATTENDEE;PARTSTAT=${partstat};CN=Sam Lee:mailto:${attendee}`,
    `ORGANIZER:mailto:${RECRUITER}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");

test("readImipReply: the UID and each attendee's answer of a REPLY; other methods and garbage are null", () => {
  expect(readImipReply(reply("abc@host", "TENTATIVE", "20300101T000000Z"))).toEqual({
    uid: "abc@host",
    attendees: [{ email: CANDIDATE, answer: "TENTATIVE" }],
    stamp: new Date("2030-01-01T00:00:00Z"),
  });
  expect(readImipReply(reply("abc@host", "DECLINED", "20300101T000000Z").replace("METHOD:REPLY", "METHOD:REQUEST"))).toBeNull();
  expect(readImipReply("not a calendar")).toBeNull();
});

describe.skipIf(!dovecotInstalled)("answers to invitations in a mailbox", () => {
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

  test("DECLINED flags the interview and e-mails the recruiter; ACCEPTED clears it and shows; older and foreign answers change nothing", async () => {
    const t = makeTestApp();
    const u = await t.signUp({ email: RECRUITER, name: "Ivy Recruiter" });
    const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-sam", name: "Sam Lee", emailAddress: CANDIDATE });
    const s = await createSchedulingSession(t.deps, {
      workspaceId: u.workspaceId,
      userId: u.userId,
      candidateId: cand.id,
      title: "Technical Interview",
      duration: 60,
      timeSlots: generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" }),
      timeZone: "UTC",
    });
    const booked = await t.request(`/book/${s.sessionToken}`, {
      method: "POST",
      body: new URLSearchParams({ slotId: s.timeSlots[0]!.id }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(booked.status).toBe(303);
    const meeting = () => t.request("/api/meetings", { cookie: u.cookie }).then(async (r) => (await r.json()).meetings[0]);
    const publicId = (await meeting()).id as string;
    const uid = `${publicId}@localhost`;
    expect(
      (
        await t.request("/api/mailboxes", {
          cookie: u.cookie,
          json: { address: RECRUITER, imapHost: "127.0.0.1", imapPort: dovecot.port, imapTls: false, username: RECRUITER, password: PASSWORD },
        })
      ).status,
    ).toBe(201);
    await t.deps.jobs.idle();

    const send = async (partstat: string, stamp: string, id: string, theUid = uid) => {
      // nodemailer puts the calendar in a text/calendar part with method=REPLY, as mail programs do.
      await nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true }).sendMail({
        from: `Sam Lee <${CANDIDATE}>`,
        to: RECRUITER,
        subject: `${partstat === "DECLINED" ? "Declined" : "Accepted"}: Technical Interview`,
        messageId: id,
        text: `${partstat} by Sam Lee`,
        icalEvent: { method: "REPLY", content: reply(theUid, partstat, stamp) },
      });
      requestAllMailboxSyncs(t.deps);
      await t.deps.jobs.idle();
    };
    const flagMails = () =>
      t.deps.db
        .select()
        .from(mailMessages)
        .all()
        .filter((m) => m.kind === "calendar-flag");

    await send("DECLINED", "20300101T100000Z", "<r1@mail.example>");
    expect((await meeting()).flags).toEqual([{ kind: "declined", message: "The candidate declined in their calendar" }]);
    expect(flagMails().map((m) => m.to)).toEqual([RECRUITER]);
    let page = await (await t.request(`/interview-details/${publicId}`, { cookie: u.cookie })).text();
    expect(page).toContain("The candidate declined the invitation");

    // An answer stamped before the one kept (a late delivery) changes nothing.
    await send("ACCEPTED", "20300101T090000Z", "<r0@mail.example>");
    expect((await meeting()).flags).toHaveLength(1);

    // Another server's UID changes nothing.
    await send("ACCEPTED", "20300101T120000Z", "<rx@mail.example>", `${publicId}@elsewhere.example`);
    expect((await meeting()).flags).toHaveLength(1);

    await send("ACCEPTED", "20300101T110000Z", "<r2@mail.example>");
    expect((await meeting()).flags).toEqual([]);
    page = await (await t.request(`/interview-details/${publicId}`, { cookie: u.cookie })).text();
    expect(page).toContain("The candidate accepted the invitation");
    expect(flagMails()).toHaveLength(1);
  }, 120_000);
});
