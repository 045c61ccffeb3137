// Panels and pools (issue 36 items 3 and 4): a start is offered when every required panel member
// is free, or any pool member; booking seats the panel on one interview (each member's one
// calendar holds it, and each sees it under Mine) or hands it to the pool member the strategy picks.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mailMessages } from "../../db/schema";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { upsertParticipantFromVisitor } from "../candidates/service";
import type { BusyInterval } from "./busy-calendar";
import { bookByToken, getBookingView } from "./booking";
import { getInterview, listMeetings } from "./interviews";
import { getMeetingForCalendar } from "./meetings-for-calendar";
import { createSchedulingSession } from "./service";
import { PANELS_NEED_AVAILABILITY } from "./model";
import { choosePoolMember } from "./pool-choice";
import { inScope } from "./components/scope-toggle";

const busy = new Map<number, BusyInterval[]>();
let busyReads = 0;
const t = makeTestApp(
  {},
  { replace: { busyCalendar: { busyIntervals: (u, from, to) => (busyReads++, (busy.get(u) ?? []).filter((b) => b.start < to && b.end > from)), videoDefault: () => ({ kind: "none", url: null }) } } },
);
t.clock.set(new Date("2030-01-07T06:00:00Z")); // Monday
let n = 0;

async function team(size: number) {
  const owner = await t.signUp({ name: "Olive Owner" });
  const members = [{ id: owner.userId, cookie: owner.cookie }];
  for (let i = 1; i < size; i++) {
    const m = await addMember(t, owner.cookie, "recruiter");
    members.push({ id: m.id, cookie: m.cookie });
  }
  return { owner, members };
}
const hours = async (owner: { cookie: string }, userId: number, weekly: { day: number; start: string; end: string }[], extra: Record<string, unknown> = {}) => {
  const res = await t.request(`/api/availability?userId=${userId}`, { method: "PUT", cookie: owner.cookie, json: { timeZone: "UTC", minimumNoticeMinutes: 0, weekly, ...extra } });
  expect(res.status).toBe(200);
};
const candidate = (workspaceId: number) => upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `pp-${++n}`, name: "Pat Candidate", emailAddress: `pat${n}@example.com` }).id;

