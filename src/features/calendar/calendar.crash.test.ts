// A crash between a calendar read and applying what it found (issue 59): the read's changes are
// stored with its sync token, so the next sync applies the ones the killed process did not,
// instead of reading past them. The sync runs in a process of its own that is killed (SIGKILL)
// in the middle of applying the moves.
import { describe, expect, test } from "bun:test";
import { makeCalendarTestApp, tomorrowAt } from "../../../test/kits/calendar";
import { bookedInterview } from "../../../test/kits/calendar-truth";
import { googleDriver } from "../../../test/kits/calendar-providers";
import { upsertParticipantFromVisitor } from "../candidates/service";

const { t, google: fake } = makeCalendarTestApp();
const google = googleDriver(fake);
const HOURS = [8, 10, 12, 14, 16];

async function fiveInterviews() {
  const b = await bookedInterview(t, google, { hours: [HOURS[0]!] });
  const now = t.clock.now();
  for (const [i, h] of HOURS.slice(1).entries()) {
    const c = upsertParticipantFromVisitor(t.deps, b.u.workspaceId, { uniqueId: `crash-${b.u.userId}-${i}`, name: `Candidate ${i}`, emailAddress: `crash-${b.u.userId}-${i}@example.com` });
    const s = await (
      await t.request("/api/scheduling-sessions", {
        cookie: b.u.cookie,
        json: { candidateId: c.id, duration: 60, timeSlots: [{ startTime: tomorrowAt(now, h).toISOString(), endTime: tomorrowAt(now, h + 1).toISOString() }], timeZone: "UTC" },
      })
    ).json();
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);
  }
  await t.deps.jobs.idle();
  const events = google.eventsIn(google.primaryCalendar()).filter((e) => e.frankMeeting);
  expect(events).toHaveLength(HOURS.length);
  return { b, events, now };
}

const startsInFrank = async (cookie: string) =>
  ((await (await t.request("/api/meetings", { cookie })).json()).meetings as { startTime?: string; scheduledTime?: string }[])
    .map((m) => new Date(m.scheduledTime ?? m.startTime!).getUTCHours())
    .sort((a, b) => a - b);

/** Syncs the primary calendar in a child process that kills itself inside the transaction of the n-th move. */
async function syncThenDie(userId: number, n: number) {
  const env = {
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    DATABASE_PATH: t.deps.config.DATABASE_PATH,
    APP_URL: "http://localhost",
    NODE_ENV: "test",
    WEBHOOK_ALLOW_PRIVATE: "1",
    ...fake.env(),
  };
  const proc = Bun.spawn([process.execPath, "test/kits/sync-then-die.ts", JSON.stringify(env), String(userId), google.primaryCalendar(), String(n)], { stdout: "pipe", stderr: "pipe" });
  await proc.exited;
  expect(proc.signalCode).toBe("SIGKILL");
}

describe("a sync killed while applying what it read", () => {
  for (const n of [1, 3]) {
    test(`killed with ${n - 1} of ${HOURS.length} moves applied: the next sync applies the rest, each candidate told once`, async () => {
      const { b, events, now } = await fiveInterviews();
      b.mails();
      b.webhooks();
      // Every event moves an hour later in the calendar at once.
      for (const [i, e] of events.entries()) {
        const h = new Date(e.start).getUTCHours();
        google.move(e.id, tomorrowAt(now, h + 1), tomorrowAt(now, h + 2));
        expect(h).toBe(HOURS[i]);
      }
      await syncThenDie(b.u.userId, n);
      // The kill landed between the steps: the read is stored (its token moved on), n - 1 moves are applied.
      const moved = (await startsInFrank(b.u.cookie)).filter((h) => !HOURS.includes(h));
      expect(moved).toHaveLength(n - 1);
      // The restart's next sync (incremental: nothing new in the calendar) applies what was left.
      await b.sync();
      expect(await startsInFrank(b.u.cookie)).toEqual(HOURS.map((h) => h + 1));
      const toCandidates = b.mails().filter((m) => m.audience === "candidate" && m.kind === "moved");
      expect(toCandidates).toHaveLength(HOURS.length);
      expect(new Set(toCandidates.map((m) => m.to)).size).toBe(HOURS.length);
      expect(b.webhooks().filter((w) => w.type === "interview.moved")).toHaveLength(HOURS.length);
      // Done: another sync changes nothing.
      await b.sync();
      expect(b.mails()).toEqual([]);
      expect(b.webhooks()).toEqual([]);
    }, 180_000);
  }
});
