// Helpers for the calendar-truth scenarios: a recruiter with a connected calendar, a webhook
// endpoint, and a booked interview whose event is in the fake's calendar.
import { and, eq, gt } from "drizzle-orm";
import { mailMessages, webhookDeliveries } from "../../src/db/schema";
import { upsertParticipantFromVisitor } from "../../src/features/candidates/service";
import { randomAlphanumeric } from "../../src/lib/crypto";
import { FakeGoogle } from "../fakes/google";
import type { TestApp } from "../helpers";
import { syncCalendarNow, tomorrowAt } from "./calendar";
import { connectWith, googleDriver, type CalendarFakeDriver } from "./calendar-providers";

/** A recruiter connected to the fake's calendar (Google's, or either provider's driver) with one booked interview. */
export async function bookedInterview(t: TestApp, fake: FakeGoogle | CalendarFakeDriver, opts: { mode?: "follow" | "flag"; hours?: number[] } = {}) {
  const d = fake instanceof FakeGoogle ? googleDriver(fake) : fake;
  const u = await t.signUp();
  d.useAccount(`recruiter-${u.userId}@example.com`);
  const connected = await connectWith(t, d, u.cookie);
  if (!connected.includes("connected=true")) throw new Error(`connect ended at ${connected}`);
  await t.deps.jobs.idle();
  if (opts.mode) expect200(await t.request("/api/calendar/settings", { method: "PUT", cookie: u.cookie, json: { onEventChange: opts.mode } }));
  expect201(await t.request("/api/webhooks", { cookie: u.cookie, json: { url: "http://127.0.0.1:9/hooks", events: ["interview.moved", "interview.cancelled"] } }));
  const email = `cand-${randomAlphanumeric(6).toLowerCase()}@example.com`;
  const candidate = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "q" + randomAlphanumeric(6), name: "Grace Hopper", emailAddress: email });
  const now = t.clock.now();
  const timeSlots = (opts.hours ?? [10, 11, 12]).map((h) => ({ startTime: tomorrowAt(now, h).toISOString(), endTime: tomorrowAt(now, h + 1).toISOString() }));
  const created = await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: candidate.id, duration: 60, timeSlots, timeZone: "UTC", title: "Interview" } });
  expect201(created);
  const session = await created.json();
  const booked = await t.request(`/api/book/${session.sessionToken}`, { json: { slotId: session.timeSlots[0].id } });
  if (booked.status !== 200) throw new Error(`booking answered ${booked.status}`);
  await t.deps.jobs.idle();
  const meetings = await (await t.request("/api/meetings", { cookie: u.cookie })).json();
  const interviewId: string = meetings.meetings.at(-1).id;
  const event = d.eventsIn(d.primaryCalendar()).find((e) => e.frankMeeting)!;
  if (!event) throw new Error("the interview's event was not written to the calendar");
  let seenDelivery = 0;
  let seenMail = 0;
  return {
    u,
    email,
    event,
    interviewId,
    session,
    interview: async () => (await t.request(`/api/interviews/${interviewId}`, { cookie: u.cookie })).json(),
    /** The changes made in the calendar come back: sync now, then the work they cause (e-mails, the event's own update). */
    sync: async () => {
      const c = await syncCalendarNow(t, u.cookie);
      await t.deps.jobs.idle();
      return c;
    },
    webhooks: () => {
      const rows = t.deps.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.workspaceId, u.workspaceId), gt(webhookDeliveries.id, seenDelivery)))
        .orderBy(webhookDeliveries.id)
        .all();
      if (rows.length) seenDelivery = rows.at(-1)!.id;
      return rows.map((r) => JSON.parse(r.payload) as { type: string; data: Record<string, any> });
    },
    mails: () => {
      const rows = t.deps.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.workspaceId, u.workspaceId), gt(mailMessages.id, seenMail)))
        .orderBy(mailMessages.id)
        .all();
      if (rows.length) seenMail = rows.at(-1)!.id;
      return rows;
    },
  };
}

function expect200(r: Response) {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}`);
}
function expect201(r: Response) {
  if (r.status !== 201) throw new Error(`expected 201, got ${r.status}`);
}
