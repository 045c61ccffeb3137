import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { sessionUser } from "../auth/service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Europe/London";
let n = 0;

/** The workspace of a cookie caller (the stranger's, for objects in another workspace). */
const workspaceOf = (w: World, who: "owner" | "stranger") => sessionUser(t.deps, w.headers[who].cookie!.split("=")[1])!.user.workspaceId;
const candidate = (workspaceId: number) => upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `sc-${++n}`, name: "Jane Candidate", emailAddress: `jane${n}@example.com` }).id;
const slots = (daysAhead: number) => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), daysAhead)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
const session = async (w: World, who: "owner" | "stranger", candidateId: number) => {
  const res = await t.request("/api/scheduling-sessions", { headers: w.headers[who], json: { candidateId, duration: 60, timeSlots: slots(2), timeZone: TZ, sendEmail: false } });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
};

const MISSING = "Missing information: Please select a candidate and add time slots";

apiScenarios(
  "scheduling sessions API",
  t,
  async (w) => {
    w.ids.candidate = candidate(w.workspaceId);
    w.ids.strangerCandidate = candidate(workspaceOf(w, "stranger"));
    w.ids.session = await session(w, "owner", Number(w.ids.candidate));
    w.ids.strangerSession = await session(w, "stranger", Number(w.ids.strangerCandidate));
  },
  [
    {
      name: "lists the workspace's sessions with every field",
      url: "/api/scheduling-sessions",
      as: "owner",
      status: 200,
      expect: (j, w) => {
        expect(j.sessions.map((s: { id: number }) => s.id)).toEqual([w.ids.session]);
        expect(Object.keys(j.sessions[0]).sort()).toEqual(
          [
            "availableSlots",
            "bookableSlots",
            "bookingUrl",
            "candidate",
            "candidateId",
            "createdAt",
            "description",
            "duration",
            "expiresAt",
            "from",
            "id",
            "interview",
            "interviewerId",
            "interviewers",
            "mode",
            "pool",
            "sessionToken",
            "shortlistId",
            "state",
            "status",
            "timeSlots",
            "timeZone",
            "title",
            "to",
          ].sort(),
        );
      },
    },
    { name: "without a session", url: "/api/scheduling-sessions", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key lists", url: "/api/scheduling-sessions", as: "readKey", status: 200, expect: (j) => expect(j.sessions).toHaveLength(1) },
    { name: "another workspace's key sees its own", url: "/api/scheduling-sessions", as: "strangerKey", status: 200, expect: (j, w) => expect(j.sessions[0].id).toBe(w.ids.strangerSession) },
    {
      name: "a recruiter offers slots",
      method: "POST",
      url: "/api/scheduling-sessions",
      body: (w: World) => ({ candidateId: w.ids.candidate, duration: 60, timeSlots: slots(3), timeZone: TZ, sendEmail: false }),
      as: "recruiter",
      status: 201,
      events: { "session.created": 1 },
      expect: (j) => {
        expect(j.status).toBe("pending");
        expect(j.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(j.candidate).toEqual({ firstName: "Jane", lastName: "Candidate" });
      },
    },
    {
      name: "a read key may not write",
      method: "POST",
      url: "/api/scheduling-sessions",
      body: (w: World) => ({ candidateId: w.ids.candidate, timeSlots: slots(3) }),
      as: "readKey",
      status: 403,
      code: "insufficient_scope",
    },
    {
      name: "a read-write key writes",
      method: "POST",
      url: "/api/scheduling-sessions",
      body: (w: World) => ({ candidateId: w.ids.candidate, duration: 60, timeSlots: slots(4), timeZone: TZ, sendEmail: false }),
      as: "writeKey",
      status: 201,
      events: { "session.created": 1 },
      expect: (j) => expect([j.status, j.candidate.firstName]).toEqual(["pending", "Jane"]),
    },
    { name: "nothing chosen", method: "POST", url: "/api/scheduling-sessions", body: {}, as: "owner", status: 400, code: "validation_failed", message: MISSING },
    { name: "no slots", method: "POST", url: "/api/scheduling-sessions", body: (w: World) => ({ candidateId: w.ids.candidate, timeSlots: [] }), as: "owner", status: 400, message: MISSING },
    {
      name: "a duration the spec does not offer",
      method: "POST",
      url: "/api/scheduling-sessions",
      body: (w: World) => ({ candidateId: w.ids.candidate, duration: 50, timeSlots: slots(3) }),
      as: "owner",
      status: 400,
      message: "Duration must be 30, 45, 60, 90 or 120 minutes",
    },
    {
      name: "another workspace's candidate",
      method: "POST",
      url: "/api/scheduling-sessions",
      body: (w: World) => ({ candidateId: w.ids.strangerCandidate, duration: 60, timeSlots: slots(3), timeZone: TZ }),
      as: "owner",
      status: 404,
      code: "not_found",
      message: "Candidate not found",
    },
    {
      name: "a recruiter may not reassign",
      method: "PATCH",
      url: (w) => `/api/scheduling-sessions/${w.ids.session}`,
      body: (w: World) => ({ to: w.ownerId }),
      as: "recruiter",
      status: 403,
      code: "forbidden",
    },
    { name: "reassign needs a member", method: "PATCH", url: (w) => `/api/scheduling-sessions/${w.ids.session}`, body: {}, as: "owner", status: 400, message: "Choose a member" },
    {
      name: "reassign to the owner",
      method: "PATCH",
      url: (w) => `/api/scheduling-sessions/${w.ids.session}`,
      body: (w: World) => ({ to: w.ownerId }),
      as: "owner",
      status: 200,
      events: { "session.reassigned": 1 },
      expect: (j) => expect(j).toEqual({ success: true }),
    },
    {
      name: "reassign another workspace's session",
      method: "PATCH",
      url: (w) => `/api/scheduling-sessions/${w.ids.strangerSession}`,
      body: (w: World) => ({ to: w.ownerId }),
      as: "admin",
      status: 404,
      message: "Scheduling session not found",
    },
    {
      name: "resends the link",
      method: "POST",
      url: (w) => `/api/scheduling-sessions/${w.ids.session}/resend`,
      body: { message: "Reminder" },
      as: "owner",
      status: 200,
      tasks: { "mail.forget-links": 1, "mail.send": 1 },
      expect: (j) => expect(j).toEqual({ success: true }),
    },
    { name: "resend for another workspace", method: "POST", url: (w) => `/api/scheduling-sessions/${w.ids.strangerSession}/resend`, body: {}, as: "owner", status: 404, code: "not_found" },
    { name: "a bad id", method: "DELETE", url: "/api/scheduling-sessions/abc", as: "owner", status: 400, code: "validation_failed", message: "Invalid id" },
    { name: "another workspace's session", method: "DELETE", url: (w) => `/api/scheduling-sessions/${w.ids.strangerSession}`, as: "owner", status: 404, message: "Scheduling session not found" },
    { name: "a read key may not cancel", method: "DELETE", url: (w) => `/api/scheduling-sessions/${w.ids.session}`, as: "readKey", status: 403, code: "insufficient_scope" },
    {
      name: "cancels",
      method: "DELETE",
      url: (w) => `/api/scheduling-sessions/${w.ids.session}`,
      as: "owner",
      status: 200,
      events: { "session.cancelled": 1 },
      expect: (j) => expect(j).toEqual({ success: true }),
    },
    { name: "only a pending one", method: "DELETE", url: (w) => `/api/scheduling-sessions/${w.ids.session}`, as: "owner", status: 409, message: "Only pending sessions can be canceled" },
  ],
);
