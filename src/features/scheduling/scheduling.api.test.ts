import { describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createShortlist, addCandidates } from "../shortlists/service";
import { sendDueReminders } from "./reminders";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Melbourne";
let n = 0;

async function recruiter() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, {
    uniqueId: `v-${++n}`,
    name: "Jane Candidate",
    emailAddress: `jane${n}@example.com`,
    roleApplied: "UX Designer",
    linkedinUrl: "https://linkedin.com/in/jane",
  });
  return { ...u, candidateId: cand.id };
}

const slotsFor = (daysAhead: number, duration = 60) => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), daysAhead)], ...DEFAULT_WINDOW, duration, timeZone: TZ });

async function createSession(cookie: string, candidateId: number, extra: Record<string, unknown> = {}) {
  const res = await t.request("/api/scheduling-sessions", {
    cookie,
    json: { candidateId, title: "Interview", description: "First round", duration: 60, timeSlots: slotsFor(2), timeZone: TZ, ...extra },
  });
  return { res, body: (await res.json()) as any };
}

const book = (token: string, slotId: string) => t.request(`/api/book/${token}`, { json: { slotId } });

describe("creating and listing sessions", () => {
  test("creates a session with a 256-bit token that expires in 14 days", async () => {
    const u = await recruiter();
    const { res, body } = await createSession(u.cookie, u.candidateId, { expiresAt: "2099-01-01T00:00:00Z" });
    expect(res.status).toBe(201);
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.bookingUrl).toBe(`http://localhost/book/${body.sessionToken}`);
    expect(body.status).toBe("pending");
    expect(body.candidate).toEqual({ firstName: "Jane", lastName: "Candidate" });
    expect(Date.parse(body.expiresAt) - t.clock.now().getTime()).toBe(14 * 86_400_000);
    expect(body.availableSlots).toBe(8);
    const list = await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json();
    expect(list.sessions.map((s: any) => s.id)).toEqual([body.id]);
  });

  test("the messages of §5 and bad input are 400s", async () => {
    const u = await recruiter();
    const missing = "Missing information: Please select a candidate and add time slots";
    expect((await createSession(u.cookie, undefined as any)).body.message).toBe(missing);
    const noSlots = await createSession(u.cookie, u.candidateId, { timeSlots: [] });
    expect(noSlots.res.status).toBe(400);
    expect(noSlots.body.message).toBe(missing);
    const late = await createSession(u.cookie, u.candidateId, { timeSlots: slotsFor(61) });
    expect(late.res.status).toBe(400);
    expect(late.body.message).toBe("Dates must be within the next 60 days");
    expect((await createSession(u.cookie, u.candidateId, { timeSlots: slotsFor(60) })).res.status).toBe(201);
    expect((await createSession(u.cookie, u.candidateId, { duration: 50 })).res.status).toBe(400);
    expect((await createSession(u.cookie, u.candidateId, { timeZone: "Nowhere/City" })).body.message).toBe("Unknown time zone");
    expect((await createSession(u.cookie, u.candidateId, { timeSlots: "x" })).res.status).toBe(400);
  });

  test("90-minute sessions validate against their duration", async () => {
    const u = await recruiter();
    expect((await createSession(u.cookie, u.candidateId, { duration: 90, timeSlots: slotsFor(3, 90) })).res.status).toBe(201);
    expect((await createSession(u.cookie, u.candidateId, { duration: 90, timeSlots: slotsFor(3, 60) })).res.status).toBe(400);
  });

  test("a shortlist of the workspace is accepted; one session per candidate", async () => {
    const u = await recruiter();
    const list = createShortlist(t.deps, u.workspaceId, "Finalists", "system");
    addCandidates(t.deps, u.workspaceId, list.id, [u.candidateId], "system");
    const { res, body } = await createSession(u.cookie, u.candidateId, { shortlistId: list.id });
    expect(res.status).toBe(201);
    expect(body.shortlistId).toBe(list.id);
  });

  test("needs a signed-in user", async () => {
    expect((await t.request("/api/scheduling-sessions")).status).toBe(401);
    expect((await t.request("/api/meetings")).status).toBe(401);
  });
});

