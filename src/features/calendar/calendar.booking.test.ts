import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailMessages } from "../../db/schema";
import { createSchedulingSession } from "../scheduling/service";
import { getMeetingForCalendar, setMeetingCalendarEvent } from "../scheduling/meetings-for-calendar";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { randomAlphanumeric } from "../../lib/crypto";
import { defaultAccount } from "../../../test/fakes/google";
import { connectCalendar, makeCalendarTestApp, syncCalendarNow, tomorrowAt } from "../../../test/kits/calendar";
import { meetingsOfUser } from "./meetings";
import { busyIntervals } from "./hooks";
import { syncAllConnected, eventIdFor } from "./sync";

const { t, google } = makeCalendarTestApp();

/** A signed-up recruiter with a candidate and a session offering 10:00, 11:00 and 12:00 tomorrow (UTC). */
async function recruiterWithSession(opts: { connect?: boolean } = {}) {
  const u = await t.signUp();
  // Each recruiter has a Google account of their own (events make busy times).
  google.account = defaultAccount(`recruiter-${u.userId}@example.com`);
  if (opts.connect !== false) await connectCalendar(t, u.cookie);
  const candidate = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "q" + randomAlphanumeric(5), name: "Grace Hopper", emailAddress: "grace@example.com" });
  const now = t.clock.now();
  const timeSlots = [10, 11, 12].map((h) => ({ startTime: tomorrowAt(now, h).toISOString(), endTime: tomorrowAt(now, h + 1).toISOString() }));
  const session = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: candidate.id,
    title: "Technical interview",
    duration: 60,
    timeSlots,
    timeZone: "UTC",
  });
  return { u, session };
}

async function book(token: string, startTime: string) {
  const view = await (await t.request(`/api/book/${token}`)).json();
  const slot = view.availableSlots.find((s: { startTime: string }) => s.startTime === startTime);
  const res = await t.request(`/api/book/${token}`, { json: { slotId: slot.id } });
  // The event is made after the commit, by the work queue.
  await t.deps.jobs.idle();
  return res;
}

const sync = async (cookie: string) => (await t.request("/api/calendar/sync", { method: "POST", cookie })).json();

describe("busy times (from the cache the sync keeps)", () => {
  test("times a checked calendar shows busy are left out of a new session's slots", async () => {
    const u = await t.signUp();
    google.account = defaultAccount(`recruiter-${u.userId}@example.com`);
    await connectCalendar(t, u.cookie);
    const now = t.clock.now();
    google.addEvent(google.account.email, { summary: "Dentist", start: tomorrowAt(now, 11, 30), end: tomorrowAt(now, 11, 45) });
    await syncCalendarNow(t, u.cookie);
    const candidate = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "q" + randomAlphanumeric(5), name: "Alan Turing", emailAddress: "alan@example.com" });
    const timeSlots = [10, 11, 12].map((h) => ({ startTime: tomorrowAt(now, h).toISOString(), endTime: tomorrowAt(now, h + 1).toISOString() }));
    const session = await createSchedulingSession(t.deps, { workspaceId: u.workspaceId, userId: u.userId, candidateId: candidate.id, title: "Interview", duration: 60, timeSlots, timeZone: "UTC" });
    expect(session.timeSlots.map((s) => new Date(s.startTime).getUTCHours())).toEqual([10, 12]);
  });

  test("a busy event that appears between the page load and the click: the booking is refused with 409", async () => {
    const { u, session } = await recruiterWithSession();
    const now = t.clock.now();
    const view = await (await t.request(`/api/book/${session.sessionToken}`)).json();
    const ten = view.availableSlots.find((s: { startTime: string }) => s.startTime === tomorrowAt(now, 10).toISOString());
    google.addEvent(google.account.email, { summary: "Client call", start: tomorrowAt(now, 10), end: tomorrowAt(now, 10, 30) });
    await syncCalendarNow(t, u.cookie);
    const res = await t.request(`/api/book/${session.sessionToken}`, { json: { slotId: ten.id } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("This time slot is no longer available. Please choose another.");
  });

  test("with Google down the cache still answers, and no busy read calls Google", async () => {
    const { u } = await recruiterWithSession();
    const now = t.clock.now();
    google.addEvent(google.account.email, { summary: "Standup", start: tomorrowAt(now, 9), end: tomorrowAt(now, 9, 15) });
    await syncCalendarNow(t, u.cookie);
    google.down = true;
    const calls = google.requests.length;
    try {
      expect((await busyIntervals(t.deps, u.userId, now, tomorrowAt(now, 20))).map((b) => b.start.toISOString())).toEqual([tomorrowAt(now, 9).toISOString()]);
      expect(google.requests.length).toBe(calls);
    } finally {
      google.down = false;
    }
    expect(await busyIntervals(t.deps, 999_999, new Date(), tomorrowAt(new Date(), 20))).toEqual([]);
  });
});

