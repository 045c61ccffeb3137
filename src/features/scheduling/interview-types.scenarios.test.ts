import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { sessionUser } from "../auth/service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { getBookingView } from "./booking";

const t = makeTestApp();
t.clock.set(new Date("2030-01-07T06:00:00Z")); // Monday
const idOf = (w: World, who: "recruiter" | "stranger") => sessionUser(t.deps, w.headers[who].cookie!.split("=")[1])!.user.id;
const PANEL_TYPE = {
  name: "Client panel",
  duration: 45,
  videoLink: { kind: "fixed", url: "https://meet.example.com/panel" },
  location: "Level 3, 1 Collins St",
  description: "With the hiring manager",
  defaultMessage: "Pick a time that suits you.",
  bufferBeforeMinutes: 30,
  bufferAfterMinutes: null,
  minimumNoticeMinutes: 0,
};

apiScenarios(
  "interview types API",
  t,
  async (w) => {
    w.ids.recruiter = idOf(w, "recruiter");
    w.ids.stranger = idOf(w, "stranger");
    w.ids.candidate = upsertParticipantFromVisitor(t.deps, w.workspaceId, { uniqueId: "it-1", name: "Ivy Candidate" }).id;
    // Everyone works Tuesday 09:00–12:00 UTC.
    for (const who of ["owner", "recruiter"] as const) {
      const res = await t.request("/api/availability", {
        method: "PUT",
        headers: w.headers[who],
        json: { timeZone: "UTC", weekly: [{ day: 2, start: "09:00", end: "12:00" }], minimumNoticeMinutes: 1680 },
      });
      if (res.status !== 200) throw new Error(await res.text());
    }
  },
  [
    { name: "none at first", url: "/api/interview-types", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ interviewTypes: [] }) },
    {
      name: "adds a panel type with every field",
      method: "POST",
      url: "/api/interview-types",
      as: "recruiter",
      body: (w: World) => ({ ...PANEL_TYPE, interviewers: [{ userId: w.ids.recruiter, required: true }] }),
      status: 201,
      events: { "interview_type.created": 1 },
      expect: (j, w) => {
        w.ids.type = j.id;
        expect(j).toEqual({ id: j.id, ...PANEL_TYPE, interviewers: [{ userId: w.ids.recruiter, required: true }], pool: null });
      },
    },
    {
      name: "a session from the type copies its name, duration, video link, message and panel; its own buffer and notice apply",
      method: "POST",
      url: "/api/scheduling-sessions",
      as: "owner",
      body: (w: World) => ({ candidateId: w.ids.candidate, interviewTypeId: w.ids.type, mode: "availability", from: "2030-01-08", to: "2030-01-08", timeZone: "UTC", sendEmail: false }),
      status: 201,
      events: { "session.created": 1 },
      expect: (j, w) => {
        expect(j).toMatchObject({ title: "Client panel", duration: 45, interviewers: [{ userId: w.ids.recruiter, required: true }] });
        // The members' 28 hours' notice would start at 10:00; the type's 0 offers 09:00 … 11:15.
        const starts = getBookingView(t.deps, j.sessionToken).availableSlots.map((s) => s.startTime.slice(11, 16));
        expect(starts[0]).toBe("09:00");
        expect(starts.at(-1)).toBe("11:15");
        w.ids.sessionToken = j.sessionToken;
      },
    },
    {
      name: "the booked interview takes the type's location",
      method: "POST",
      url: (w: World) => `/api/book/${w.ids.sessionToken}`,
      as: "anonymous",
      body: { slotId: "t" + Date.parse("2030-01-08T09:00:00Z") },
      status: 200,
      tasks: { "calendar.meeting": 1, "feedback.request": 1, "mail.forget-links": 2, "mail.send": 2 },
      events: { "interview.booked": 1 },
      expect: (_j, w) => {
        const row = t.deps.db.$client.query<{ location: string | null }, [number]>("select location from meetings where workspace_id = ?").get(w.workspaceId);
        expect(row?.location).toBe("Level 3, 1 Collins St");
      },
    },
    { name: "reads one", url: (w) => `/api/interview-types/${w.ids.type}`, as: "readKey", status: 200, expect: (j) => expect(j.name).toBe("Client panel") },
    {
      name: "changes a field, keeps the others",
      method: "PATCH",
      url: (w) => `/api/interview-types/${w.ids.type}`,
      as: "owner",
      body: { duration: 60, pool: null, bufferBeforeMinutes: null },
      status: 200,
      events: { "interview_type.changed": 1 },
      expect: (j) => expect(j).toMatchObject({ duration: 60, bufferBeforeMinutes: null, location: "Level 3, 1 Collins St" }),
    },
    { name: "refused: no name", method: "POST", url: "/api/interview-types", as: "owner", body: { name: " " }, status: 400, message: "Give the interview type a name (at most 100 characters)" },
    {
      name: "refused: a duration not offered",
      method: "POST",
      url: "/api/interview-types",
      as: "owner",
      body: { name: "Odd", duration: 50 },
      status: 400,
      message: "Duration must be 30, 45, 60, 90 or 120 minutes",
    },
    {
      name: "refused: a buffer out of range",
      method: "POST",
      url: "/api/interview-types",
      as: "owner",
      body: { name: "B", bufferAfterMinutes: 500 },
      status: 400,
      message: "Buffers must be whole minutes from 0 to 480, or null for the members' own",
    },
    {
      name: "refused: a pool of one",
      method: "POST",
      url: "/api/interview-types",
      as: "owner",
      body: (w: World) => ({ name: "P", pool: { userIds: [w.ownerId] } }),
      status: 400,
      message: "A pool needs at least two members",
    },
    {
      name: "refused: another workspace's member",
      method: "POST",
      url: "/api/interview-types",
      as: "owner",
      body: (w: World) => ({ name: "S", interviewers: [{ userId: w.ids.stranger }] }),
      status: 404,
      message: "Interviewer not found",
    },
    {
      name: "refused: a fixed link without its URL",
      method: "POST",
      url: "/api/interview-types",
      as: "owner",
      body: { name: "V", videoLink: { kind: "fixed" } },
      status: 400,
      message: "Enter the link of your video room (https://…)",
    },
    { name: "another workspace's type is not found", url: (w) => `/api/interview-types/${w.ids.type}`, as: "strangerKey", status: 404, code: "not_found" },
    { name: "a read key cannot add one", method: "POST", url: "/api/interview-types", as: "readKey", body: { name: "K" }, status: 403, code: "insufficient_scope" },
    {
      name: "deletes it",
      method: "DELETE",
      url: (w) => `/api/interview-types/${w.ids.type}`,
      as: "owner",
      status: 200,
      events: { "interview_type.deleted": 1 },
      expect: (j) => expect(j).toEqual({ success: true }),
    },
    { name: "gone", url: (w) => `/api/interview-types/${w.ids.type}`, as: "owner", status: 404, message: "Interview type not found" },
  ],
);
