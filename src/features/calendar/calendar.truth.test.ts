// Changes made in the calendar come back (decision 32): each reconciliation case in both
// settings, through the same services as a recruiter's change (e-mails, webhooks, the event),
// against each provider (Google, Microsoft: decision 34) from one table.
import { describe, expect, test } from "bun:test";
import { tomorrowAt } from "../../../test/kits/calendar";
import { makeTwoProviderApp } from "../../../test/kits/calendar-providers";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { upsertParticipantFromVisitor } from "../candidates/service";

const { t, drivers } = makeTwoProviderApp();

describe.each(drivers.map((d) => [d.provider, d] as const))("%s", (_name, google) => {
  describe("Follow (the default)", () => {
    test("the event moved in the calendar: the interview moves, the candidate gets the update (same UID, SEQUENCE + 1), webhook by calendar", async () => {
      const b = await bookedInterview(t, google);
      const before = await b.interview();
      b.mails();
      b.webhooks();
      const now = t.clock.now();
      google.move(b.event.id, tomorrowAt(now, 15), tomorrowAt(now, 16));
      await b.sync();
      const after = await b.interview();
      expect(after.scheduledTime).toBe(tomorrowAt(now, 15).toISOString());
      expect(after.status).toBe("scheduled");
      const mails = b.mails();
      const toCandidate = mails.find((m) => m.to === b.email && m.kind === "moved")!;
      expect(toCandidate).toBeDefined();
      expect(toCandidate.text).toContain('Test Recruiter moved your interview "Interview" to a new time.');
      expect(mails.find((m) => m.audience === "recruiter" && m.kind === "moved")!.text).toContain("was moved in your calendar");
      const ics = JSON.parse(toCandidate.icalEvent!).content as string;
      expect(ics).toContain(`UID:${b.interviewId}@`);
      expect(ics).toMatch(/SEQUENCE:1\r?\n/);
      expect(b.webhooks()).toEqual([
        expect.objectContaining({ type: "interview.moved", data: expect.objectContaining({ by: "calendar", previousStartTime: before.scheduledTime, startTime: tomorrowAt(now, 15).toISOString() }) }),
      ]);
      // Frank's own patch (the new version) is not echoed back as another change.
      expect(google.event(b.event.id)!.frankVersion).toBe("1");
      await b.sync();
      expect(b.webhooks()).toEqual([]);
      expect(b.mails()).toEqual([]);
    });

    test("a move made in Frank is not taken for a change made in the calendar, before or after Frank's write lands", async () => {
      const b = await bookedInterview(t, google);
      const now = t.clock.now();
      // Google is down while Frank moves the interview: its patch waits for a retry.
      google.setDown(true);
      const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
      expect(res.status).toBe(200);
      await t.deps.jobs.idle();
      google.setDown(false);
      b.webhooks();
      // The sync reads the event before Frank's patch: still at the old time, at the old version.
      await b.sync();
      expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 10).toISOString());
      expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 14).toISOString());
      // The retry lands; the next read is no change either.
      t.clock.advance(60 * 60_000);
      await t.deps.jobs.runDue();
      await t.deps.jobs.idle();
      expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 14).toISOString());
      await b.sync();
      expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 14).toISOString());
      expect(b.webhooks()).toEqual([]);
    });

    test("the event deleted in the calendar: the interview is cancelled and the candidate told", async () => {
      const b = await bookedInterview(t, google);
      b.mails();
      b.webhooks();
      google.remove(b.event.id);
      await b.sync();
      expect((await b.interview()).status).toBe("canceled");
      expect(b.mails().some((m) => m.to === b.email && m.kind === "canceled")).toBe(true);
      expect(b.webhooks()).toEqual([expect.objectContaining({ type: "interview.cancelled", data: expect.objectContaining({ by: "calendar" }) })]);
      const log = (await (await t.request("/api/workspace/activity", { cookie: b.u.cookie })).json()).activity;
      expect(log[0]).toMatchObject({ action: "interview.cancelled", object: { type: "interview", id: b.interviewId }, summary: "Deleted in the interviewer's calendar" });
    });

    test("the full comparison finds an event that is gone, and a 410 reads the calendar again in full", async () => {
      const b = await bookedInterview(t, google);
      // Deleted without a trace (no tombstone): only the full read can tell.
      google.drop(b.event.id);
      google.expireCursors();
      await b.sync();
      expect((await b.interview()).status).toBe("canceled");
    });

    // Outlook's copy has no attendees (Exchange would mail its own invitation): the answer reaches Frank by e-mail only.
    (google.respond ? test : test.skip)("the candidate declined in their calendar: flagged, and the recruiter e-mailed", async () => {
      const b = await bookedInterview(t, google);
      b.mails();
      google.respond!(b.event.id, b.email, "declined");
      await b.sync();
      const i = await b.interview();
      expect(i.status).toBe("scheduled");
      expect(i.flags).toEqual([expect.objectContaining({ kind: "declined", message: "The candidate declined in their calendar" })]);
      const mails = b.mails();
      expect(mails.map((m) => [m.audience, m.kind])).toEqual([["recruiter", "calendar-flag"]]);
      // Found again on the next read: not flagged or e-mailed twice.
      google.respond!(b.event.id, b.email, "declined");
      await b.sync();
      expect((await b.interview()).flags).toHaveLength(1);
      expect(b.mails()).toEqual([]);
    });

    test("a new busy event over a booked interview (or a booking into a time just become busy): flagged with its name, the recruiter e-mailed; gone when the event goes", async () => {
      const b = await bookedInterview(t, google);
      const now = t.clock.now();
      b.mails();
      const lunch = google.addBusy("Client lunch", tomorrowAt(now, 10, 30), tomorrowAt(now, 11, 30));
      await b.sync();
      expect((await b.interview()).flags).toEqual([expect.objectContaining({ kind: "clash", message: "Clashes with ‘Client lunch’ in your calendar" })]);
      // The recruiter is told, as of a decline (once: the next read finds the same clash).
      const told = b.mails();
      expect(told.map((m) => [m.audience, m.kind, m.to])).toEqual([["recruiter", "calendar-flag", b.u.email]]);
      expect(told[0]!.subject).toStartWith("Clashes with ‘Client lunch’ in your calendar: Interview");
      await b.sync();
      expect(b.mails()).toEqual([]);
      google.remove(lunch);
      await b.sync();
      expect((await b.interview()).flags).toEqual([]);
    });

    test("a busy event in a calendar that does not count raises no clash; counted again, the next one does", async () => {
      const b = await bookedInterview(t, google);
      const now = t.clock.now();
      const primary = google.primaryCalendar();
      const counts = (checkConflicts: boolean) => t.request(`/api/calendar/connections/${b.u.userId}`, { method: "PATCH", cookie: b.u.cookie, json: { calendars: [{ id: primary, checkConflicts }] } });
      // The calendar receives interviews, so it is still read; it just does not count as busy.
      expect((await counts(false)).status).toBe(200);
      google.addBusy("Dentist", tomorrowAt(now, 10, 15), tomorrowAt(now, 10, 45));
      await b.sync();
      expect((await b.interview()).flags).toEqual([]);
      // Counted again: the same kind of event over the interview is a clash.
      expect((await counts(true)).status).toBe(200);
      google.addBusy("Gym", tomorrowAt(now, 10, 30), tomorrowAt(now, 11));
      await b.sync();
      expect((await b.interview()).flags.map((f: { message: string }) => f.message)).toEqual(["Clashes with ‘Gym’ in your calendar"]);
    });

    test("a move onto another interview of the recruiter's is flagged, not followed", async () => {
      const b = await bookedInterview(t, google);
      const now = t.clock.now();
      // A second interview of the same recruiter at 12:00.
      const other = upsertParticipantFromVisitor(t.deps, b.u.workspaceId, { uniqueId: "other-" + b.u.userId, name: "Ada", emailAddress: `ada-${b.u.userId}@example.com` });
      const s2 = await (
        await t.request("/api/scheduling-sessions", {
          cookie: b.u.cookie,
          json: { candidateId: other.id, duration: 60, timeSlots: [{ startTime: tomorrowAt(now, 12).toISOString(), endTime: tomorrowAt(now, 13).toISOString() }], timeZone: "UTC" },
        })
      ).json();
      expect((await t.request(`/api/book/${s2.sessionToken}`, { json: { slotId: s2.timeSlots[0].id } })).status).toBe(200);
      await t.deps.jobs.idle();
      google.move(b.event.id, tomorrowAt(now, 12, 30), tomorrowAt(now, 13, 30));
      await b.sync();
      const i = await b.interview();
      expect(i.scheduledTime).toBe(tomorrowAt(now, 10).toISOString());
      expect(i.flags).toEqual([expect.objectContaining({ kind: "moved_in_calendar", startTime: tomorrowAt(now, 12, 30).toISOString() })]);
    });
  });

  describe("another calendar for new interviews", () => {
    test("an interview's event stays in the calendar it was written to: a move in Frank patches it there, a move there is followed", async () => {
      const b = await bookedInterview(t, google);
      const now = t.clock.now();
      const TEAM = google.teamCalendar;
      expect((await t.request(`/api/calendar/connections/${b.u.userId}`, { method: "PATCH", cookie: b.u.cookie, json: { interviewCalendarId: TEAM } })).status).toBe(200);
      const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
      expect(res.status).toBe(200);
      await t.deps.jobs.idle();
      expect((await b.interview()).status).toBe("scheduled");
      expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 14).toISOString());
      expect(google.eventsIn(TEAM)).toEqual([]);
      google.move(b.event.id, tomorrowAt(now, 16), tomorrowAt(now, 17));
      await b.sync();
      expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 16).toISOString());
    });
  });

  describe("Only flag", () => {
    test("a decline and a clash are flagged as with Follow; nothing moves or is cancelled", async () => {
      const b = await bookedInterview(t, google, { mode: "flag" });
      const now = t.clock.now();
      google.respond?.(b.event.id, b.email, "declined");
      google.addBusy("Board meeting", tomorrowAt(now, 9, 30), tomorrowAt(now, 10, 30));
      b.webhooks();
      await b.sync();
      const i = await b.interview();
      expect(i.status).toBe("scheduled");
      expect(i.scheduledTime).toBe(tomorrowAt(now, 10).toISOString());
      expect(i.flags.map((f: { message: string }) => f.message).sort()).toEqual([
        "Clashes with ‘Board meeting’ in your calendar",
        ...(google.respond ? ["The candidate declined in their calendar"] : []),
      ]);
      expect(b.webhooks()).toEqual([]);
    });

    test("a move is only flagged; Apply moves the interview there", async () => {
      const b = await bookedInterview(t, google, { mode: "flag" });
      const now = t.clock.now();
      google.move(b.event.id, tomorrowAt(now, 16), tomorrowAt(now, 17));
      b.webhooks();
      await b.sync();
      let i = await b.interview();
      expect(i.scheduledTime).toBe(tomorrowAt(now, 10).toISOString());
      expect(i.flags).toEqual([expect.objectContaining({ kind: "moved_in_calendar", startTime: tomorrowAt(now, 16).toISOString() })]);
      expect(b.webhooks()).toEqual([]);
      const applied = await t.request(`/api/interviews/${b.interviewId}/flags/${i.flags[0].id}/apply`, { method: "POST", cookie: b.u.cookie });
      expect(applied.status).toBe(200);
      i = await applied.json();
      expect(i.scheduledTime).toBe(tomorrowAt(now, 16).toISOString());
      expect(i.flags).toEqual([]);
      expect(b.webhooks()).toEqual([expect.objectContaining({ type: "interview.moved", data: expect.objectContaining({ by: "calendar" }) })]);
    });

    test("a delete is only flagged; Keep writes the event again and the interview stays", async () => {
      const b = await bookedInterview(t, google, { mode: "flag" });
      google.remove(b.event.id);
      await b.sync();
      const i = await b.interview();
      expect(i.status).toBe("scheduled");
      expect(i.flags).toEqual([expect.objectContaining({ kind: "deleted_in_calendar" })]);
      const kept = await t.request(`/api/interviews/${b.interviewId}/flags/${i.flags[0].id}/keep`, { method: "POST", cookie: b.u.cookie });
      expect(kept.status).toBe(200);
      await t.deps.jobs.idle();
      expect(google.eventsIn(google.primaryCalendar()).some((e) => e.frankMeeting === b.interviewId)).toBe(true);
      await b.sync();
      expect((await b.interview()).flags).toEqual([]);
      expect((await b.interview()).status).toBe("scheduled");
    });
  });

  describe("an event deleted in Google, then the interview moved in Frank (patch answers 404)", () => {
    test("Follow: the interview follows the delete (cancelled), instead of a dead event id", async () => {
      const b = await bookedInterview(t, google);
      google.drop(b.event.id);
      const now = t.clock.now();
      await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
      await t.deps.jobs.idle();
      expect((await b.interview()).status).toBe("canceled");
    });

    test("Only flag: flagged; Keep makes the event anew", async () => {
      const b = await bookedInterview(t, google, { mode: "flag" });
      google.drop(b.event.id);
      const now = t.clock.now();
      await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
      await t.deps.jobs.idle();
      const i = await b.interview();
      expect(i.status).toBe("scheduled");
      expect(i.flags.map((f: { kind: string }) => f.kind)).toEqual(["deleted_in_calendar"]);
      await t.request(`/api/interviews/${b.interviewId}/flags/${i.flags[0].id}/keep`, { method: "POST", cookie: b.u.cookie });
      await t.deps.jobs.idle();
      const again = google.eventsIn(google.primaryCalendar()).find((e) => e.frankMeeting === b.interviewId)!;
      expect(again.start).toBe(tomorrowAt(now, 14).toISOString());
    });
  });
});
