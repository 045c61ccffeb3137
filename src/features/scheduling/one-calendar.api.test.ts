// One calendar per recruiter: two sessions offering the same hour can never both be booked,
// whatever the order or the concurrency, and what is offered follows what is booked.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages, tasks } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-03-04T01:00:00Z"));
const TZ = "Australia/Melbourne";
const TAKEN = "This time slot is no longer available. Please choose another.";
let n = 0;

async function recruiterWithCandidates(count: number) {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const ids = Array.from({ length: count }, () => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `oc-${++n}`, name: `Cand ${n}`, emailAddress: `cand${n}@example.com` }).id);
  return { ...u, ids };
}

const day = (ahead: number) => generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), ahead)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });

async function session(cookie: string, candidateId: number, timeSlots = day(2)) {
  const res = await t.request("/api/scheduling-sessions", { cookie, json: { candidateId, title: "Interview", duration: 60, timeSlots, timeZone: TZ } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; sessionToken: string; timeSlots: { id: string; startTime: string; endTime: string }[] };
}

const book = (token: string, slotId: string) => t.request(`/api/book/${token}`, { json: { slotId } });
const sessions = async (cookie: string) => (await (await t.request("/api/scheduling-sessions", { cookie })).json()).sessions as any[];

describe("one calendar per recruiter", () => {
  test("a second session's slot at a booked hour is refused with 409, and no longer offered", async () => {
    const u = await recruiterWithCandidates(2);
    const a = await session(u.cookie, u.ids[0]!);
    const b = await session(u.cookie, u.ids[1]!);
    expect((await book(a.sessionToken, a.timeSlots[3]!.id)).status).toBe(200);
    const clash = await book(b.sessionToken, b.timeSlots[3]!.id);
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe(TAKEN);
    const offered = (await (await t.request(`/api/book/${b.sessionToken}`)).json()).availableSlots.map((s: { startTime: string }) => s.startTime);
    expect(offered).not.toContain(b.timeSlots[3]!.startTime);
    expect(offered).toHaveLength(7);
    expect((await book(b.sessionToken, b.timeSlots[4]!.id)).status).toBe(200);
  });

  test("an overlapping (not identical) slot of another session is not offered either", async () => {
    const u = await recruiterWithCandidates(2);
    const a = await session(u.cookie, u.ids[0]!);
    const shifted = day(2).map((s) => ({ startTime: new Date(Date.parse(s.startTime) + 30 * 60_000).toISOString(), endTime: new Date(Date.parse(s.endTime) + 30 * 60_000).toISOString() }));
    const b = await session(u.cookie, u.ids[1]!, shifted);
    expect((await book(a.sessionToken, a.timeSlots[0]!.id)).status).toBe(200);
    const offered = (await (await t.request(`/api/book/${b.sessionToken}`)).json()).availableSlots;
    // 09:30–10:30 overlaps the booked 09:00–10:00; 10:30 onwards is free.
    expect(offered.map((s: { startTime: string }) => s.startTime)).not.toContain(shifted[0]!.startTime);
    expect((await book(b.sessionToken, b.timeSlots[0]!.id)).status).toBe(409);
  });

  test("Active Sessions: pending with the bookable count, booked with none, and the candidate's link stays usable until booked", async () => {
    const u = await recruiterWithCandidates(2);
    const a = await session(u.cookie, u.ids[0]!);
    const b = await session(u.cookie, u.ids[1]!);
    await book(a.sessionToken, a.timeSlots[0]!.id);
    const list = await sessions(u.cookie);
    const sa = list.find((s) => s.id === a.id);
    const sb = list.find((s) => s.id === b.id);
    expect(sa).toMatchObject({ state: "booked", bookableSlots: 0 });
    expect(sb).toMatchObject({ state: "pending", status: "pending", bookableSlots: 7, availableSlots: 7 });
    // Past slots are not bookable.
    t.clock.advance(2 * 86_400_000 + 3 * 3_600_000);
    const later = (await sessions(await t.login(u.email, u.password))).find((s) => s.id === b.id);
    expect(later.bookableSlots).toBeLessThan(7);
    t.clock.set(new Date("2030-03-04T01:00:00Z"));
  });

  test("500 concurrent bookings over two overlapping sessions of one recruiter: exactly one succeeds", async () => {
    const u = await recruiterWithCandidates(2);
    const a = await session(u.cookie, u.ids[0]!);
    const b = await session(u.cookie, u.ids[1]!);
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => (i % 2 ? book(a.sessionToken, a.timeSlots[5]!.id) : book(b.sessionToken, b.timeSlots[5]!.id))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = results.filter((r) => r.status !== 200);
    expect(losers.every((r) => r.status === 409)).toBe(true);
    const messages = new Set(await Promise.all(losers.slice(0, 50).map(async (r) => (await r.json()).message)));
    expect([...messages]).toEqual([TAKEN]);
    const meetings = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings;
    expect(meetings).toHaveLength(1);
  });

  test("two recruiters' interviews may overlap", async () => {
    const one = await recruiterWithCandidates(1);
    const two = await recruiterWithCandidates(1);
    const a = await session(one.cookie, one.ids[0]!);
    const b = await session(two.cookie, two.ids[0]!);
    expect((await book(a.sessionToken, a.timeSlots[2]!.id)).status).toBe(200);
    expect((await book(b.sessionToken, b.timeSlots[2]!.id)).status).toBe(200);
  });
});

describe("the booking, its e-mails and its calendar work commit together", () => {
  test("each meeting has its candidate and recruiter e-mails and one calendar work item; a refused booking writes none", async () => {
    const u = await recruiterWithCandidates(2);
    const a = await session(u.cookie, u.ids[0]!);
    const b = await session(u.cookie, u.ids[1]!);
    const mailsBefore = t.deps.db.select().from(mailMessages).all().length;
    const workBefore = t.deps.db.select().from(tasks).all().length;
    await book(a.sessionToken, a.timeSlots[1]!.id);
    expect((await book(b.sessionToken, b.timeSlots[1]!.id)).status).toBe(409);
    const mails = t.deps.db.select().from(mailMessages).all().slice(mailsBefore);
    expect(mails.map((m) => m.audience).sort()).toEqual(["candidate", "recruiter"]);
    expect(mails.every((m) => m.kind === "booked" && m.meetingId != null)).toBe(true);
    const work = t.deps.db
      .select()
      .from(tasks)
      .all()
      .slice(workBefore)
      .filter((w) => !w.kind.startsWith("mail."));
    // The calendar write, and the request for feedback due when the interview ends (issue 38).
    expect(work.map((w) => w.kind).sort()).toEqual(["calendar.meeting", "feedback.request"]);
  });

  test("GET /api/meetings and /api/interviews/{id} carry each e-mail's delivery state; resend queues them again", async () => {
    const u = await recruiterWithCandidates(1);
    const a = await session(u.cookie, u.ids[0]!);
    await book(a.sessionToken, a.timeSlots[6]!.id);
    const [m] = (await (await t.request("/api/meetings", { cookie: u.cookie })).json()).meetings;
    expect(m.emails).toHaveLength(2);
    for (const e of m.emails) {
      expect(Object.keys(e)).toEqual(expect.arrayContaining(["kind", "to", "status", "attempts", "nextAttemptAt", "lastError"]));
      expect(e.status).toBe("skipped");
    }
    const detail = await (await t.request(`/api/interviews/${m.id}`, { cookie: u.cookie })).json();
    expect(detail.emails.map((e: { to: string }) => e.to).sort()).toEqual(m.emails.map((e: { to: string }) => e.to).sort());

    const resent = await t.request(`/api/interviews/${m.id}/resend`, { method: "POST", cookie: u.cookie });
    expect(resent.status).toBe(200);
    expect((await resent.json()).emails).toHaveLength(4);
    // Another workspace cannot resend it; signed out is 401.
    const other = await t.signUp();
    expect((await t.request(`/api/interviews/${m.id}/resend`, { method: "POST", cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/interviews/${m.id}/resend`, { method: "POST" })).status).toBe(401);
  });

  test("a reminder is claimed and written in one transaction", async () => {
    const u = await recruiterWithCandidates(1);
    const a = await session(u.cookie, u.ids[0]!, day(5));
    await book(a.sessionToken, a.timeSlots[0]!.id);
    const { sendDueReminders } = await import("./reminders");
    const saved = t.clock.now();
    t.clock.set(new Date(Date.parse(a.timeSlots[0]!.startTime) - 23 * 3_600_000));
    expect(await sendDueReminders(t.deps)).toBeGreaterThanOrEqual(1);
    const reminders = t.deps.db.select().from(mailMessages).where(eq(mailMessages.kind, "reminder")).all();
    expect(reminders.filter((r) => r.to === `cand${n}@example.com`)).toHaveLength(1);
    expect(await sendDueReminders(t.deps)).toBe(0);
    t.clock.set(saved);
  });
});
