// "Offer my free times" (issue 36 item 2): a session with a date range instead of slots. The
// candidate's page offers every start the interviewer's availability allows, computed when it is
// opened; the booking transaction checks the same rules and answers the usual 409 otherwise.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import type { BusyInterval } from "./busy-calendar";
import { SLOT_TAKEN } from "./booking";
import { getManageView, moveByCandidate } from "./candidate-changes";
import { NO_FREE_TIMES, RANGE_FORMAT, RANGE_ORDER, RANGE_TOO_FAR } from "./offer-range";
import { RANGE_MISSING } from "./model";

const busy: BusyInterval[] = [];
const t = makeTestApp({}, { replace: { busyCalendar: { busyIntervals: (_u, from, to) => busy.filter((b) => b.start < to && b.end > from), videoDefault: () => ({ kind: "none", url: null }) } } });
// Monday 7 January 2030, 06:00 in London.
t.clock.set(new Date("2030-01-07T06:00:00Z"));
let n = 0;

async function recruiter(availability: Record<string, unknown> = {}) {
  const u = await t.signUp();
  const put = await t.request("/api/availability", { method: "PUT", cookie: u.cookie, json: { timeZone: "Europe/London", minimumNoticeMinutes: 0, ...availability } });
  expect(put.status).toBe(200);
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `ft-${++n}`, name: "Kai Candidate" });
  return { ...u, candidateId: cand.id };
}
const create = (u: { cookie: string; candidateId: number }, body: Record<string, unknown>) =>
  t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: u.candidateId, duration: 60, timeZone: "Europe/London", sendEmail: false, mode: "availability", ...body } });
const offered = async (token: string) => ((await (await t.request(`/api/book/${token}`)).json()) as { availableSlots: { id: string; startTime: string; endTime: string }[] }).availableSlots;
const book = (token: string, slotId: string, timeZone = "America/Los_Angeles") => t.request(`/api/book/${token}`, { json: { slotId, timeZone } });

