// Frank's writes to an interview's event are conditional on the version it last wrote or took in
// (issue 59 item 2): a change made in Google while Frank's own change waited for Google is never
// written over; the interview is flagged for the recruiter to choose, and nobody is told anything.
import { afterAll, describe, expect, test } from "bun:test";
import { tomorrowAt } from "../../../test/kits/calendar";
import { makeTwoProviderApp } from "../../../test/kits/calendar-providers";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { CHANGED_ON_THE_WAY } from "../scheduling/calendar-changes";

const { t, drivers, google: fake } = makeTwoProviderApp();
const google = drivers.find((d) => d.provider === "google")!;

describe("a change in Google while Frank's change is on its way", () => {
  afterAll(() => google.setDown(false));

  test("Frank's pending move is refused by the event's version (412): the event keeps Google's time, the interview is flagged, no e-mail, no webhook", async () => {
    const b = await bookedInterview(t, google);
    const now = t.clock.now();
    // Google refuses writes while the recruiter moves the interview in Frank (the candidate is told).
    google.setDown(true);
    const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 14).toISOString() } });
    expect(res.status).toBe(200);
    await t.deps.jobs.idle();
    expect(b.mails().some((m) => m.to === b.email)).toBe(true);
    b.webhooks();
    google.setDown(false);
    // Meanwhile the event is moved in Google.
    google.move(b.event.id, tomorrowAt(now, 16), tomorrowAt(now, 17));
    const refusedBefore = fake.refusedWrites;
    // Google accepts writes again: Frank's retry is conditional on the version it wrote.
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(fake.refusedWrites).toBe(refusedBefore + 1);
    expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 16).toISOString());
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
    expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 14).toISOString());
    expect(fake.refusedWrites).toBe(refusedBefore + 1);
    await b.sync();
    expect((await b.interview()).flags).toEqual([]);
  });

  test("Frank's own writes, and changes it took in, are no conflict: a move in Google followed, then a move in Frank, lands", async () => {
    const b = await bookedInterview(t, google);
    const now = t.clock.now();
    const refusedBefore = fake.refusedWrites;
    google.move(b.event.id, tomorrowAt(now, 15), tomorrowAt(now, 16));
    await b.sync();
    expect((await b.interview()).scheduledTime).toBe(tomorrowAt(now, 15).toISOString());
    const res = await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 12).toISOString() } });
    expect(res.status).toBe(200);
    await t.deps.jobs.idle();
    expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 12).toISOString());
    expect(fake.refusedWrites).toBe(refusedBefore);
    expect((await b.interview()).flags).toEqual([]);
  });

  test("a change Frank does not write (the candidate's answer) while Frank's move waits: the move lands, no flag", async () => {
    const b = await bookedInterview(t, google);
    const now = t.clock.now();
    google.setDown(true);
    expect((await t.request(`/api/interviews/${b.interviewId}/reschedule`, { cookie: b.u.cookie, json: { startTime: tomorrowAt(now, 13).toISOString() } })).status).toBe(200);
    await t.deps.jobs.idle();
    google.setDown(false);
    fake.respond(b.event.id, b.email, "accepted");
    const refusedBefore = fake.refusedWrites;
    t.clock.advance(60 * 60_000);
    await t.deps.jobs.runDue();
    await t.deps.jobs.idle();
    expect(fake.refusedWrites).toBe(refusedBefore + 1);
    expect(google.event(b.event.id)!.start).toBe(tomorrowAt(now, 13).toISOString());
    expect((await b.interview()).flags).toEqual([]);
  });
});
