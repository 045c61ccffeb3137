import { expect } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";
import { sessionUser } from "../auth/service";
import { BUFFER_RANGE, CAP_RANGE, DATE_FORMAT, DATE_TWICE, DAY_RANGE, NOTICE_RANGE, RANGE_ORDER, RANGES_OVERLAP, TIME_FORMAT } from "./availability-model";

const t = makeTestApp();
const idOf = (w: World, who: "admin" | "recruiter" | "stranger") => sessionUser(t.deps, w.headers[who].cookie!.split("=")[1])!.user.id;
const DEFAULTS = {
  timeZone: "Australia/Melbourne",
  weekly: [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
  overrides: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 240,
  maxInterviewsPerDay: null,
};
const MINE = {
  timeZone: "Europe/London",
  weekly: [
    { day: 2, start: "13:00", end: "17:00" },
    { day: 2, start: "09:00", end: "12:00" },
    { day: 6, start: "10:00", end: "24:00" },
  ],
  overrides: [
    { date: "2030-12-25", ranges: [] },
    { date: "2030-12-24", ranges: [{ start: "09:00", end: "12:00" }] },
  ],
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 15,
  minimumNoticeMinutes: 60,
  maxInterviewsPerDay: 3,
};
const put = (body: unknown, message: string, name = message) => ({
  name: `refused: ${name}`,
  method: "PUT" as const,
  url: "/api/availability",
  as: "owner" as const,
  body,
  status: 400,
  code: "validation_failed",
  message,
});

apiScenarios(
  "availability API",
  t,
  async (w) => {
    t.deps.db.update(users).set({ timeZone: "Australia/Melbourne" }).where(eq(users.id, w.ownerId)).run();
    w.ids.admin = idOf(w, "admin");
    w.ids.recruiter = idOf(w, "recruiter");
    w.ids.stranger = idOf(w, "stranger");
  },
  [
    {
      name: "defaults: Monday to Friday 09:00–17:00 in the member's zone, no buffers, 4 hours' notice, no cap",
      url: "/api/availability",
      as: "owner",
      status: 200,
      expect: (j) => expect(j).toEqual(DEFAULTS),
    },
    { name: "a member without a zone has the defaults in UTC", url: "/api/availability", as: "recruiter", status: 200, expect: (j) => expect(j).toEqual({ ...DEFAULTS, timeZone: "UTC" }) },
    { name: "without a session", url: "/api/availability", as: "anonymous", status: 401, code: "unauthorized" },
    {
      name: "saves every field, ranges sorted, several a day, a day off",
      method: "PUT",
      url: "/api/availability",
      as: "owner",
      body: MINE,
      status: 200,
      events: { "availability.changed": 1 },
      expect: (j) =>
        expect(j).toEqual({
          ...MINE,
          weekly: [MINE.weekly[1], MINE.weekly[0], MINE.weekly[2]],
          overrides: [MINE.overrides[1], MINE.overrides[0]],
        }),
    },
    { name: "reads back what was saved", url: "/api/availability", as: "owner", status: 200, expect: (j) => expect([j.weekly.length, j.maxInterviewsPerDay]).toEqual([3, 3]) },
    {
      name: "fields left out keep their values; null lifts the cap",
      method: "PUT",
      url: "/api/availability",
      as: "owner",
      body: { maxInterviewsPerDay: null, bufferAfterMinutes: 0 },
      status: 200,
      events: { "availability.changed": 1 },
      expect: (j) => expect(j).toMatchObject({ timeZone: "Europe/London", maxInterviewsPerDay: null, bufferAfterMinutes: 0, bufferBeforeMinutes: 10 }),
    },
    put({ timeZone: "Mars/Olympus" }, "Unknown time zone"),
    put({ weekly: [{ day: 7, start: "09:00", end: "17:00" }] }, DAY_RANGE),
    put({ weekly: [{ day: 1, start: "9am", end: "17:00" }] }, TIME_FORMAT),
    put({ weekly: [{ day: 1, start: "09:00", end: "24:30" }] }, TIME_FORMAT, "24:30"),
    put({ weekly: [{ day: 1, start: "17:00", end: "09:00" }] }, RANGE_ORDER),
    put(
      {
        weekly: [
          { day: 1, start: "09:00", end: "13:00" },
          { day: 1, start: "12:00", end: "17:00" },
        ],
      },
      RANGES_OVERLAP,
    ),
    put({ weekly: "Mon-Fri" }, "weekly must be a list of {day, start, end}"),
    put({ overrides: [{ date: "2030-02-30", ranges: [] }] }, DATE_FORMAT),
    put(
      {
        overrides: [
          { date: "2030-12-24", ranges: [] },
          { date: "2030-12-24", ranges: [] },
        ],
      },
      DATE_TWICE,
    ),
    put(
      {
        overrides: [
          {
            date: "2030-12-24",
            ranges: [
              { start: "10:00", end: "12:00" },
              { start: "11:00", end: "13:00" },
            ],
          },
        ],
      },
      RANGES_OVERLAP,
      "overlapping override",
    ),
    put({ bufferBeforeMinutes: -5 }, BUFFER_RANGE),
    put({ bufferAfterMinutes: 481 }, BUFFER_RANGE, "481"),
    put({ bufferAfterMinutes: 7.5 }, BUFFER_RANGE, "7.5"),
    put({ minimumNoticeMinutes: 50_000 }, NOTICE_RANGE),
    put({ maxInterviewsPerDay: 0 }, CAP_RANGE),
    put({ maxInterviewsPerDay: "3" }, CAP_RANGE, "a string"),
    put({ workingHours: [] }, 'Unrecognized key: "workingHours"', "an unknown field"),
    { name: "a recruiter reads only their own", url: (w) => `/api/availability?userId=${w.ownerId}`, as: "recruiter", status: 403, code: "forbidden" },
    {
      name: "a recruiter asking for themselves by id",
      url: (w) => `/api/availability?userId=${w.ids.recruiter}`,
      as: "recruiter",
      status: 200,
      expect: (j) => expect(j.weekly.length).toBeGreaterThan(0),
    },
    {
      name: "a recruiter cannot change the owner's",
      method: "PUT",
      url: (w) => `/api/availability?userId=${w.ownerId}`,
      as: "recruiter",
      body: { bufferAfterMinutes: 5 },
      status: 403,
      code: "forbidden",
    },
    {
      name: "an admin changes the recruiter's",
      method: "PUT",
      url: (w) => `/api/availability?userId=${w.ids.recruiter}`,
      as: "admin",
      body: { weekly: [{ day: 3, start: "08:00", end: "12:00" }] },
      status: 200,
      events: { "availability.changed": 1 },
      expect: (j) => expect(j).toMatchObject({ timeZone: "UTC", weekly: [{ day: 3, start: "08:00", end: "12:00" }], minimumNoticeMinutes: 240 }),
    },
    { name: "the recruiter sees the admin's change", url: "/api/availability", as: "recruiter", status: 200, expect: (j) => expect(j.weekly).toEqual([{ day: 3, start: "08:00", end: "12:00" }]) },
    { name: "another workspace's member is not found", url: (w) => `/api/availability?userId=${w.ids.stranger}`, as: "owner", status: 404, code: "not_found" },
    { name: "an API key reads its owner's", url: "/api/availability", as: "readKey", status: 200, expect: (j) => expect(j.timeZone).toBe("Europe/London") },
    { name: "a read-only key cannot change it", method: "PUT", url: "/api/availability", as: "readKey", body: { bufferAfterMinutes: 5 }, status: 403, code: "insufficient_scope" },
  ],
);
