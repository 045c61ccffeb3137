// Frank's writes to an interview's event are conditional on the version it last wrote or took in
// (issue 59 item 2; Google's etag, Graph's changeKey as @odata.etag, each with If-Match): a change
// made in the calendar while Frank's own change waited for the provider is never written over; the
// interview is flagged for the recruiter to choose, and nobody is told anything. Each case runs
// against each provider from one table.
import { afterAll, describe, expect, test } from "bun:test";
import { tomorrowAt } from "../../../test/kits/calendar";
import { makeTwoProviderApp } from "../../../test/kits/calendar-providers";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { CHANGED_ON_THE_WAY } from "../scheduling/calendar-changes";

const { t, drivers, microsoft: ms } = makeTwoProviderApp();

describe.each(drivers.map((d) => [d.provider, d] as const))("%s: a change in the calendar while Frank's change is on its way", (_name, cal) => {
  afterAll(() => cal.setDown(false));

  test("Frank's pending move is refused by the event's version (412): the event keeps the calendar's time, the interview is flagged, no e-mail, no webhook", async () => {
    const b = await bookedInterview(t, cal);
    const now = t.clock.now();
    // The calendar refuses writes while the recruiter moves the interview in Frank (the candidate is told).
    cal.setDown(true);
    const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
    expect(res.status).toBe(200);
    await t.deps.jobs.idle();
    expect(b.mails().some((m) => m.to === b.email)).toBe(true);
    b.webhooks();
    cal.setDown(false);
    // Meanwhile the event is moved in the calendar.
    cal.move(b.event.id, tomorrowAt(now, 16), tomorrowAt(now, 17));
    const refusedBefore = cal.refusedWrites();
    // The calendar accepts writes again: Frank's retry is conditional on the version it wrote.
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(cal.refusedWrites()).toBe(refusedBefore + 1);
    expect(cal.event(b.event.id)!.start).toBe(tomorrowAt(now, 16).toISOString());
    const i = await b.interview();
    expect(i.scheduledTime).toBe(tomorrowAt(now, 14).toISOString());
    expect(i.flags).toEqual([expect.objectContaining({ kind: "moved_in_calendar", message: CHANGED_ON_THE_WAY, startTime: tomorrowAt(now, 16).toISOString() })]);
    expect(b.mails()).toEqual([]);
    expect(b.webhooks()).toEqual([]);
    // The next read is no new finding (Frank's version is still ahead of the event's).
    await b.sync();
    expect((await b.interview()).flags).toHaveLength(1);
    expect(b.mails()).toEqual([]);

    // Keep: Frank's time is written over the version it read, and only that one.
    const kept = await t.request(`/api/interviews/${b.interviewId}/flags/${i.flags[0].id}/keep`, { method: "POST", cookie: b.u.cookie });
    expect(kept.status).toBe(200);
    await t.deps.jobs.idle();
    expect(cal.event(b.event.id)!.start).toBe(tomorrowAt(now, 14).toISOString());
    expect(cal.refusedWrites()).toBe(refusedBefore + 1);
    await b.sync();
    expect((await b.interview()).flags).toEqual([]);
  });

  test("Frank's own writes, and changes it took in, are no conflict: a move in the calendar followed, then a move in Frank, lands", async () => {
    const b = await bookedInterview(t, cal);
    const now = t.clock.now();
    const refusedBefore = cal.refusedWrites();
    cal.move(b.event.id, tomorrowAt(now, 15), tomorrowAt(now, 16));
    await b.sync();
    expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 15).toISOString());
    const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 12).toISOString() } });
    expect(res.status).toBe(200);
    await t.deps.jobs.idle();
    expect(cal.event(b.event.id)!.start).toBe(tomorrowAt(now, 12).toISOString());
    expect(cal.refusedWrites()).toBe(refusedBefore);
    expect((await b.interview()).flags).toEqual([]);
  });

  test("a change Frank does not write (the candidate's answer, a category) while Frank's move waits: the move lands, no flag", async () => {
    const b = await bookedInterview(t, cal);
    const now = t.clock.now();
    cal.setDown(true);
    expect((await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 13).toISOString() } })).status).toBe(200);
    await t.deps.jobs.idle();
    cal.setDown(false);
    cal.touch(b.event.id, b.email);
    const refusedBefore = cal.refusedWrites();
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(cal.refusedWrites()).toBe(refusedBefore + 1);
    expect(cal.event(b.event.id)!.start).toBe(tomorrowAt(now, 13).toISOString());
    expect((await b.interview()).flags).toEqual([]);
  });
});

describe("microsoft: the changeKey Frank keeps", () => {
  const cal = drivers.find((d) => d.provider === "microsoft")!;
  afterAll(() => cal.setDown(false));

  test("a move in Frank is sent with If-Match on the @odata.etag Frank wrote; the one it answers is kept for the next write", async () => {
    const b = await bookedInterview(t, cal);
    const now = t.clock.now();
    const made = cal.version(b.event.id)!;
    expect(made).toMatch(/^W\/".+"$/);
    const seen = ms.requests.length;
    expect((await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 13).toISOString() } })).status).toBe(200);
    await t.deps.jobs.idle();
    const patch = ms.requests.slice(seen).find((r) => r.method === "PATCH" && r.path.startsWith(`/v1.0/me/events/${b.event.id}`))!;
    expect(patch.ifMatch).toBe(made);
    const moved = cal.version(b.event.id)!;
    expect(moved).not.toBe(made);
    const again = ms.requests.length;
    expect((await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 15).toISOString() } })).status).toBe(200);
    await t.deps.jobs.idle();
    expect(ms.requests.slice(again).find((r) => r.method === "PATCH")!.ifMatch).toBe(moved);
    expect(cal.event(b.event.id)!.start).toBe(tomorrowAt(now, 15).toISOString());
  });

  test("a cancel on its way while the event is moved in Outlook: the delete is refused once (412), the event read again and removed; the interview stays cancelled, no flag", async () => {
    const b = await bookedInterview(t, cal);
    const now = t.clock.now();
    cal.setDown(true);
    expect((await t.request(`/api/interviews/${b.interviewId}/cancel`, { cookie: b.u.cookie, json: {} })).status).toBe(200);
    await t.deps.jobs.idle();
    cal.setDown(false);
    cal.move(b.event.id, tomorrowAt(now, 16), tomorrowAt(now, 17));
    const refusedBefore = cal.refusedWrites();
    const seen = ms.requests.length;
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    const deletes = ms.requests.slice(seen).filter((r) => r.method === "DELETE" && r.path.startsWith("/v1.0/me/events/"));
    expect(deletes).toHaveLength(2);
    expect(deletes.every((d) => !!d.ifMatch)).toBe(true);
    expect(cal.refusedWrites()).toBe(refusedBefore + 1);
    expect(cal.event(b.event.id)).toBeUndefined();
    const i = await b.interview();
    expect(i.status).toBe("canceled");
    expect(i.flags).toEqual([]);
  });
});