describe("booking creates the event", () => {
  test("in the primary calendar, with the candidate as attendee and the Meet link on the meeting", async () => {
    const { u, session } = await recruiterWithSession();
    const before = google.events.length;
    const res = await book(session.sessionToken, tomorrowAt(t.clock.now(), 11).toISOString());
    expect(res.status).toBe(200);
    expect(google.events.length).toBe(before + 1);
    const event = google.events.at(-1)!;
    expect(event.calendarId).toBe(google.account.email);
    expect(event.body.attendees).toEqual([{ email: "grace@example.com", displayName: "Grace Hopper" }]);
    expect(event.body.summary).toBe("Technical interview – Grace Hopper");
    expect(event.body.start.dateTime).toBe(tomorrowAt(t.clock.now(), 11).toISOString());
    const [m] = meetingsOfUser(t.deps, u.workspaceId, u.userId);
    expect(m!.calendarEventId).toBe(event.id);
    expect(m!.meetingUrl).toBe(event.body.hangoutLink);
    expect(m!.meetingUrl).toStartWith("https://meet.google.com/");
  });

  test("the Meet link made after the booking reaches the candidate: the invitation again with the link (same UID and SEQUENCE, newer DTSTAMP), no recruiter copy", async () => {
    const { u, session } = await recruiterWithSession();
    expect((await book(session.sessionToken, tomorrowAt(t.clock.now(), 12).toISOString())).status).toBe(200);
    const [m] = meetingsOfUser(t.deps, u.workspaceId, u.userId);
    expect(m!.meetingUrl).toStartWith("https://meet.google.com/");
    const mails = t.deps.db.select().from(mailMessages).where(eq(mailMessages.meetingId, m!.id)).orderBy(mailMessages.id).all();
    expect(mails.map((x) => `${x.kind}:${x.audience}`)).toEqual(["booked:candidate", "booked:recruiter", "video_link:candidate"]);
    const confirmation = mails[0]!;
    const update = mails[2]!;
    expect(confirmation.text).not.toContain(m!.meetingUrl!);
    expect(update.subject).toBe("Video call link: Technical interview");
    expect(update.text).toContain(m!.meetingUrl!);
    const ics = (x: typeof update) => JSON.parse(x.icalEvent!).content as string;
    expect(ics(update).match(/SEQUENCE:(\d+)/)![1]).toBe(ics(confirmation).match(/SEQUENCE:(\d+)/)![1]);
    expect(ics(update)).toContain(m!.meetingUrl!);
    expect(ics(update).match(/UID:(.*)/)![1]).toBe(ics(confirmation).match(/UID:(.*)/)![1]);
    // Another write of the same link (a move, a retry) sends nothing more.
    setMeetingCalendarEvent(t.deps, m!.id, { meetingUrl: m!.meetingUrl });
    expect(t.deps.db.select().from(mailMessages).where(eq(mailMessages.meetingId, m!.id)).all()).toHaveLength(3);
  });

  test("the chosen primary calendar receives the event", async () => {
    const { u, session } = await recruiterWithSession();
    await t.request("/api/calendar/set-primary", { cookie: u.cookie, json: { calendarId: "team-interviews@group.calendar.google.com" } });
    expect((await book(session.sessionToken, tomorrowAt(t.clock.now(), 12).toISOString())).status).toBe(200);
    expect(google.events.at(-1)!.calendarId).toBe("team-interviews@group.calendar.google.com");
  });

  test("without a connected calendar the booking works and Google is not called", async () => {
    const { u, session } = await recruiterWithSession({ connect: false });
    const calls = google.requests.length;
    expect((await book(session.sessionToken, tomorrowAt(t.clock.now(), 10).toISOString())).status).toBe(200);
    expect(google.requests.length).toBe(calls);
    expect((await t.request("/api/calendar/sync", { method: "POST", cookie: u.cookie })).status).toBe(409);
  });
});

describe("Google down during a booking", () => {
  test("the booking is kept and the sync creates the event later", async () => {
    const { u, session } = await recruiterWithSession();
    google.down = true;
    try {
      expect((await book(session.sessionToken, tomorrowAt(t.clock.now(), 10).toISOString())).status).toBe(200);
    } finally {
      google.down = false;
    }
    const [m] = meetingsOfUser(t.deps, u.workspaceId, u.userId);
    expect(m!.status).toBe("scheduled");
    expect(m!.calendarEventId).toBeNull();

    expect(await sync(u.cookie)).toEqual({ created: 1, alreadyThere: 0, failed: 0 });
    const after = getMeetingForCalendar(t.deps, m!.id)!;
    expect(after.calendarEventId).toBe(eventIdFor(m!));
    expect(after.meetingUrl).toStartWith("https://meet.google.com/");
    expect(await sync(u.cookie)).toEqual({ created: 0, alreadyThere: 1, failed: 0 });
  });

  test("the background job catches up too, and a lost answer never makes a second event", async () => {
    const { u, session } = await recruiterWithSession();
    google.down = true;
    try {
      await book(session.sessionToken, tomorrowAt(t.clock.now(), 11).toISOString());
      // While Google is down the sync reports the failure.
      expect(await sync(u.cookie)).toEqual({ created: 0, alreadyThere: 0, failed: 1 });
    } finally {
      google.down = false;
    }
    await syncAllConnected(t.deps);
    const [m] = meetingsOfUser(t.deps, u.workspaceId, u.userId);
    expect(m!.calendarEventId).toBe(eventIdFor(m!));
    // Forget the event id here (as if Google's answer had been lost): the next sync finds it.
    setMeetingCalendarEvent(t.deps, m!.id, { eventId: null });
    const copies = () => google.events.filter((e) => e.id === eventIdFor(m!)).length;
    expect(await sync(u.cookie)).toEqual({ created: 0, alreadyThere: 1, failed: 0 });
    expect(copies()).toBe(1);
  });
});

describe("Google hangs during a booking", () => {
  test("the booking answers within a second and the event is made once Google answers again", async () => {
    const { u, session } = await recruiterWithSession();
    const view = await (await t.request(`/api/book/${session.sessionToken}`)).json();
    google.hang = true;
    let res: Response;
    const started = performance.now();
    try {
      res = await t.request(`/api/book/${session.sessionToken}`, { json: { slotId: view.availableSlots[0].id } });
    } finally {
      google.hang = false;
    }
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(200);
    await t.deps.jobs.idle();
    const [m] = meetingsOfUser(t.deps, u.workspaceId, u.userId);
    expect(m!.calendarEventId).toBe(eventIdFor(m!));
  });
});
