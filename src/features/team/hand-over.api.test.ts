// Handing all of a member's work to another member keeps the one-calendar rule (an interview
// that would overlap one of the new interviewer's stays where it is and is answered as a
// conflict), and tells the candidate and the new interviewer (issue 41, items 1 and 2).
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Europe/London";
let n = 0;

const day = (ahead: number) => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), ahead)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });

/** A booked interview of the member with `cookie`, at the `slot`-th hour of the day `ahead` days from now. */
async function interview(cookie: string, workspaceId: number, ahead: number, slot: number) {
  const candidateId = upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `ho-${++n}`, name: `Cand ${n}`, emailAddress: `ho-cand${n}@example.com` }).id;
  const res = await t.request("/api/scheduling-sessions", { cookie, json: { candidateId, duration: 60, timeSlots: day(ahead).slice(slot, slot + 1), timeZone: TZ, sendEmail: false } });
  expect(res.status).toBe(201);
  const s = (await res.json()) as { id: number; sessionToken: string; timeSlots: { id: string; startTime: string }[] };
  expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0]!.id } })).status).toBe(200);
  const meetings = ((await (await t.request("/api/meetings", { cookie })).json()) as { meetings: { id: string; startTime: string; sessionId?: number }[] }).meetings;
  const m = meetings.find((x) => x.startTime === s.timeSlots[0]!.startTime)!;
  return { id: m.id, sessionId: s.id, startTime: m.startTime, candidateEmail: `ho-cand${n}@example.com` };
}

const interviewerOf = async (cookie: string, id: string) =>
  ((await (await t.request("/api/meetings", { cookie })).json()) as { meetings: { id: string; interviewerId: number }[] }).meetings.find((m) => m.id === id)?.interviewerId;

/** Rita and Bob each have an interview at 10:00 on the same day; Rita has another the day after. */
async function ritaAndBob() {
  const owner = await t.signUp();
  const rita = await addMember(t, owner.cookie, "recruiter");
  const bob = await addMember(t, owner.cookie, "recruiter");
  const ritaAtTen = await interview(rita.cookie, owner.workspaceId, 2, 1);
  const bobAtTen = await interview(bob.cookie, owner.workspaceId, 2, 1);
  const ritaLater = await interview(rita.cookie, owner.workspaceId, 3, 1);
  return { owner, rita, bob, ritaAtTen, bobAtTen, ritaLater };
}

describe("a bulk hand-over keeps one calendar per interviewer", () => {
  test("POST /members/{id}/reassign moves what fits and answers the interviews it could not move", async () => {
    const w = await ritaAndBob();
    const res = await t.request(`/api/workspace/members/${w.rita.id}/reassign`, { cookie: w.owner.cookie, json: { to: w.bob.id } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      moved: { sessions: 1, interviews: 1 },
      conflicts: [{ interviewId: w.ritaAtTen.id, startTime: w.ritaAtTen.startTime, with: w.bobAtTen.id }],
    });
    expect(await interviewerOf(w.owner.cookie, w.ritaLater.id)).toBe(w.bob.id);
    // The overlapping one stays with Rita: Bob never has two interviews at 10:00.
    expect(await interviewerOf(w.owner.cookie, w.ritaAtTen.id)).toBe(w.rita.id);
    const sessions = ((await (await t.request("/api/scheduling-sessions", { cookie: w.owner.cookie })).json()) as { sessions: { id: number; interviewerId: number }[] }).sessions;
    expect(sessions.find((s) => s.id === w.ritaAtTen.sessionId)?.interviewerId).toBe(w.rita.id);
  });

  test("removing a member with reassignTo answers the same conflicts", async () => {
    const w = await ritaAndBob();
    const res = await t.request(`/api/workspace/members/${w.rita.id}?reassignTo=${w.bob.id}`, { method: "DELETE", cookie: w.owner.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      reassigned: { sessions: 1, interviews: 1 },
      conflicts: [{ interviewId: w.ritaAtTen.id, startTime: w.ritaAtTen.startTime, with: w.bobAtTen.id }],
    });
    expect(await interviewerOf(w.owner.cookie, w.ritaAtTen.id)).toBe(w.rita.id);
  });
});

