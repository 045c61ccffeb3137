// Every event, from the code paths that cause it (JSON API, form posts, bulk actions, CSV
// import, the assistant's actions, the candidate's booking pages), written in the change's
// own transaction: a change that fails writes no delivery.
import { afterAll, describe, expect, test } from "bun:test";
import { and, eq, gt } from "drizzle-orm";
import { makeTestApp } from "../../../test/helpers";
import { startWebhookReceiver } from "../../../test/fakes/webhook-receiver";
import { mailMessages, tasks, webhookDeliveries } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { proposeInterview, shortlistCandidates } from "../chat/actions";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { EVENT_TYPES } from "./model";

// The receivers listen on 127.0.0.1: private addresses are allowed here (public-fetch.test.ts covers refusing them).
const t = makeTestApp({ WEBHOOK_ALLOW_PRIVATE: "1" });
t.clock.set(new Date("2030-03-04T01:00:00Z"));
const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
const ORIGIN = { origin: "http://localhost" };
let n = 0;

async function workspace(events: readonly string[] = EVENT_TYPES) {
  const u = await t.signUp({ name: "Hanna Hooks" });
  const res = await t.request("/api/webhooks", { cookie: u.cookie, json: { url: receiver.url(`/ev-${u.workspaceId}`), events } });
  expect(res.status).toBe(201);
  let seen = 0;
  /** The events written since the last call: [type, payload]. */
  const take = () => {
    const rows = t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.workspaceId, u.workspaceId), gt(webhookDeliveries.id, seen)))
      .orderBy(webhookDeliveries.id)
      .all();
    if (rows.length) seen = rows.at(-1)!.id;
    return rows.map((r) => {
      const p = JSON.parse(r.payload) as { type: string; version: number; workspaceId: number; timestamp: string; data: Record<string, Record<string, unknown>> };
      expect(p.type).toBe(r.type);
      expect(p.version).toBe(1);
      expect(p.workspaceId).toBe(u.workspaceId);
      return p;
    });
  };
  const types = () => take().map((p) => p.type);
  const form = (path: string, fields: [string, string][]) =>
    t.request(path, { method: "POST", cookie: u.cookie, body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN } });
  return { ...u, take, types, form };
}

const candidate = (workspaceId: number, extra: Record<string, unknown> = {}) =>
  upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `ev-${++n}`, name: `Cara ${n}`, emailAddress: `cara${n}@example.com`, roleApplied: "Designer", ...extra });

