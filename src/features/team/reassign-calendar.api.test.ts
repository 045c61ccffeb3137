// A reassigned interview's calendar event moves with it: out of the former interviewer's
// Google calendar, into the new interviewer's (work items done after the reassignment).
import { expect, test } from "bun:test";
import { defaultAccount } from "../../../test/fakes/google";
import { connectCalendar, makeCalendarTestApp, tomorrowAt } from "../../../test/kits/calendar";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addMember } from "../../../test/kits/team";

const { t, google } = makeCalendarTestApp();

test("the event leaves the former interviewer's calendar and is made in the new one's", async () => {
  const owner = await t.signUp();
  google.account = defaultAccount("owner-cal@example.com");
  await connectCalendar(t, owner.cookie);
  const rec = await addMember(t, owner.cookie, "recruiter");
  google.account = defaultAccount("rec-cal@example.com");
  await connectCalendar(t, rec.cookie);

  const candidateId = upsertParticipantFromVisitor(t.deps, owner.workspaceId, { uniqueId: "rc-1", name: "Ria Calendar", emailAddress: "ria@example.com" }).id;
  const now = t.clock.now();
  const timeSlots = [{ startTime: tomorrowAt(now, 10).toISOString(), endTime: tomorrowAt(now, 11).toISOString() }];
  const s = await (await t.request("/api/scheduling-sessions", { cookie: owner.cookie, json: { candidateId, duration: 60, timeSlots, timeZone: "UTC", sendEmail: false } })).json();
  expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);
  await t.deps.jobs.idle();
  const inCalendar = (email: string) => google.events.filter((e) => e.calendarId === email);
  expect(inCalendar("owner-cal@example.com")).toHaveLength(1);

  const id = (await (await t.request("/api/meetings", { cookie: owner.cookie })).json()).meetings[0].id;
  const moved = await t.request(`/api/interviews/${id}`, { method: "PATCH", cookie: owner.cookie, json: { interviewerId: rec.id } });
  expect(moved.status).toBe(200);
  await t.deps.jobs.idle();
  expect(inCalendar("owner-cal@example.com")).toHaveLength(0);
  expect(inCalendar("rec-cal@example.com")).toHaveLength(1);
});