describe("panels", () => {
  test("only starts where every required member is free; one interview seats the panel, the optional member when free", async () => {
    const { owner, members } = await team(3);
    const [o, a, b] = members;
    await hours(owner, o!.id, [{ day: 2, start: "09:00", end: "12:00" }]);
    await hours(owner, a!.id, [{ day: 2, start: "10:00", end: "13:00" }]);
    await hours(owner, b!.id, [{ day: 2, start: "09:00", end: "10:30" }]);
    const res = await t.request("/api/scheduling-sessions", {
      cookie: owner.cookie,
      json: {
        candidateId: candidate(owner.workspaceId),
        duration: 60,
        timeZone: "UTC",
        sendEmail: false,
        mode: "availability",
        from: "2030-01-08",
        to: "2030-01-08",
        interviewers: [
          { userId: a!.id, required: true },
          { userId: b!.id, required: false },
        ],
      },
    });
    expect(res.status).toBe(201);
    const s = (await res.json()) as { sessionToken: string; interviewers: unknown };
    expect(s.interviewers).toEqual([
      { userId: a!.id, required: true },
      { userId: b!.id, required: false },
    ]);
    const offered = getBookingView(t.deps, s.sessionToken).availableSlots.map((x) => x.startTime.slice(11, 16));
    expect(offered).toEqual(["10:00", "10:15", "10:30", "10:45", "11:00"]); // the organiser and the required member
    await bookByToken(t.deps, s.sessionToken, "t" + Date.parse("2030-01-08T10:00:00Z"));
    const m = listMeetings(t.deps, owner.workspaceId)[0]!;
    expect(m.interviewerId).toBe(o!.id);
    expect(m.interviewerIds.sort()).toEqual([o!.id, a!.id].sort()); // b is busy at 10:00–11:00? No: b's hours end 10:30, so b is not free and not invited
    const view = getInterview(t.deps, m.id);
    expect(view.interviewers.map((x) => [x.userId, x.required])).toEqual([
      [o!.id, true],
      [a!.id, true],
    ]);
    // The organiser's calendar event lists the candidate and every interviewer.
    const cal = getMeetingForCalendar(t.deps, listMeetingsRow(owner.workspaceId))!;
    expect(cal.recruiterUserId).toBe(o!.id);
    expect(cal.panelists.map((p) => p.email)).toHaveLength(1);
    // The panel member is told as the organiser is: an e-mail of their own with the invitation.
    const toA = t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.meetingId, listMeetingsRow(owner.workspaceId)))
      .all()
      .filter((x) => x.audience === "recruiter");
    expect(toA.map((x) => x.kind)).toEqual(["booked", "booked"]);
    expect(new Set(toA.map((x) => x.to)).size).toBe(2); // the organiser and the required member, not the optional one who was busy
    expect(JSON.parse(toA[1]!.icalEvent!).method).toBe("REQUEST");
    // Each interviewer sees it under Mine.
    expect(inScope([m], "mine", a!.id)).toHaveLength(1);
    expect(inScope([m], "mine", b!.id)).toHaveLength(0);
    // The one-calendar rule holds for the panel member: a's own session at that hour offers nothing then.
    const own = await createSchedulingSession(t.deps, {
      workspaceId: owner.workspaceId,
      userId: a!.id,
      candidateId: candidate(owner.workspaceId),
      title: "Solo",
      duration: 60,
      timeZone: "UTC",
      sendEmail: false,
      mode: "availability",
      from: "2030-01-08",
      to: "2030-01-08",
    });
    const soloStarts = getBookingView(t.deps, own.sessionToken).availableSlots.map((x) => x.startTime.slice(11, 16));
    expect(soloStarts).toEqual(["11:00", "11:15", "11:30", "11:45", "12:00"]);
    await expect(bookByToken(t.deps, own.sessionToken, "t" + Date.parse("2030-01-08T10:30:00Z"))).rejects.toThrow("This time slot is no longer available");
  });

  test("an optional member free at the start is invited", async () => {
    const { owner, members } = await team(2);
    const [, a] = members;
    await hours(owner, owner.userId, [{ day: 2, start: "09:00", end: "12:00" }]);
    await hours(owner, a!.id, [{ day: 2, start: "09:00", end: "10:00" }]);
    const s = await createSchedulingSession(t.deps, {
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      candidateId: candidate(owner.workspaceId),
      title: "Panel",
      duration: 60,
      timeZone: "UTC",
      sendEmail: false,
      mode: "availability",
      from: "2030-01-08",
      to: "2030-01-08",
      interviewers: [{ userId: a!.id, required: false }],
    });
    // Optional members do not decide what is offered.
    expect(getBookingView(t.deps, s.sessionToken).availableSlots).toHaveLength(9);
    await bookByToken(t.deps, s.sessionToken, "t" + Date.parse("2030-01-08T09:00:00Z"));
    const m = listMeetings(t.deps, owner.workspaceId)[0]!;
    expect(getInterview(t.deps, m.id).interviewers.map((x) => [x.userId, x.required])).toEqual([
      [owner.userId, true],
      [a!.id, false],
    ]);
  });

  test("refused: panels with hand-picked slots, members of another workspace, a member twice", async () => {
    const { owner, members } = await team(2);
    const other = await t.signUp();
    const post = (json: Record<string, unknown>) =>
      t.request("/api/scheduling-sessions", { cookie: owner.cookie, json: { candidateId: candidate(owner.workspaceId), duration: 60, timeZone: "UTC", sendEmail: false, ...json } });
    const slots = [{ startTime: "2030-01-08T10:00:00.000Z", endTime: "2030-01-08T11:00:00.000Z" }];
    let res = await post({ timeSlots: slots, interviewers: [{ userId: members[1]!.id, required: true }] });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, PANELS_NEED_AVAILABILITY]);
    res = await post({ mode: "availability", from: "2030-01-08", to: "2030-01-09", interviewers: [{ userId: other.userId, required: true }] });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([404, "Interviewer not found"]);
    res = await post({ mode: "availability", from: "2030-01-08", to: "2030-01-09", interviewers: [{ userId: members[1]!.id }], pool: { userIds: [members[1]!.id, owner.userId] } });
    expect(res.status).toBe(400);
    res = await post({ mode: "availability", from: "2030-01-08", to: "2030-01-09", pool: { userIds: [owner.userId] } });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, "A pool needs at least two members"]);
    res = await post({ mode: "availability", from: "2030-01-08", to: "2030-01-09", pool: { userIds: [owner.userId, members[1]!.id], strategy: "random" } });
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([400, "strategy must be fair or first-available"]);
  });
});

function listMeetingsRow(workspaceId: number): number {
  return t.deps.db.$client.query<{ id: number }, [number]>("select id from meetings where workspace_id = ? order by id limit 1").get(workspaceId)!.id;
}

