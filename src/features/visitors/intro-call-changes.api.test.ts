// Issue 60 item 3: the intro call's booked page offers to move or cancel it, as an interview's
// manage page does, within the workspace's limits; a call canceled elsewhere frees its time.
import { expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { listMeetings } from "../scheduling/interviews";
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

test("Choose another time moves the call; Cancel Call asks, then cancels it and offers the times again", async () => {
  const { r, b, start, slots, intro } = await booked();
  const page = await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text();
  expect(page).toContain("Choose another time");
  expect(page).toContain("Cancel Call");

  const moving = await (await b.get(`/scheduleacall?c=${r.campaign.code}&move=1`)).text();
  expect(moving).toContain("Move Call");
  const next = slots.find((s: { startTime: string }) => s.startTime.startsWith("2030-03-08"))!.startTime;
  expect((await b.form(`/scheduleacall/move?c=${r.campaign.code}`, { start: next, c: r.campaign.code })).status).toBe(303);
  expect(intro().map((m) => [m.startTime, m.status])).toEqual(
    expect.arrayContaining([
      [start, "canceled"],
      [next, "scheduled"],
    ]),
  );

  expect(await (await b.get(`/scheduleacall?c=${r.campaign.code}&cancel=1`)).text()).toContain("Cancel this call?");
  expect((await b.form(`/scheduleacall/cancel?c=${r.campaign.code}`, { c: r.campaign.code })).status).toBe(303);
  expect(intro().every((m) => m.status === "canceled")).toBe(true);
  // The times are offered again, the canceled ones included.
  const again = await (await b.get(`/scheduleacall?c=${r.campaign.code}&day=2030-03-07`)).text();
  expect(again).toContain("Book call");
  expect(again).toContain(`value="${start}"`);
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