describe("workspace isolation", () => {
  test("another workspace cannot see, cancel or use a workspace's sessions and candidates", async () => {
    const a = await recruiter();
    const b = await recruiter();
    const { body } = await createSession(a.cookie, a.candidateId);
    expect((await (await t.request("/api/scheduling-sessions", { cookie: b.cookie })).json()).sessions).toEqual([]);
    expect((await t.request(`/api/scheduling-sessions/${body.id}`, { method: "DELETE", cookie: b.cookie })).status).toBe(404);
    // A's candidate does not exist for B.
    expect((await createSession(b.cookie, a.candidateId)).res.status).toBe(404);
    const shortlistOfA = createShortlist(t.deps, a.workspaceId, "A's list", "system");
    expect((await createSession(b.cookie, b.candidateId, { shortlistId: shortlistOfA.id })).res.status).toBe(404);
    // A booking in A's workspace is not in B's meetings.
    expect((await book(body.sessionToken, body.timeSlots[0].id)).status).toBe(200);
    expect((await (await t.request("/api/meetings", { cookie: b.cookie })).json()).meetings).toEqual([]);
    expect((await (await t.request("/api/meetings", { cookie: a.cookie })).json()).meetings).toHaveLength(1);
  });
});

describe("cancel rules", () => {
  test("only a pending session can be cancelled; a cancelled link is Session Not Found", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    const del = () => t.request(`/api/scheduling-sessions/${body.id}`, { method: "DELETE", cookie: u.cookie });
    expect((await del()).status).toBe(200);
    expect((await del()).status).toBe(409);
    expect((await t.request(`/api/book/${body.sessionToken}`)).status).toBe(404);
    expect((await book(body.sessionToken, body.timeSlots[0].id)).status).toBe(404);

    const booked = (await createSession(u.cookie, u.candidateId)).body;
    expect((await book(booked.sessionToken, booked.timeSlots[0].id)).status).toBe(200);
    const res = await t.request(`/api/scheduling-sessions/${booked.id}`, { method: "DELETE", cookie: u.cookie });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Only pending sessions can be canceled");
    expect((await t.request(`/api/scheduling-sessions/abc`, { method: "DELETE", cookie: u.cookie })).status).toBe(400);
  });
});

