import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Melbourne";
let n = 0;

const candidate = (workspaceId: number) =>
  upsertParticipantFromVisitor(t.deps, workspaceId, {
    uniqueId: `iv-${++n}`,
    name: `Cand ${n}`,
    emailAddress: `cand${n}@example.com`,
    roleApplied: "UX Designer",
    linkedinUrl: "https://linkedin.com/in/c",
  }).id;

// One slot: the same hour for every session, so bookings would overlap.
const oneSlot = () => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }).slice(0, 1);

async function session(cookie: string, workspaceId: number, extra: Record<string, unknown> = {}) {
  const res = await t.request("/api/scheduling-sessions", { cookie, json: { candidateId: candidate(workspaceId), duration: 60, timeSlots: oneSlot(), timeZone: TZ, sendEmail: false, ...extra } });
  return { res, body: (await res.json()) as { id: number; sessionToken: string; interviewerId: number; timeSlots: { id: string }[]; message?: string } };
}

const book = (s: { sessionToken: string; timeSlots: { id: string }[] }) => t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0]!.id } });

describe("interviewers", () => {
  test("a session is its interviewer's: the creator by default, or a member chosen; a non-member is 404", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const mine = await session(rec.cookie, owner.workspaceId);
    expect(mine.res.status).toBe(201);
    expect(mine.body.interviewerId).toBe(rec.id);
    const forOwner = await session(rec.cookie, owner.workspaceId, { interviewerId: owner.userId });
    expect(forOwner.body.interviewerId).toBe(owner.userId);
    const stranger = await t.signUp();
    const foreign = await session(rec.cookie, owner.workspaceId, { interviewerId: stranger.userId });
    expect(foreign.res.status).toBe(404);
    expect(foreign.body.message).toBe("Interviewer not found");
  });

  test("interviews of two interviewers in one workspace may overlap; one interviewer's may not", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const a = await session(owner.cookie, owner.workspaceId);
    const b = await session(rec.cookie, owner.workspaceId);
    const c = await session(owner.cookie, owner.workspaceId);
    expect((await book(a.body)).status).toBe(200);
    // Another interviewer, the same hour: fine.
    expect((await book(b.body)).status).toBe(200);
    // The first interviewer again, the same hour: refused.
    const clash = await book(c.body);
    expect(clash.status).toBe(409);
    const meetings = (await (await t.request("/api/meetings", { cookie: owner.cookie })).json()) as { meetings: { interviewerId: number }[] };
    expect(meetings.meetings.map((m) => m.interviewerId).sort()).toEqual([owner.userId, rec.id].sort());
  });

  test("removing a member can hand their sessions and interviews to another member", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const s = await session(rec.cookie, owner.workspaceId);
    expect((await book(s.body)).status).toBe(200);
    const res = await t.request(`/api/workspace/members/${rec.id}?reassignTo=${owner.userId}`, { method: "DELETE", cookie: owner.cookie });
    expect(await res.json()).toEqual({ success: true, reassigned: { sessions: 1, interviews: 1 }, conflicts: [] });
    const sessions = (await (await t.request("/api/scheduling-sessions", { cookie: owner.cookie })).json()) as { sessions: { id: number; interviewerId: number }[] };
    expect(sessions.sessions.find((x) => x.id === s.body.id)?.interviewerId).toBe(owner.userId);
  });
});

describe("reassigning one session or interview", () => {
  test("owners and admins hand a session or an interview to another member; recruiters may not; another workspace's member is 404", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const s = await session(owner.cookie, owner.workspaceId);
    expect((await book(s.body)).status).toBe(200);
    const interviewId = ((await (await t.request("/api/meetings", { cookie: owner.cookie })).json()) as { meetings: { id: string }[] }).meetings[0]!.id;

    expect((await t.request(`/api/scheduling-sessions/${s.body.id}`, { method: "PATCH", cookie: rec.cookie, json: { interviewerId: rec.id } })).status).toBe(403);
    expect((await t.request(`/api/scheduling-sessions/${s.body.id}`, { method: "PATCH", cookie: owner.cookie, json: { interviewerId: rec.id } })).status).toBe(200);
    expect((await t.request(`/api/interviews/${interviewId}`, { method: "PATCH", cookie: owner.cookie, json: { interviewerId: rec.id } })).status).toBe(200);
    const meetings = (await (await t.request("/api/meetings", { cookie: owner.cookie })).json()) as { meetings: { id: string; interviewerId: number }[] };
    expect(meetings.meetings.find((m) => m.id === interviewId)?.interviewerId).toBe(rec.id);

    const stranger = await t.signUp();
    expect((await t.request(`/api/interviews/${interviewId}`, { method: "PATCH", cookie: owner.cookie, json: { interviewerId: stranger.userId } })).status).toBe(404);
    expect((await t.request(`/api/interviews/${interviewId}`, { method: "PATCH", cookie: stranger.cookie, json: { interviewerId: stranger.userId } })).status).toBe(404);
  });
});

test("an interview is not handed to a member who has one at the same time", async () => {
  const owner = await t.signUp();
  const rec = await addMember(t, owner.cookie, "recruiter");
  const a = await session(owner.cookie, owner.workspaceId);
  const b = await session(rec.cookie, owner.workspaceId);
  expect((await book(a.body)).status).toBe(200);
  expect((await book(b.body)).status).toBe(200);
  const meetings = ((await (await t.request("/api/meetings", { cookie: owner.cookie })).json()) as { meetings: { id: string; interviewerId: number }[] }).meetings;
  const ownersInterview = meetings.find((m) => m.interviewerId === owner.userId)!.id;
  const res = await t.request(`/api/interviews/${ownersInterview}`, { method: "PATCH", cookie: owner.cookie, json: { interviewerId: rec.id } });
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe("That member already has an interview at this time.");
});