async function session(w: Awaited<ReturnType<typeof workspace>>, candidateId: number) {
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
  const res = await t.request("/api/scheduling-sessions", { cookie: w.cookie, json: { candidateId, duration: 60, timeSlots, timeZone: "UTC", title: "Interview" } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; sessionToken: string; bookingUrl: string; timeSlots: { id: string; startTime: string }[] };
}

describe("candidate events", () => {
  test("created by a visitor; updated and stage_changed (from/to) by PATCH; nothing for a change that changes nothing", async () => {
    const w = await workspace();
    const c = candidate(w.workspaceId);
    const [created] = w.take();
    expect(created).toMatchObject({ type: "candidate.created", data: { candidate: { id: c.id, name: c.name, emailAddress: c.emailAddress, stages: 1 }, source: "visitor" } });
    expect((await t.request(`/api/participants/${c.id}`, { method: "PATCH", cookie: w.cookie, json: { city: "Hobart", stages: 3 } })).status).toBe(200);
    const [updated, stage] = w.take();
    expect(updated).toMatchObject({ type: "candidate.updated", data: { candidate: { id: c.id, city: "Hobart", stages: 3 }, changedFields: ["city", "stages"] } });
    expect(stage).toMatchObject({ type: "candidate.stage_changed", data: { candidate: { id: c.id, stages: 3 }, from: 1, to: 3 } });
    await t.request(`/api/participants/${c.id}`, { method: "PATCH", cookie: w.cookie, json: { city: "Hobart" } });
    expect(w.types()).toEqual([]);
    // The visitor flow moving the candidate on.
    candidate(w.workspaceId, { uniqueId: c.uniqueId!, stages: 4 });
    expect(w.types()).toEqual(["candidate.updated", "candidate.stage_changed"]);
  });

  test("bulk stage action (form post): one stage_changed per candidate; with another workspace's id nothing changes and nothing is written", async () => {
    const w = await workspace();
    const a = candidate(w.workspaceId);
    const b = candidate(w.workspaceId);
    w.take();
    const res = await w.form("/candidates/bulk", [
      ["action", "stage"],
      ["stage", "2"],
      ["ids", String(a.id)],
      ["ids", String(b.id)],
    ]);
    expect(res.status).toBe(303);
    const stages = w.take().filter((p) => p.type === "candidate.stage_changed");
    expect(stages.map((p) => [p.data.candidate.id, p.data.from, p.data.to])).toEqual([
      [a.id, 1, 2],
      [b.id, 1, 2],
    ]);
    const other = await t.signUp();
    const foreign = candidate(other.workspaceId);
    const before = t.deps.db.select().from(tasks).all().length;
    await w.form("/candidates/bulk", [
      ["action", "stage"],
      ["stage", "5"],
      ["ids", String(a.id)],
      ["ids", String(foreign.id)],
    ]);
    expect(w.types()).toEqual([]);
    expect(t.deps.db.select().from(tasks).all().length).toBe(before);
  });

  test("CSV import: created for new rows, updated and stage_changed for known e-mails", async () => {
    const w = await workspace();
    const known = candidate(w.workspaceId);
    w.take();
    const csv = `name,emailAddress,city,stages\nNew Person,new${n}@example.com,Perth,1\n${known.name},${known.emailAddress},Darwin,3\n`;
    const res = await t.request("/api/participants/import", { cookie: w.cookie, method: "POST", body: csv, headers: { "content-type": "text/csv" } });
    expect(res.status).toBe(200);
    const got = w.take();
    expect(got.map((p) => p.type)).toEqual(["candidate.created", "candidate.updated", "candidate.stage_changed"]);
    expect(got[0]!.data).toMatchObject({ candidate: { name: "New Person", city: "Perth" }, source: "import" });
    expect(got[1]!.data).toMatchObject({ candidate: { id: known.id, city: "Darwin" }, source: "import" });
    expect(got[2]!.data).toMatchObject({ from: 1, to: 3 });
  });

  test("merge: the kept record is updated (mergedIds name the duplicates)", async () => {
    const w = await workspace();
    const a = candidate(w.workspaceId, { city: null });
    const b = candidate(w.workspaceId, { city: "Cairns", stages: 2 });
    w.take();
    expect((await t.request("/api/participants/merge", { cookie: w.cookie, json: { keepId: a.id, mergeIds: [b.id] } })).status).toBe(200);
    const got = w.take();
    expect(got.map((p) => p.type)).toEqual(["candidate.updated", "candidate.stage_changed"]);
    expect(got[0]!.data).toMatchObject({ candidate: { id: a.id, city: "Cairns" }, mergedIds: [b.id], source: "merge" });
  });

  test("an endpoint gets only what it subscribes to; a workspace without endpoints writes nothing", async () => {
    const w = await workspace(["candidate.stage_changed"]);
    const c = candidate(w.workspaceId);
    await t.request(`/api/participants/${c.id}`, { method: "PATCH", cookie: w.cookie, json: { city: "Alice Springs", stages: 2 } });
    expect(w.types()).toEqual(["candidate.stage_changed"]);
    const quiet = await t.signUp();
    candidate(quiet.workspaceId);
    expect(t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, quiet.workspaceId)).all()).toEqual([]);
  });
});

