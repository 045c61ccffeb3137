// The interview lifecycle against the Google fake: every change by either side reaches the
// calendar and both people, in both time zones, with one invitation (iMIP) per interview.
import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { defaultAccount } from "../../../test/fakes/google";
import { connectCalendar, makeCalendarTestApp } from "../../../test/kits/calendar";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";
import { sendDueReminders } from "./reminders";

const { t, google } = makeCalendarTestApp();
t.clock.set(new Date("2030-05-06T00:00:00Z"));
const TZ = "Australia/Melbourne";
let n = 0;

async function setup(opts: { connect?: boolean } = {}) {
  const u = await t.signUp({ name: "Rita Recruiter" });
  google.account = defaultAccount(`rita-${u.userId}@example.com`);
  if (opts.connect !== false) await connectCalendar(t, u.cookie);
  const c = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `lc-${++n}`, name: "Lena London", emailAddress: `lena${n}@example.com`, roleApplied: "Designer" });
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 3)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  const res = await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: c.id, title: "Interview", duration: 60, timeSlots, timeZone: TZ } });
  const s = (await res.json()) as { id: number; sessionToken: string; timeSlots: { id: string; startTime: string; endTime: string }[] };
  return { u, s, email: `lena${n}@example.com` };
}

async function bookAsLondon(token: string, slotId: string) {
  const res = await t.request(`/api/book/${token}`, { json: { slotId, timeZone: "Europe/London" } });
  await t.deps.jobs.idle();
  return res;
}

const mailsTo = (to: string) => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, to)).all();
const invitation = (row: { icalEvent: string | null }) => {
  const ical = JSON.parse(row.icalEvent!);
  const cal = new ICAL.Component(ICAL.parse(ical.content));
  const ev = new ICAL.Event(cal.getFirstSubcomponent("vevent")!);
  return {
    method: cal.getFirstPropertyValue("method"),
    uid: ev.uid,
    sequence: ev.sequence,
    start: ev.startDate.toJSDate().toISOString(),
    organizer: String(cal.getFirstSubcomponent("vevent")!.getFirstPropertyValue("organizer")),
  };
};
const meetingId = async (cookie: string) => (await (await t.request("/api/meetings", { cookie })).json()).meetings[0].id as string;
const eventsOf = (email: string) => google.events.filter((e) => e.calendarId === email);