describe("the public booking API", () => {
  test("GET /api/book/{token}: session, candidate and available slots", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    const res = await t.request(`/api/book/${body.sessionToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const view = await res.json();
    expect(view.session).toEqual({ duration: 60, title: "Interview", description: "First round", timeZone: TZ });
    expect(view.candidate).toMatchObject({ position: "UX Designer", hiringManagerName: "Rita Recruiter", linkedinProfile: "https://linkedin.com/in/jane" });
    expect(view.availableSlots).toHaveLength(8);
    expect(view.availableSlots[0].id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  test("unknown, malformed and expired tokens answer 404 with the page's text", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId, { timeSlots: slotsFor(20) });
    for (const token of ["x".repeat(43), "short", "%00"]) {
      const res = await t.request(`/api/book/${token}`);
      expect(res.status).toBe(404);
    }
    expect((await (await t.request(`/api/book/${"y".repeat(43)}`)).json()).message).toBe("This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.");
    t.clock.advance(14 * 86_400_000 - 1000);
    expect((await t.request(`/api/book/${body.sessionToken}`)).status).toBe(200);
    t.clock.advance(2000);
    expect((await t.request(`/api/book/${body.sessionToken}`)).status).toBe(404);
    expect((await book(body.sessionToken, body.timeSlots[0].id)).status).toBe(404);
    const cookie = await t.login(u.email, u.password); // the sign-in of 14 days ago has lapsed
    const list = await (await t.request("/api/scheduling-sessions", { cookie })).json();
    expect(list.sessions[0].status).toBe("expired");
    expect((await t.request(`/api/scheduling-sessions/${body.id}`, { method: "DELETE", cookie })).status).toBe(409);
    t.clock.advance(-(14 * 86_400_000 + 1000));
  });

  test("a bad slotId is 400 and books nothing", async () => {
    const u = await recruiter();
    const other = (await createSession(u.cookie, u.candidateId)).body;
    const { body } = await createSession(u.cookie, u.candidateId);
    for (const slotId of ["nope", other.timeSlots[0].id, "", "x".repeat(200)]) {
      const res = await book(body.sessionToken, slotId);
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).message).toBe("string");
    }
    expect((await t.request(`/api/book/${body.sessionToken}`, { method: "POST", body: "not json", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await t.request(`/api/book/${body.sessionToken}`)).status).toBe(200);
  });

  test("the race: of 25 parallel bookings for one token exactly one succeeds, the rest are 409", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => book(body.sessionToken, body.timeSlots[i % body.timeSlots.length].id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    const loser = results.find((r) => r.status === 409)!;
    expect((await loser.json()).message).toBe("This time slot is no longer available. Please choose another.");
    const meetings = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings;
    expect(meetings).toHaveLength(1);
    expect(meetings[0].id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const session = (await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json()).sessions[0];
    expect(session.status).toBe("scheduled");
    expect(session.state).toBe("booked");
    // A booked session has no slot left to book.
    expect(session.availableSlots).toBe(0);
    expect(session.bookableSlots).toBe(0);
    // Booked: the link is now Session Not Found.
    expect((await t.request(`/api/book/${body.sessionToken}`)).status).toBe(404);
  });
});

describe("after a booking", () => {
  test("e-mails both sides with an .ics that a real iCalendar parser reads", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    const before = t.deps.db.select().from(mailMessages).all().length;
    const slot = body.timeSlots[2];
    expect((await book(body.sessionToken, slot.id)).status).toBe(200);
    const mails = t.deps.db.select().from(mailMessages).all().slice(before);
    expect(mails.map((m) => m.to).sort()).toEqual([`jane${n}@example.com`, u.email].sort());
    const candidateMail = mails.find((m) => m.to.startsWith("jane"))!;
    expect(candidateMail.text).toMatch(/\/book\/manage\/[A-Za-z0-9_-]{43}/);
    for (const m of mails) {
      // The invitation travels as iMIP: the text/calendar part mail clients apply.
      const att = JSON.parse(m.icalEvent!);
      expect(att.method).toBe("REQUEST");
      expect(att.content).toContain("\r\n");
      const cal = new ICAL.Component(ICAL.parse(att.content));
      expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
      const ev = cal.getFirstSubcomponent("vevent")!;
      const event = new ICAL.Event(ev);
      expect(event.uid).toMatch(/@localhost$/);
      expect(event.startDate.toJSDate().toISOString()).toBe(slot.startTime);
      expect(event.endDate.toJSDate().toISOString()).toBe(slot.endTime);
      expect(event.startDate.zone?.tzid).toBe("UTC");
      expect(String(ev.getFirstPropertyValue("organizer"))).toBe(`mailto:${u.email}`);
      expect(String(ev.getFirstPropertyValue("attendee"))).toBe(`mailto:jane${n}@example.com`);
      expect(ev.getFirstPropertyValue("dtstamp")).toBeTruthy();
    }
  });

  test("GET /api/interviews/{id} by the meeting's random id; anything else is 404", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    await book(body.sessionToken, body.timeSlots[0].id);
    const meeting = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings[0];
    const res = await t.request(`/api/interviews/${meeting.id}`, { cookie: u.cookie });
    expect(res.status).toBe(200);
    const i = await res.json();
    expect(i).toMatchObject({ title: "Interview", status: "scheduled", duration: 60, scheduledTime: body.timeSlots[0].startTime });
    expect(i.candidate).toMatchObject({ firstName: "Jane", lastName: "Candidate", position: "UX Designer", email: `jane${n}@example.com` });
    expect(i.interviewer).toEqual({ name: "Rita Recruiter", email: u.email });
    expect((await t.request(`/api/interviews/1`, { cookie: u.cookie })).status).toBe(404);
    expect((await t.request(`/api/interviews/${"a".repeat(22)}`, { cookie: u.cookie })).status).toBe(404);
  });

  test("GET /api/interviews/{id} is for staff: signed out or another workspace gets 'Interview Not Found' (issue 15 item 9)", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId);
    await book(body.sessionToken, body.timeSlots[0].id);
    const meeting = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings[0];
    const other = await t.signUp();
    for (const cookie of [undefined, other.cookie]) {
      const res = await t.request(`/api/interviews/${meeting.id}`, { cookie });
      expect(res.status).toBe(404);
      const text = await res.text();
      expect(JSON.parse(text).message).toBe("The interview details could not be found. It may have been canceled or the link is invalid.");
      expect(text).not.toContain(u.email);
      expect(text).not.toContain("jane");
    }
  });

  test("the reminder goes out once, 24 hours before the interview", async () => {
    const u = await recruiter();
    const { body } = await createSession(u.cookie, u.candidateId, { timeSlots: slotsFor(5) });
    await book(body.sessionToken, body.timeSlots[0].id);
    const start = Date.parse(body.timeSlots[0].startTime);
    const count = () =>
      t.deps.db
        .select()
        .from(mailMessages)
        .all()
        .filter((m) => m.subject.startsWith("Reminder")).length;
    const before = count();
    const saved = t.clock.now();
    t.clock.set(new Date(start - 25 * 3_600_000));
    await sendDueReminders(t.deps);
    expect(count()).toBe(before);
    t.clock.set(new Date(start - 23.5 * 3_600_000));
    await sendDueReminders(t.deps);
    expect(count()).toBe(before + 2);
    await sendDueReminders(t.deps);
    expect(count()).toBe(before + 2);
    t.clock.set(saved);
  });
});