describe("shortlist events", () => {
  test("shortlist.updated on create, add (API and the assistant), remove, rename; a refused add writes nothing", async () => {
    const w = await workspace();
    const a = candidate(w.workspaceId);
    const b = candidate(w.workspaceId);
    w.take();
    const { id } = (await (await t.request("/api/shortlists", { cookie: w.cookie, json: { name: "Finalists" } })).json()) as { id: number };
    expect(w.take()[0]).toMatchObject({ type: "shortlist.updated", data: { shortlist: { id, name: "Finalists", candidateIds: [] }, change: "created" } });
    expect((await t.request(`/api/shortlists/${id}/candidates`, { cookie: w.cookie, json: { candidateIds: [a.id] } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "shortlist.updated", data: { shortlist: { id, candidateIds: [a.id] }, change: "candidates_added", candidateIds: [a.id] } });
    shortlistCandidates({ deps: t.deps, workspaceId: w.workspaceId, userId: w.userId, timeZone: "UTC" }, { shortlistId: id, candidateIds: [b.id] });
    expect(w.take()[0]).toMatchObject({ data: { shortlist: { candidateIds: [a.id, b.id] }, candidateIds: [b.id] } });
    await t.request(`/api/shortlists/${id}/candidates/${a.id}`, { method: "DELETE", cookie: w.cookie });
    expect(w.take()[0]).toMatchObject({ data: { shortlist: { candidateIds: [b.id] }, change: "candidate_removed", candidateIds: [a.id] } });
    await t.request(`/api/shortlists/${id}`, { method: "PATCH", cookie: w.cookie, json: { name: "Final four" } });
    expect(w.take()[0]).toMatchObject({ data: { shortlist: { name: "Final four" }, change: "renamed" } });
    const other = await t.signUp();
    const foreign = candidate(other.workspaceId);
    expect((await t.request(`/api/shortlists/${id}/candidates`, { cookie: w.cookie, json: { candidateIds: [foreign.id] } })).status).toBe(404);
    // Adding someone already there changes nothing.
    await t.request(`/api/shortlists/${id}/candidates`, { cookie: w.cookie, json: { candidateIds: [b.id] } });
    expect(w.types()).toEqual([]);
  });
});

describe("scheduling events", () => {
  test("session.created (API and the assistant) and session.cancelled, without the booking token or link", async () => {
    const w = await workspace();
    const c = candidate(w.workspaceId);
    w.take();
    const s = await session(w, c.id);
    const [created] = w.take();
    expect(created).toMatchObject({ type: "session.created", data: { session: { id: s.id, candidateId: c.id, title: "Interview", status: "pending" } } });
    expect(created!.data.session.sessionToken).toBeUndefined();
    expect(created!.data.session.bookingUrl).toBeUndefined();
    expect(JSON.stringify(created)).not.toContain(s.sessionToken);
    expect((await t.request(`/api/scheduling-sessions/${s.id}`, { method: "DELETE", cookie: w.cookie })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "session.cancelled", data: { session: { id: s.id, status: "cancelled" } } });
    // Cancelling again is refused (409) and writes nothing.
    expect((await t.request(`/api/scheduling-sessions/${s.id}`, { method: "DELETE", cookie: w.cookie })).status).toBe(409);
    await proposeInterview({ deps: t.deps, workspaceId: w.workspaceId, userId: w.userId, timeZone: "UTC" }, { candidateId: c.id });
    expect(w.types()).toEqual(["session.created"]);
  });

  test("interview.booked, moved by the candidate and the recruiter (previous and new start), cancelled by either, completed", async () => {
    const w = await workspace();
    const c = candidate(w.workspaceId);
    const s = await session(w, c.id);
    w.take();
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0]!.id } })).status).toBe(200);
    const [booked] = w.take();
    expect(booked).toMatchObject({
      type: "interview.booked",
      data: { interview: { title: "Interview", status: "scheduled", scheduledTime: s.timeSlots[0]!.startTime }, candidateId: c.id, sessionId: s.id, by: "candidate" },
    });
    const interviewId = booked!.data.interview.id as string;
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, c.emailAddress!), eq(mailMessages.kind, "booked")))
      .get()!;
    const manage = /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    for (const secret of [s.sessionToken, manage]) expect(JSON.stringify(booked)).not.toContain(secret);

    // The candidate moves on their manage page (a form post without JavaScript).
    const move = await t.request(`/book/manage/${manage}/move`, { method: "POST", body: `slotId=${s.timeSlots[2]!.id}`, headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN } });
    expect(move.status).toBe(303);
    expect(w.take()[0]).toMatchObject({ type: "interview.moved", data: { by: "candidate", previousStartTime: s.timeSlots[0]!.startTime, startTime: s.timeSlots[2]!.startTime } });

    // The recruiter moves it to a chosen time.
    const newStart = new Date(Date.parse(s.timeSlots[2]!.startTime) + 86_400_000).toISOString();
    expect((await t.request(`/api/interviews/${interviewId}/reschedule`, { cookie: w.cookie, json: { startTime: newStart } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "interview.moved", data: { by: "recruiter", previousStartTime: s.timeSlots[2]!.startTime, startTime: newStart } });

    // Completed once it has started (not before: 409 and nothing written).
    expect((await t.request(`/api/interviews/${interviewId}/status`, { cookie: w.cookie, json: { status: "completed" } })).status).toBe(409);
    expect(w.types()).toEqual([]);
    t.clock.set(new Date(Date.parse(newStart) + 10 * 60_000));
    const cookie = await t.login(w.email, w.password); // days later: a fresh session
    expect((await t.request(`/api/interviews/${interviewId}/status`, { cookie, json: { status: "completed" } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "interview.completed", data: { interview: { id: interviewId, status: "completed" } } });
    t.clock.set(new Date("2030-03-04T01:00:00Z"));
  });

  test("cancelled by the recruiter (with the reason) and by the candidate on the manage page", async () => {
    const w = await workspace();
    const c1 = candidate(w.workspaceId);
    const c2 = candidate(w.workspaceId);
    const s1 = await session(w, c1.id);
    const s2 = await session(w, c2.id);
    await t.request(`/api/book/${s1.sessionToken}`, { json: { slotId: s1.timeSlots[0]!.id } });
    await t.request(`/api/book/${s2.sessionToken}`, { json: { slotId: s2.timeSlots[1]!.id } });
    const booked = w.take().filter((p) => p.type === "interview.booked");
    expect(booked).toHaveLength(2);
    const id1 = booked[0]!.data.interview.id as string;
    expect((await t.request(`/api/interviews/${id1}/cancel`, { cookie: w.cookie, json: { reason: "Position filled" } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "interview.cancelled", data: { interview: { id: id1, status: "canceled" }, by: "recruiter", reason: "Position filled" } });
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, c2.emailAddress!), eq(mailMessages.kind, "booked")))
      .get()!;
    const manage = /\/book\/manage\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    const res = await t.request(`/book/manage/${manage}/cancel`, { method: "POST", body: "", headers: { "content-type": "application/x-www-form-urlencoded", ...ORIGIN } });
    expect(res.status).toBe(303);
    expect(w.take()[0]).toMatchObject({ type: "interview.cancelled", data: { interview: { id: booked[1]!.data.interview.id }, by: "candidate" } });
  });

  test("new times offered by the recruiter: moved with no start until the candidate picks one, then moved again", async () => {
    const w = await workspace(["interview.moved"]);
    const c = candidate(w.workspaceId);
    const s = await session(w, c.id);
    await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0]!.id } });
    const id = ((await (await t.request("/api/meetings", { cookie: w.cookie })).json()) as { meetings: { id: string }[] }).meetings[0]!.id;
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 5)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    expect((await t.request(`/api/interviews/${id}/reschedule`, { cookie: w.cookie, json: { timeSlots: slots } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "interview.moved", data: { by: "recruiter", previousStartTime: s.timeSlots[0]!.startTime, startTime: null } });
    const page = await t.request(`/api/book/${s.sessionToken}`);
    const offered = ((await page.json()) as { availableSlots: { id: string; startTime: string }[] }).availableSlots;
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: offered[0]!.id } })).status).toBe(200);
    expect(w.take()[0]).toMatchObject({ type: "interview.moved", data: { by: "candidate", previousStartTime: s.timeSlots[0]!.startTime, startTime: offered[0]!.startTime } });
  });
});