describe("pools", () => {
  test("choosePoolMember: fewest pool interviews in 30 days, ties to the longest since their last; first-available takes the pool's order", () => {
    const load = new Map([
      [1, { count: 3, last: 100 }],
      [2, { count: 2, last: 200 }],
      [3, { count: 5, last: 50 }],
    ]);
    expect(choosePoolMember("fair", [1, 2, 3], load)).toEqual({ userId: 2, reason: "fewest pool interviews in 30 days: 2 of 2, 3, 5" });
    load.set(1, { count: 2, last: 100 });
    expect(choosePoolMember("fair", [1, 2, 3], load)).toEqual({ userId: 1, reason: "fewest pool interviews in 30 days: 2 of 2, 2, 5; tie: longest since their last" });
    expect(choosePoolMember("fair", [3], load)!.userId).toBe(3);
    expect(choosePoolMember("first-available", [3, 1], load)).toEqual({ userId: 3, reason: "first available in the pool's order" });
  });

  test("a start is offered when any member is free; the booking goes to a free one, with assignedBy and the reason", async () => {
    const { owner, members } = await team(3);
    const [o, a, b] = members;
    await hours(owner, o!.id, [{ day: 2, start: "09:00", end: "10:00" }]);
    await hours(owner, a!.id, [{ day: 2, start: "11:00", end: "12:00" }]);
    await hours(owner, b!.id, [{ day: 2, start: "09:00", end: "12:00" }]);
    busy.set(b!.id, [{ start: new Date("2030-01-08T09:00:00Z"), end: new Date("2030-01-08T11:00:00Z") }]);
    const res = await t.request("/api/scheduling-sessions", {
      cookie: owner.cookie,
      json: {
        candidateId: candidate(owner.workspaceId),
        duration: 60,
        timeZone: "UTC",
        sendEmail: false,
        mode: "availability",
        from: "2030-01-08",
        to: "2030-01-08",
        pool: { userIds: [o!.id, a!.id, b!.id], strategy: "first-available" },
      },
    });
    expect(res.status).toBe(201);
    const s = (await res.json()) as { sessionToken: string; pool: unknown };
    expect(s.pool).toEqual({ userIds: [o!.id, a!.id, b!.id], strategy: "first-available" });
    expect(getBookingView(t.deps, s.sessionToken).availableSlots.map((x) => x.startTime.slice(11, 16))).toEqual(["09:00", "11:00"]);
    await bookByToken(t.deps, s.sessionToken, "t" + Date.parse("2030-01-08T11:00:00Z"));
    const m = listMeetings(t.deps, owner.workspaceId)[0]!;
    expect(m.interviewerId).toBe(a!.id); // the first free in the pool's order (o is not working at 11:00)
    const view = await (await t.request(`/api/interviews/${m.id}`, { cookie: owner.cookie })).json();
    expect(view).toMatchObject({ assignedBy: "pool", assignmentReason: "first available in the pool's order" });
    const page = await (await t.request(`/interview-details/${m.id}`, { cookie: owner.cookie })).text();
    expect(page).toContain("first available in the pool&#x27;s order");
    busy.clear();
  });

  test("fairness: 150 bookings in a pool of 3 leave counts within 1 of each other", async () => {
    const { owner, members } = await team(3);
    const every = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "00:00", end: "24:00" }));
    for (const m of members) await hours(owner, m.id, every);
    // A seeded sequence of picks: each candidate takes one of the starts their page offers.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const cand = candidate(owner.workspaceId);
    for (let i = 0; i < 150; i++) {
      const s = await createSchedulingSession(t.deps, {
        workspaceId: owner.workspaceId,
        userId: owner.userId,
        candidateId: cand,
        title: "Pool",
        duration: 30,
        timeZone: "UTC",
        sendEmail: false,
        mode: "availability",
        from: "2030-01-08",
        to: "2030-01-15",
        pool: { userIds: members.map((m) => m.id), strategy: "fair" },
      });
      const offered = getBookingView(t.deps, s.sessionToken).availableSlots;
      await bookByToken(t.deps, s.sessionToken, offered[Math.floor(random() * offered.length)]!.id);
    }
    const counts = members.map(
      (m) =>
        t.deps.db.$client.query<{ n: number }, [number, number]>("select count(*) n from meetings where workspace_id = ? and user_id = ? and assigned_by = 'pool'").get(owner.workspaceId, m.id)!.n,
    );
    expect(counts.reduce((a, b) => a + b)).toBe(150);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe("many pending sessions", () => {
  test("a new session works out its own offer only: its cost does not grow with the sessions already pending", async () => {
    const { owner } = await team(1);
    await hours(
      owner,
      owner.userId,
      [1, 2, 3, 4, 5].map((day) => ({ day, start: "09:00", end: "17:00" })),
    );
    const create = async () => {
      busyReads = 0;
      const res = await t.request("/api/scheduling-sessions", {
        cookie: owner.cookie,
        json: { candidateId: candidate(owner.workspaceId), duration: 30, timeZone: "UTC", sendEmail: false, mode: "availability", from: "2030-01-08", to: "2030-01-21" },
      });
      expect(res.status).toBe(201);
      return busyReads;
    };
    const first = await create();
    for (let i = 0; i < 12; i++) await create();
    expect(await create()).toBe(first);
    // The list still works out every pending session's offer.
    const list = (await (await t.request("/api/scheduling-sessions", { cookie: owner.cookie })).json()) as { sessions: { bookableSlots: number }[] };
    expect(list.sessions).toHaveLength(14);
    expect(list.sessions.every((x) => x.bookableSlots > 0)).toBe(true);
  });
});
