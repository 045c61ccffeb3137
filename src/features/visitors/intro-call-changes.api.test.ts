// Issue 60 item 3: the intro call's booked page offers to move or cancel it, as an interview's
// manage page does, within the workspace's limits; a call canceled elsewhere frees its time.
import { expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { holdWriteLock } from "../../../test/hold-write-lock";
import { events, mailMessages, meetings, tasks } from "../../db/schema";
import { listMeetings } from "../scheduling/interviews";
import { resolveContext } from "./chat-service";
import { moveVisitorCall } from "./intro-call-service";
import { Browser, qualifiedVisitor, recruiterWithCampaign } from "../../../test/kits/visitor-browser";

const t = makeTestApp({ TRUST_PROXY: "1" });
t.clock.set(new Date("2030-03-04T00:00:00Z"));
let ip = 1;
const browser = () => new Browser(t, `10.3.0.${ip++}`);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));

async function booked() {
  const r = await recruiterWithCampaign(t);
  await t.request("/api/candidate-pages/settings/availability", { method: "PUT", json: { introCallMinutes: 30, timeZone: "UTC", weekly: EVERY_DAY }, cookie: r.cookie });
  const b = await qualifiedVisitor(browser(), r.campaign.code);
  const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
  // Three days ahead: well before the 12 hours' cut-off.
  const start = slots.find((s: { startTime: string }) => s.startTime.startsWith("2030-03-07"))!.startTime;
  expect((await b.form(`/scheduleacall?c=${r.campaign.code}`, { start, name: "Ada Lovelace", email: "ada@example.com", c: r.campaign.code })).status).toBe(303);
  const intro = () => listMeetings(t.deps, r.workspaceId).filter((m) => m.title === "Intro call");
  return { r, b, start, slots, intro };
}

const on = (slots: { startTime: string }[], day: string) => slots.find((s) => s.startTime.startsWith(day))!.startTime;
/** The e-mails about the workspace's intro calls, as [audience, kind]. */
const mailsOf = (workspaceId: number) => {
  const ids = t.deps.db
    .select({ id: meetings.id })
    .from(meetings)
    .where(eq(meetings.workspaceId, workspaceId))
    .all()
    .map((m) => m.id);
  return t.deps.db
    .select({ audience: mailMessages.audience, kind: mailMessages.kind })
    .from(mailMessages)
    .where(inArray(mailMessages.meetingId, ids))
    .all()
    .map((m) => [m.audience, m.kind]);
};
const interviewEvents = (workspaceId: number) =>
  t.deps.db
    .select({ kind: events.kind, actor: events.actor, data: events.data })
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), inArray(events.kind, ["interview.booked", "interview.moved", "interview.cancelled"])))
    .all();

test("Choose another time moves the call; Cancel Call asks, then cancels it and offers the times again", async () => {
  const { r, b, start, slots, intro } = await booked();
  const page = await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text();
  expect(page).toContain("Choose another time");
  expect(page).toContain("Cancel Call");

  const moving = await (await b.get(`/scheduleacall?c=${r.campaign.code}&move=1`)).text();
  expect(moving).toContain("Move Call");
  const next = on(slots, "2030-03-08");
  expect((await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: next, c: r.campaign.code })).status).toBe(303);
  // The same interview at its new time: nothing canceled, nothing booked anew.
  expect(intro().map((m) => [m.startTime, m.status])).toEqual([[next, "scheduled"]]);
  expect(await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text()).toContain("Friday, March 8, 2030");
  expect(await (await b.get(`/scheduleacall?c=${r.campaign.code}&cancel=1`)).text()).toContain("Cancel this call?");
  expect((await b.form(`/scheduleacall/cancel?c=${r.campaign.code}`, { c: r.campaign.code })).status).toBe(303);
  expect(intro().every((m) => m.status === "canceled")).toBe(true);
  // The times are offered again, the canceled ones included.
  const again = await (await b.get(`/scheduleacall?c=${r.campaign.code}&day=2030-03-07`)).text();
  expect(again).toContain("Book call");
  expect(again).toContain(`value="${start}"`);
});