describe("a handed-over interview is announced", () => {
  test("the candidate gets the invitation again from the new interviewer (same UID, SEQUENCE + 1); the new interviewer gets the interview", async () => {
    const w = await ritaAndBob();
    const before = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, w.ritaLater.candidateEmail), eq(mailMessages.kind, "booked")))
      .get()!;
    const booked = JSON.parse(before.icalEvent!).content as string;
    const uid = /UID:(.+)/.exec(booked)![1]!.trim();
    const seq = Number(/SEQUENCE:(\d+)/.exec(booked)![1]);
    expect(booked).toContain(`ORGANIZER;CN=A recruiter:mailto:${w.rita.email}`);

    expect((await t.request(`/api/workspace/members/${w.rita.id}/reassign`, { cookie: w.owner.cookie, json: { to: w.bob.id } })).status).toBe(200);
    const handed = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "reassigned"), eq(mailMessages.workspaceId, w.owner.workspaceId)))
      .all();
    const toCandidate = handed.find((r) => r.to === w.ritaLater.candidateEmail)!;
    const ics = JSON.parse(toCandidate.icalEvent!) as { method: string; content: string };
    expect(ics.method).toBe("REQUEST");
    expect(ics.content).toContain(`UID:${uid}`);
    expect(ics.content).toContain(`SEQUENCE:${seq + 1}`);
    expect(ics.content).toContain(`mailto:${w.bob.email}`);
    expect(ics.content).not.toContain(w.rita.email);
    expect(toCandidate.text).toContain("is now with A recruiter");
    const toBob = handed.find((r) => r.to === w.bob.email)!;
    expect(toBob.text).toContain("was handed over to you");
    expect(toBob.subject).toStartWith("Interview handed to you: ");
    expect(toCandidate.subject).toStartWith("New interviewer: ");
    expect(toBob.text).toContain(`/interview-details/${w.ritaLater.id}`);
    // Only the interview that moved is announced (not the one that stayed with Rita).
    expect(handed).toHaveLength(2);
  });

  test("one interview handed over on its own is announced the same way", async () => {
    const w = await ritaAndBob();
    const res = await t.request(`/api/interviews/${w.ritaLater.id}`, { method: "PATCH", cookie: w.owner.cookie, json: { interviewerId: w.bob.id } });
    expect(res.status).toBe(200);
    const handed = t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.kind, "reassigned"))
      .all()
      .filter((r) => r.to === w.ritaLater.candidateEmail || r.to === w.bob.email);
    expect(handed.map((r) => r.audience).sort()).toEqual(["candidate", "recruiter"]);
  });
});

test("the members page's remove form tells which interviews stayed behind", async () => {
  const w = await ritaAndBob();
  const res = await t.request(`/settings/members/${w.rita.id}/remove`, {
    cookie: w.owner.cookie,
    body: new URLSearchParams({ reassignTo: String(w.bob.id) }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
  });
  expect(res.status).toBe(303);
  const flash = /frank_flash=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const page = await (await t.request("/settings/members", { cookie: `${w.owner.cookie}; frank_flash=${flash}` })).text();
  expect(page).toContain("1 interview was not handed over because the new interviewer is busy then");
});

test("the members page lists the interviews left with a removed member, and hands one to a member free then", async () => {
  const w = await ritaAndBob();
  const form = (path: string, fields: Record<string, string>) =>
    t.request(path, { cookie: w.owner.cookie, body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
  expect((await form(`/settings/members/${w.rita.id}/remove`, { reassignTo: String(w.bob.id) })).status).toBe(303);
  const page = await (await t.request("/settings/members", { cookie: w.owner.cookie })).text();
  expect(page).toContain("Interviews still with former members");
  expect(page).toContain(`data-interview="${w.ritaAtTen.id}"`);
  // Bob is busy then: refused with the reason, nothing moves.
  const busy = await form(`/settings/members/interviews/${w.ritaAtTen.id}/owner`, { to: String(w.bob.id) });
  expect(busy.status).toBe(303);
  expect(await interviewerOf(w.owner.cookie, w.ritaAtTen.id)).toBe(w.rita.id);
  // The owner is free: handed over, and the list is empty again.
  expect((await form(`/settings/members/interviews/${w.ritaAtTen.id}/owner`, { to: String(w.owner.userId) })).status).toBe(303);
  expect(await interviewerOf(w.owner.cookie, w.ritaAtTen.id)).toBe(w.owner.userId);
  expect(await (await t.request("/settings/members", { cookie: w.owner.cookie })).text()).not.toContain("Interviews still with former members");
});
