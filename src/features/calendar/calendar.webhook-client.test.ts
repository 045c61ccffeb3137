// An interview moved or cancelled in the calendar sends the same webhook as a recruiter's change:
// its candidate carries the client of the job the interview is for (the calendar's sync is handed
// the pipeline's answer by the composition root, as scheduling is).
import { describe, expect, test } from "bun:test";
import { tomorrowAt } from "../../../test/kits/calendar";
import { makeTwoProviderApp } from "../../../test/kits/calendar-providers";
import { bookedInterview } from "../../../test/kits/calendar-truth";

const { t, drivers } = makeTwoProviderApp();

async function onClientJob(b: Awaited<ReturnType<typeof bookedInterview>>) {
  const { cookie } = b.u;
  const client = (await (await t.request("/api/clients", { cookie, json: { name: "Acme Corp" } })).json()) as { client: { id: number } };
  const job = (await (await t.request("/api/jobs", { cookie, json: { title: "Developer", description: "", location: "Sydney", clientId: client.client.id } })).json()) as { job: { id: number } };
  expect((await t.request(`/api/jobs/${job.job.id}/applications`, { cookie, json: { candidateId: b.session.candidateId } })).status).toBe(201);
}

describe.each(drivers.map((d) => [d.provider, d] as const))("%s", (_name, calendar) => {
  test("moved, then cancelled in the calendar: each webhook names the job's client", async () => {
    const b = await bookedInterview(t, calendar);
    await onClientJob(b);
    b.webhooks();
    const now = t.clock.now();
    calendar.move(b.event.id, tomorrowAt(now, 15), tomorrowAt(now, 16));
    await b.sync();
    const moved = b.webhooks();
    expect(moved.map((w) => [w.type, w.data.by, w.data.interview?.candidate?.clientName])).toEqual([["interview.moved", "calendar", "Acme Corp"]]);
    calendar.remove(b.event.id);
    await b.sync();
    const cancelled = b.webhooks();
    expect(cancelled.map((w) => [w.type, w.data.by, w.data.interview?.candidate?.clientName])).toEqual([["interview.cancelled", "calendar", "Acme Corp"]]);
  });
});
