import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { sessionUser } from "../auth/service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { BAD_SLOT, SESSION_NOT_FOUND } from "./booking";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Europe/London";
let n = 0;

const workspaceOf = (w: World, who: "owner" | "stranger") => sessionUser(t.deps, w.headers[who].cookie!.split("=")[1])!.user.workspaceId;
const candidate = (workspaceId: number) => upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `iv-${++n}`, name: "Jane Candidate", emailAddress: `jane${n}@example.com` }).id;
const slots = (daysAhead: number) => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), daysAhead)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });

/** A session offered by `who`: its token and the first slot's id. */
async function offer(w: World, who: "owner" | "stranger", daysAhead: number) {
  const candidateId = candidate(who === "owner" ? w.workspaceId : workspaceOf(w, "stranger"));
  const res = await t.request("/api/scheduling-sessions", { headers: w.headers[who], json: { candidateId, duration: 60, timeSlots: slots(daysAhead), timeZone: TZ, sendEmail: false } });
  const s = (await res.json()) as { sessionToken: string; timeSlots: { id: string }[] };
  return { token: s.sessionToken, slotId: s.timeSlots[0]!.id };
}

/** Books the first slot and answers the interview's public id. */
async function booked(w: World, who: "owner" | "stranger", daysAhead: number) {
  const s = await offer(w, who, daysAhead);
  const res = await t.request(`/api/book/${s.token}`, { json: { slotId: s.slotId } });
  if (res.status !== 200) throw new Error(`book: ${res.status} ${await res.text()}`);
  const meetings = (await (await t.request("/api/meetings", { headers: w.headers[who] })).json()) as { meetings: { id: string; startTime: string }[] };
  return meetings.meetings.find((m) => m.startTime === slots(daysAhead)[0]!.startTime)!.id;
}