test("a move is an interview's move: one 'moved' e-mail each, the interview.moved event, its calendar work, counted against the moves allowed", async () => {
  const { r, b, slots, start, intro } = await booked();
  const before = mailsOf(r.workspaceId).length;
  const next = on(slots, "2030-03-08");
  expect((await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: next, c: r.campaign.code })).status).toBe(303);
  expect(mailsOf(r.workspaceId).slice(before).sort()).toEqual([
    ["candidate", "moved"],
    ["recruiter", "moved"],
  ]);
  const moved = interviewEvents(r.workspaceId).filter((e) => e.kind !== "interview.booked");
  expect(moved.map((e) => [e.kind, e.actor])).toEqual([["interview.moved", "candidate"]]);
  expect(JSON.parse(moved[0]!.data)).toMatchObject({ by: "candidate", previousStartTime: start });
  const row = t.deps.db.select().from(meetings).where(eq(meetings.publicId, intro()[0]!.id)).get()!;
  expect(row.candidateMoves).toBe(1);
  // The calendar's event is written again (booked, then moved), under the meeting's serial key.
  const calendarWork = t.deps.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.kind, "calendar.meeting"), eq(tasks.serialKey, `meeting:${row.id}`)))
    .all();
  expect(calendarWork.length).toBe(2);

  // The workspace allows two moves: after the second, the page says whom to contact and offers Cancel Call only.
  const third = on(slots, "2030-03-09");
  expect((await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: third, c: r.campaign.code })).status).toBe(303);
  const page = await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text();
  expect(page).toContain("This interview has been moved 2 times already, the most allowed here.");
  expect(page).not.toContain("Choose another time");
  expect(page).toContain("Cancel Call");
  const refused = await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: on(slots, "2030-03-10"), c: r.campaign.code });
  expect(refused.status).toBe(409);
  expect(intro().map((m) => [m.startTime, m.status])).toEqual([[third, "scheduled"]]);
  // The page's own record of the call follows the meeting: the freed times are offered again.
  const freed = (await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json()) as { slots: { startTime: string }[]; booked: { startTime: string } };
  expect(freed.booked.startTime).toBe(third);
  expect(freed.slots.map((s) => s.startTime)).toEqual(expect.arrayContaining([start, next]));
  expect(freed.slots.map((s) => s.startTime)).not.toContain(third);
});

test("while another process holds the write lock, a move waits for it and is made once, not refused", async () => {
  const { r, b, slots, intro } = await booked();
  const deps = t.app.features.visitors.api.deps;
  const visitor = { id: b.cookies.get("prequalifier_id")!, key: b.cookies.get("prequalifier_key")!, issued: false };
  const ctx = resolveContext(deps, visitor, r.campaign.code)!;
  const next = on(slots, "2030-03-08");
  const before = mailsOf(r.workspaceId).length;
  const lock = await holdWriteLock(t.deps.config.DATABASE_PATH, 800);
  // The service itself (no request to run again): the write waits for the lock.
  const moved = await moveVisitorCall(deps, visitor, ctx, next);
  await lock.released;
  expect(moved.startTime).toBe(next);
  expect(intro().map((m) => [m.startTime, m.status])).toEqual([[next, "scheduled"]]);
  expect(mailsOf(r.workspaceId).slice(before)).toHaveLength(2);

  // Through the page, with the lock taken again: the form answers 303, not 503.
  const after = on(slots, "2030-03-09");
  const again = await holdWriteLock(t.deps.config.DATABASE_PATH, 800);
  const res = await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: after, c: r.campaign.code });
  await again.released;
  expect(res.status).toBe(303);
  expect(intro().map((m) => [m.startTime, m.status])).toEqual([[after, "scheduled"]]);
});

test("a call canceled by the recruiter frees the candidate to book again; inside the cut-off the page names whom to contact", async () => {
  const { r, b, intro } = await booked();
  const id = intro()[0]!.id;
  expect((await t.request(`/api/interviews/${id}/cancel`, { method: "POST", cookie: r.cookie, json: {} })).status).toBeLessThan(300);
  expect(await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text()).toContain("Book call");

  const late = await booked();
  // Midnight before a 09:00 call: nine hours to go.
  t.clock.advance(3 * 86_400_000);
  const page = await (await late.b.get(`/scheduleacall?c=${late.r.campaign.code}`)).text();
  expect(page).toContain("Changes here are possible up to 12 hours before the interview.");
  expect(page).not.toContain("Cancel Call");
  expect((await late.b.form(`/scheduleacall/cancel?c=${late.r.campaign.code}`, { c: late.r.campaign.code })).status).toBe(409);
});