describe("offer my free times", () => {
  test("a range of dates offers every free start on the 15-minute grid; the candidate books one from another zone", async () => {
    const u = await recruiter({ weekly: [{ day: 2, start: "09:00", end: "11:00" }], bufferAfterMinutes: 15 });
    const res = await create(u, { from: "2030-01-07", to: "2030-01-13" });
    expect(res.status).toBe(201);
    const s = (await res.json()) as { sessionToken: string; mode: string; from: string; to: string; timeSlots: unknown[]; bookableSlots: number };
    expect(s).toMatchObject({ mode: "availability", from: "2030-01-07T00:00:00.000Z", to: "2030-01-14T00:00:00.000Z", timeSlots: [] });
    expect(s.bookableSlots).toBe(5); // Tuesday 09:00, 09:15, 09:30, 09:45, 10:00
    const slots = await offered(s.sessionToken);
    expect(slots.map((x) => x.startTime)).toEqual(["2030-01-08T09:00:00.000Z", "2030-01-08T09:15:00.000Z", "2030-01-08T09:30:00.000Z", "2030-01-08T09:45:00.000Z", "2030-01-08T10:00:00.000Z"]);
    // The booking page shows them in the candidate's zone (?tz=): 01:00 in Los Angeles.
    const page = await (await t.request(`/book/${s.sessionToken}?tz=America/Los_Angeles`)).text();
    expect(page).toContain("1:00 AM");
    const booked = await book(s.sessionToken, slots[0]!.id);
    expect(booked.status).toBe(200);
    expect(((await booked.json()) as { meeting: { startTime: string } }).meeting.startTime).toBe("2030-01-08T09:00:00.000Z");
    const list = (await (await t.request("/api/scheduling-sessions", { cookie: u.cookie })).json()) as { sessions: { state: string; timeSlots: unknown[] }[] };
    expect(list.sessions[0]).toMatchObject({ state: "booked" });
    expect(list.sessions[0]!.timeSlots).toHaveLength(1);
  });

  test("the booking enforces the rules: buffers after another interview, the daily cap, notice, and starts never offered", async () => {
    const u = await recruiter({ weekly: [{ day: 2, start: "09:00", end: "13:00" }], bufferAfterMinutes: 30, maxInterviewsPerDay: 2 });
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) tokens.push(((await (await create(u, { from: "2030-01-08", to: "2030-01-08" })).json()) as { sessionToken: string }).sessionToken);
    expect((await book(tokens[0]!, "t" + Date.parse("2030-01-08T09:00:00Z"))).status).toBe(200);
    // 10:15 is inside the 30-minute buffer after the 09:00–10:00 interview.
    const buffered = await book(tokens[1]!, "t" + Date.parse("2030-01-08T10:15:00Z"));
    expect(buffered.status).toBe(409);
    expect(((await buffered.json()) as { message: string }).message).toBe(SLOT_TAKEN);
    expect((await offered(tokens[1]!)).map((x) => x.startTime)[0]).toBe("2030-01-08T10:30:00.000Z");
    // Not on the grid, outside the range, outside the hours: refused alike.
    for (const at of ["2030-01-08T10:40:00Z", "2030-01-09T09:00:00Z", "2030-01-08T14:00:00Z"]) expect((await book(tokens[1]!, "t" + Date.parse(at))).status).toBe(409);
    expect((await book(tokens[1]!, "slot-1")).status).toBe(400);
    expect((await book(tokens[1]!, "t" + Date.parse("2030-01-08T11:00:00Z"))).status).toBe(200);
    // Two that day: the cap is reached, nothing more is offered or booked.
    expect(await offered(tokens[2]!)).toEqual([]);
    expect((await book(tokens[2]!, "t" + Date.parse("2030-01-08T12:00:00Z"))).status).toBe(409);
  });

  test("calendar busy times and minimum notice leave the page and are refused at booking", async () => {
    const u = await recruiter({ weekly: [{ day: 1, start: "08:00", end: "12:00" }], minimumNoticeMinutes: 180 });
    const s = (await (await create(u, { from: "2030-01-07", to: "2030-01-07" })).json()) as { sessionToken: string };
    // Now is 06:00: three hours' notice leaves 09:00 as the first start.
    expect((await offered(s.sessionToken))[0]!.startTime).toBe("2030-01-07T09:00:00.000Z");
    expect((await book(s.sessionToken, "t" + Date.parse("2030-01-07T08:45:00Z"))).status).toBe(409);
    busy.push({ start: new Date("2030-01-07T09:30:00Z"), end: new Date("2030-01-07T10:00:00Z") });
    const starts = (await offered(s.sessionToken)).map((x) => x.startTime);
    expect(starts).not.toContain("2030-01-07T09:00:00.000Z");
    expect(starts[0]).toBe("2030-01-07T10:00:00.000Z");
    expect((await book(s.sessionToken, "t" + Date.parse("2030-01-07T09:00:00Z"))).status).toBe(409);
    busy.length = 0;
  });

  test("the candidate moves to another free time; the interview itself does not block it", async () => {
    const u = await recruiter({ weekly: [{ day: 2, start: "09:00", end: "11:00" }] });
    const s = (await (await create(u, { from: "2030-01-08", to: "2030-01-08" })).json()) as { sessionToken: string };
    const booked = (await (await book(s.sessionToken, "t" + Date.parse("2030-01-08T09:00:00Z"))).json()) as { confirmationUrl: string };
    const manage = booked.confirmationUrl.split("/").at(-1)!;
    const others = getManageView(t.deps, manage).otherSlots.map((x) => x.startTime);
    // 09:15 overlaps the interview being moved: offered, since the move frees it.
    expect(others).toContain("2030-01-08T09:15:00.000Z");
    expect(others).not.toContain("2030-01-08T09:00:00.000Z");
    await moveByCandidate(t.deps, manage, "t" + Date.parse("2030-01-08T09:30:00Z"));
    expect(getManageView(t.deps, manage).startTime).toBe("2030-01-08T09:30:00.000Z");
    // A time outside the hours is the usual 409.
    await expect(moveByCandidate(t.deps, manage, "t" + Date.parse("2030-01-08T12:00:00Z"))).rejects.toThrow(SLOT_TAKEN);
  });

  test("refused: missing, unreadable, reversed or too distant ranges, and a range without free times", async () => {
    const u = await recruiter({ weekly: [{ day: 2, start: "09:00", end: "11:00" }] });
    const refused = async (body: Record<string, unknown>, status: number, message: string) => {
      const res = await create(u, body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    };
    await refused({ from: "2030-01-08" }, 400, RANGE_MISSING);
    await refused({ from: "next week", to: "2030-01-09" }, 400, RANGE_FORMAT);
    await refused({ from: "2030-01-08T09:00:00", to: "2030-01-09" }, 400, RANGE_FORMAT);
    await refused({ from: "2030-01-09", to: "2030-01-08" }, 400, RANGE_ORDER);
    await refused({ from: "2030-01-08", to: "2030-04-08" }, 400, RANGE_TOO_FAR);
    await refused({ from: "2030-01-09", to: "2030-01-12" }, 409, NO_FREE_TIMES);
    await refused({ mode: "calendar", from: "2030-01-08", to: "2030-01-09" }, 400, "Mode must be slots or availability");
    // Hand-picked slots still work without a mode.
    expect((await create(u, { mode: undefined, from: undefined, timeSlots: [] })).status).toBe(400);
  });
});