describe("erasure and retention", () => {
  test("erasing a candidate deletes the deliveries about them (their name and e-mail are in the bodies); others stay", async () => {
    const w = await workspace();
    const gone = candidate(w.workspaceId, { name: "Erin Erased" });
    const kept = candidate(w.workspaceId, { name: "Kim Kept" });
    await session(w, gone.id);
    await t.deps.jobs.runDue();
    w.take();
    expect((await t.request(`/api/participants/${gone.id}`, { method: "DELETE", cookie: w.cookie })).status).toBe(200);
    const left = t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.workspaceId, w.workspaceId)).all();
    expect(left.map((d) => d.payload).join("\n")).not.toContain("Erin");
    expect(left.map((d) => d.payload).join("\n")).not.toContain(gone.emailAddress!);
    expect(left.some((d) => d.payload.includes("Kim Kept"))).toBe(true);
    expect(kept.id).toBeGreaterThan(0);
  });

  test("finished deliveries older than the retention are pruned; unfinished ones stay", async () => {
    const { pruneDeliveries } = await import("./record");
    const w = await workspace(["candidate.created"]);
    candidate(w.workspaceId);
    await t.deps.jobs.runDue();
    const mine = () =>
      t.deps.db
        .select({ id: webhookDeliveries.id, task: tasks })
        .from(webhookDeliveries)
        .leftJoin(tasks, eq(tasks.id, webhookDeliveries.taskId))
        .where(eq(webhookDeliveries.workspaceId, w.workspaceId))
        .all()
        .map((r) => ({ status: r.task?.status === "done" ? "delivered" : r.task?.status }));
    expect(mine().map((d) => d.status)).toEqual(["delivered"]);
    t.clock.advance(31 * 86_400_000);
    receiver.answer([500]);
    candidate(w.workspaceId);
    await t.deps.jobs.runDue();
    pruneDeliveries(t.deps, 30);
    expect(mine().map((d) => d.status)).toEqual(["retrying"]);
    t.clock.set(new Date("2030-03-04T01:00:00Z"));
  });
});