describe("the calendar follows every change", () => {
  test("booked: one event, no Google invitation; moved by the candidate: patched; canceled by the recruiter: removed", async () => {
    const { u, s, email } = await setup();
    expect((await bookAsLondon(s.sessionToken, s.timeSlots[0]!.id)).status).toBe(200);
    const cal = google.account.email;
    expect(eventsOf(cal)).toHaveLength(1);
    expect(eventsOf(cal)[0]!.body.start.dateTime).toBe(s.timeSlots[0]!.startTime);
    expect(google.updates.every((x) => x.sendUpdates === "none")).toBe(true);

    // The candidate moves through their manage link (the form without JavaScript).
    const confirmation = mailsTo(email).find((m) => m.kind === "booked")!;
    const manage = /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
    const move = await t.request(`/book/manage/${manage}/move`, {
      method: "POST",
      body: `slotId=${s.timeSlots[2]!.id}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(move.status).toBe(303);
    await t.deps.jobs.idle();
    expect(eventsOf(cal)).toHaveLength(1);
    expect(eventsOf(cal)[0]!.body.start.dateTime).toBe(s.timeSlots[2]!.startTime);

    // The recruiter moves it to one chosen time.
    const id = await meetingId(u.cookie);
    const newStart = new Date(Date.parse(s.timeSlots[5]!.startTime)).toISOString();
    const r = await t.request(`/api/interviews/${id}/reschedule`, { cookie: u.cookie, json: { startTime: newStart } });
    expect(r.status).toBe(200);
    expect((await r.json()).scheduledTime).toBe(newStart);
    await t.deps.jobs.idle();
    expect(eventsOf(cal)[0]!.body.start.dateTime).toBe(newStart);

    // The recruiter cancels with a reason: no event at any time, none confirmed.
    const c = await t.request(`/api/interviews/${id}/cancel`, { cookie: u.cookie, json: { reason: "The role was filled." } });
    expect(c.status).toBe(200);
    expect((await c.json()).status).toBe("canceled");
    await t.deps.jobs.idle();
    expect(eventsOf(cal)).toHaveLength(0);
    expect(google.updates.every((x) => x.sendUpdates === "none")).toBe(true);

    // One invitation throughout: same UID, SEQUENCE rising, METHOD:CANCEL at the end, the recruiter as ORGANIZER.
    const invites = mailsTo(email)
      .filter((m) => m.icalEvent)
      .map(invitation);
    expect(new Set(invites.map((i) => i.uid)).size).toBe(1);
    // The second is the booking's again with the Meet link, once Google made it (same SEQUENCE).
    expect(invites.map((i) => i.sequence)).toEqual([0, 0, 1, 2, 3]);
    expect(invites.map((i) => i.method)).toEqual(["REQUEST", "REQUEST", "REQUEST", "REQUEST", "CANCEL"]);
    expect(invites.every((i) => i.organizer === `mailto:${u.email}`)).toBe(true);
    const cancelMail = mailsTo(email).at(-1)!;
    expect(cancelMail.text).toContain("The role was filled.");
    expect(cancelMail.replyTo).toBe(u.email);
  });

  test("a candidate's cancel removes the event too", async () => {
    const { s, email } = await setup();
    await bookAsLondon(s.sessionToken, s.timeSlots[1]!.id);
    expect(eventsOf(google.account.email)).toHaveLength(1);
    const manage = /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(mailsTo(email)[1]?.text ?? mailsTo(email).find((m) => m.kind === "booked")!.text)![1]!;
    const res = await t.request(`/book/manage/${manage}/cancel`, { method: "POST", headers: { origin: "http://localhost" } });
    expect(res.status).toBe(303);
    await t.deps.jobs.idle();
    expect(eventsOf(google.account.email)).toHaveLength(0);
  });
});

describe("time zones end to end", () => {
  test("booked in Europe/London for a Melbourne recruiter: e-mails, pages and the reminder name both zones", async () => {
    const { u, s, email } = await setup({ connect: false });
    await bookAsLondon(s.sessionToken, s.timeSlots[0]!.id);
    const candidateMail = mailsTo(email).find((m) => m.kind === "booked")!;
    expect(candidateMail.text).toMatch(/London \(.* Melbourne\)/);
    const recruiterMail = mailsTo(u.email).find((m) => m.kind === "booked")!;
    expect(recruiterMail.text).toMatch(/Melbourne \(.* London\)/);
    const manage = /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(candidateMail.text)![1]!;
    const page = await (await t.request(`/book/manage/${manage}`)).text();
    expect(page).toMatch(/London \(.* Melbourne\)/);
    const id = await meetingId(u.cookie);
    const details = await (await t.request(`/interview-details/${id}`, { cookie: u.cookie })).text();
    expect(details).toMatch(/Melbourne \(.* London\)/);
    const saved = t.clock.now();
    t.clock.set(new Date(Date.parse(s.timeSlots[0]!.startTime) - 20 * 3_600_000));
    await sendDueReminders(t.deps);
    t.clock.set(saved);
    const reminder = mailsTo(email).find((m) => m.kind === "reminder")!;
    expect(reminder.text).toMatch(/London \(.* Melbourne\)/);
    expect(reminder.subject).toMatch(/^Reminder: interview (today|tomorrow)/);
  });
});

describe("recruiter actions and honest states", () => {
  test("offering new times: the interview waits as pending on the candidate's own link, then takes the new slot", async () => {
    const { u, s, email } = await setup();
    await bookAsLondon(s.sessionToken, s.timeSlots[0]!.id);
    const id = await meetingId(u.cookie);
    const newSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 5)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }).slice(0, 3);
    const r = await t.request(`/api/interviews/${id}/reschedule`, { cookie: u.cookie, json: { timeSlots: newSlots } });
    expect(r.status).toBe(200);
    expect((await r.json()).status).toBe("pending");
    await t.deps.jobs.idle();
    expect(eventsOf(google.account.email)).toHaveLength(0);
    const ask = mailsTo(email).find((m) => m.kind === "reschedule")!;
    expect(ask.text).toContain(`/book/${s.sessionToken}`);
    const sessions = (await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json()).sessions;
    expect(sessions.find((x: { id: number }) => x.id === s.id)).toMatchObject({ state: "pending", bookableSlots: 3 });
    const view = await (await t.request(`/api/book/${s.sessionToken}`)).json();
    expect(view.availableSlots.map((x: { startTime: string }) => x.startTime)).toEqual(newSlots.map((x) => x.startTime));
    expect((await bookAsLondon(s.sessionToken, view.availableSlots[1].id)).status).toBe(200);
    const after = await (await t.request(`/api/interviews/${id}`, { cookie: u.cookie })).json();
    expect(after).toMatchObject({ id, status: "scheduled", scheduledTime: newSlots[1]!.startTime });
    expect(eventsOf(google.account.email)).toHaveLength(1);
  });

  test("completed once the interview has started, not attended once it has ended; bad input is a 400; other workspaces get 404", async () => {
    const { u, s } = await setup({ connect: false });
    await bookAsLondon(s.sessionToken, s.timeSlots[0]!.id);
    const id = await meetingId(u.cookie);
    const early = await t.request(`/api/interviews/${id}/status`, { cookie: u.cookie, json: { status: "completed" } });
    expect(early.status).toBe(409);
    expect((await t.request(`/api/interviews/${id}/status`, { cookie: u.cookie, json: { status: "done" } })).status).toBe(400);
    expect((await t.request(`/api/interviews/${id}/reschedule`, { cookie: u.cookie, json: {} })).status).toBe(400);
    const other = await t.signUp();
    expect((await t.request(`/api/interviews/${id}/cancel`, { cookie: other.cookie, json: {} })).status).toBe(404);
    const saved = t.clock.now();
    t.clock.set(new Date(Date.parse(s.timeSlots[0]!.startTime) + 30 * 60_000));
    const cookie = await t.login(u.email, u.password);
    const during = await t.request(`/api/interviews/${id}/status`, { cookie, json: { status: "no_show" } });
    expect(during.status).toBe(409);
    expect((await during.json()).message).toBe("An interview can be marked as not attended once it has ended.");
    t.clock.set(new Date(Date.parse(s.timeSlots[0]!.endTime) + 60_000));
    const done = await t.request(`/api/interviews/${id}/status`, { cookie, json: { status: "no_show", noShowBy: "interviewer" } });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "no_show", noShowBy: "interviewer" });
    const candidate = await t.request(`/api/interviews/${id}/status`, { cookie, json: { status: "no_show" } });
    expect(await candidate.json()).toMatchObject({ status: "no_show", noShowBy: "candidate" });
    // Each change of who did not attend is an interview.no_show in the log (and to the webhooks).
    const log = await (await t.request("/api/workspace/activity?action=interview.no_show", { cookie })).json();
    expect(log.activity.map((e: { summary: string }) => e.summary)).toEqual(["Candidate did not attend", "Interviewer did not attend"]);
    t.clock.set(saved);
  });

  test("the booking link goes to the candidate by e-mail (unless switched off) and can be sent again", async () => {
    const { u, s, email } = await setup({ connect: false });
    const links = () => mailsTo(email).filter((m) => m.kind === "booking-link");
    expect(links()).toHaveLength(1);
    expect(links()[0]!.text).toContain(`/book/${s.sessionToken}`);
    expect(links()[0]!.text).toContain("Rita Recruiter");
    expect(links()[0]!.text).toContain("Designer");
    expect((await t.request(`/api/scheduling-sessions/${s.id}/resend`, { cookie: u.cookie, method: "POST", json: {} })).status).toBe(200);
    expect(links()).toHaveLength(2);
    const c = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `lc-q-${n}`, name: "Quiet", emailAddress: `quiet${n}@example.com` });
    const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 4)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
    await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: c.id, duration: 60, timeSlots, timeZone: TZ, sendEmail: false } });
    expect(mailsTo(`quiet${n}@example.com`)).toHaveLength(0);
  });
});