apiScenarios(
  "interviews and meetings API",
  t,
  async (w) => {
    w.ids.interview = await booked(w, "owner", 2);
    w.ids.strangerInterview = await booked(w, "stranger", 2);
    const open = await offer(w, "owner", 3);
    w.ids.token = open.token;
    w.ids.slot = open.slotId;
  },
  [
    { name: "lists the booked interviews", url: "/api/meetings", as: "owner", status: 200, expect: (j, w) => expect(j.meetings.map((m: { id: string }) => m.id)).toEqual([w.ids.interview]) },
    {
      name: "every field of a meeting",
      url: "/api/meetings",
      as: "readKey",
      status: 200,
      expect: (j) =>
        expect(Object.keys(j.meetings[0]).sort()).toEqual(["candidate", "emails", "endTime", "flags", "id", "interviewerId", "interviewerIds", "startTime", "status", "timeZone", "title", "videoUrl"]),
    },
    { name: "without a session", url: "/api/meetings", as: "anonymous", status: 401, code: "unauthorized" },
    {
      name: "one interview, with its candidate and e-mails",
      url: (w) => `/api/interviews/${w.ids.interview}`,
      as: "owner",
      status: 200,
      expect: (j) => {
        expect(j.status).toBe("scheduled");
        expect(j.candidate).toMatchObject({ firstName: "Jane", lastName: "Candidate" });
        expect(Array.isArray(j.emails)).toBe(true);
        expect(j.duration).toBe(60);
      },
    },
    { name: "a read key of the workspace reads it", url: (w) => `/api/interviews/${w.ids.interview}`, as: "readKey", status: 200, expect: (j, w) => expect(j.id).toBe(w.ids.interview) },
    { name: "another workspace's key: not found", url: (w) => `/api/interviews/${w.ids.interview}`, as: "strangerKey", status: 404, code: "not_found" },
    { name: "signed out: not found, like a wrong id", url: (w) => `/api/interviews/${w.ids.interview}`, as: "anonymous", status: 404, code: "not_found" },
    {
      name: "another workspace's interview",
      url: (w) => `/api/interviews/${w.ids.strangerInterview}`,
      as: "owner",
      status: 404,
      message: "The interview details could not be found. It may have been canceled or the link is invalid.",
    },
    {
      name: "resends its e-mails",
      method: "POST",
      url: (w) => `/api/interviews/${w.ids.interview}/resend`,
      as: "owner",
      status: 200,
      tasks: { "mail.forget-links": 2, "mail.send": 2 },
      expect: (j) => expect(j.emails.length).toBeGreaterThan(0),
    },
    { name: "a read key may not resend", method: "POST", url: (w) => `/api/interviews/${w.ids.interview}/resend`, as: "readKey", status: 403, code: "insufficient_scope" },
    { name: "resend another workspace's", method: "POST", url: (w) => `/api/interviews/${w.ids.strangerInterview}/resend`, as: "writeKey", status: 404, code: "not_found" },
    {
      name: "a status the spec does not know",
      method: "POST",
      url: (w) => `/api/interviews/${w.ids.interview}/status`,
      body: { status: "done" },
      as: "owner",
      status: 400,
      code: "validation_failed",
      message: "Status must be completed or no_show",
    },
    {
      name: "reschedule needs a time or slots",
      method: "POST",
      url: (w) => `/api/interviews/${w.ids.interview}/reschedule`,
      body: {},
      as: "owner",
      status: 400,
      message: "Please choose a new time or offer new time slots",
    },
    {
      name: "a recruiter may not reassign",
      method: "PATCH",
      url: (w) => `/api/interviews/${w.ids.interview}`,
      body: (w: World) => ({ to: w.ownerId }),
      as: "recruiter",
      status: 403,
      code: "forbidden",
    },
    {
      name: "a reason too long",
      method: "POST",
      url: (w) => `/api/interviews/${w.ids.interview}/cancel`,
      body: { reason: "x".repeat(1001) },
      as: "owner",
      status: 400,
      message: "Keep the reason under 1000 characters",
    },
    { name: "cancel another workspace's", method: "POST", url: (w) => `/api/interviews/${w.ids.strangerInterview}/cancel`, body: {}, as: "owner", status: 404, code: "not_found" },
    {
      name: "cancels",
      method: "POST",
      url: (w) => `/api/interviews/${w.ids.interview}/cancel`,
      body: { reason: "Filled" },
      as: "writeKey",
      status: 200,
      tasks: { "calendar.meeting": 1, "mail.forget-links": 2, "mail.send": 2 },
      events: { "interview.cancelled": 1 },
      expect: (j) => expect(j.status).toBe("canceled"),
    },
    // The candidate's side: the token is the only access.
    {
      name: "a booking link's slots, for anyone with the token",
      url: (w) => `/api/book/${w.ids.token}`,
      as: "anonymous",
      status: 200,
      expect: (j) => {
        expect(Object.keys(j).sort()).toEqual(["availableSlots", "candidate", "session"]);
        expect(j.session.duration).toBe(60);
        expect(j.availableSlots.length).toBeGreaterThan(0);
      },
    },
    { name: "an unknown token", url: "/api/book/nope", as: "anonymous", status: 404, message: SESSION_NOT_FOUND },
    { name: "no slot chosen", method: "POST", url: (w) => `/api/book/${w.ids.token}`, body: {}, as: "anonymous", status: 400, code: "validation_failed", message: "Please select a time slot" },
    { name: "a slot not offered", method: "POST", url: (w) => `/api/book/${w.ids.token}`, body: { slotId: "nope" }, as: "anonymous", status: 400, message: BAD_SLOT },
    {
      name: "an unknown zone",
      method: "POST",
      url: (w) => `/api/book/${w.ids.token}`,
      body: (w: World) => ({ slotId: w.ids.slot, timeZone: "Mars/Olympus" }),
      as: "anonymous",
      status: 400,
      message: "Unknown time zone",
    },
    {
      name: "books",
      method: "POST",
      url: (w) => `/api/book/${w.ids.token}`,
      body: (w: World) => ({ slotId: w.ids.slot, timeZone: "Europe/Paris" }),
      as: "anonymous",
      status: 200,
      tasks: { "calendar.meeting": 1, "feedback.request": 1, "mail.forget-links": 2, "mail.send": 2 },
      events: { "interview.booked": 1 },
      expect: (j) => {
        expect(j.success).toBe(true);
        expect(j.message).toBe("Your interview has been successfully booked.");
        expect(Object.keys(j.meeting).sort()).toEqual(["endTime", "startTime", "timeZone", "title"]);
        expect(j.confirmationUrl).toMatch(/^\/book\/manage\/[A-Za-z0-9_-]+$/);
      },
    },
    { name: "a booked link is gone", url: (w) => `/api/book/${w.ids.token}`, as: "anonymous", status: 404, code: "not_found" },
  ],
);
