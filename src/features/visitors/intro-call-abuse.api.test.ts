// Issue 15 item 6: intro calls are not an open relay, and the anonymous page does not call
// Google on every request.
import { describe, expect, test } from "bun:test";
import { mailMessages } from "../../db/schema";
import { listMeetings } from "../scheduling/interviews";
import { makeCalendarTestApp, connectCalendar, syncCalendarNow } from "../../../test/kits/calendar";
import { Browser, qualifiedVisitor, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { ALREADY_BOOKED, PREQUALIFIER_FIRST, USE_PREQUALIFIER_EMAIL } from "./intro-call-service";

const { t, google } = makeCalendarTestApp();
let ip = 1;
const browser = () => new Browser(t, `10.3.0.${ip++}`);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));

async function openRecruiter() {
  const r = await recruiterWithCampaign(t);
  const res = await t.request("/api/candidate-pages/settings/availability", { method: "PUT", json: { introCallMinutes: 30, timeZone: "UTC", weekly: EVERY_DAY }, cookie: r.cookie });
  expect(res.status).toBe(200);
  return r;
}

describe("intro calls are not an open relay (item 6)", () => {
  test("four fresh cookies cannot book four slots and e-mail four strangers", async () => {
    const r = await openRecruiter();
    const mailsBefore = t.deps.db.select().from(mailMessages).all().length;
    const { slots } = await (await browser().get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    for (let i = 0; i < 4; i++) {
      const res = await browser().json("/api/visitors/intro-call", { start: slots[i].startTime, name: `Stranger ${i}`, email: `stranger${i}@example.org`, c: r.campaign.code });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe(PREQUALIFIER_FIRST);
    }
    expect(listMeetings(t.deps, r.workspaceId)).toHaveLength(0);
    // The page asks for the prequalifier instead of offering the form.
    const html = await (await browser().get(`/scheduleacall?c=${r.campaign.code}`)).text();
    expect(html).toContain(PREQUALIFIER_FIRST);
    expect(html).not.toContain("Book call");
    await t.deps.jobs.idle();
    expect(t.deps.db.select().from(mailMessages).all().length).toBe(mailsBefore);
  });

  test("the confirmation goes only to the address given in the prequalifier", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code, { name: "Ada Lovelace", email: "ada@example.com" });
    const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    const res = await b.json("/api/visitors/intro-call", { start: slots[0].startTime, name: "Ada", email: "victim@example.org", c: r.campaign.code });
    expect(res.status).toBe(400);
    expect((await res.json()).fields.email).toBe(USE_PREQUALIFIER_EMAIL);
    expect(listMeetings(t.deps, r.workspaceId)).toHaveLength(0);
  });

  test("at most one open intro call per candidate, even from a fresh cookie", async () => {
    const r = await openRecruiter();
    const first = await qualifiedVisitor(browser(), r.campaign.code, { name: "Bo Li", email: "bo@example.com" });
    const { slots } = await (await first.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    expect((await first.json("/api/visitors/intro-call", { start: slots[0].startTime, name: "Bo Li", email: "bo@example.com", c: r.campaign.code })).status).toBe(200);
    const second = await qualifiedVisitor(browser(), r.campaign.code, { name: "Bo Li", email: "BO@example.com" });
    const res = await second.json("/api/visitors/intro-call", { start: slots[5].startTime, name: "Bo Li", email: "BO@example.com", c: r.campaign.code });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(ALREADY_BOOKED);
    expect(listMeetings(t.deps, r.workspaceId)).toHaveLength(1);
  });

  test("20 anonymous GETs of the intro-call times make no Google call (busy times come from the calendar cache)", async () => {
    const r = await openRecruiter();
    expect(await connectCalendar(t, r.cookie)).toContain("connected=true");
    await t.deps.jobs.idle();
    const calls = () => google.requests.filter((q) => q.path.startsWith("/calendar/v3/")).length;
    const before = calls();
    for (let i = 0; i < 20; i++) expect((await browser().get(`/api/visitors/intro-call?c=${r.campaign.code}`)).status).toBe(200);
    expect(calls() - before).toBe(0);
  });

  test("a busy event in the host's calendar leaves the intro-call times at the next sync, not a minute later", async () => {
    const r = await openRecruiter();
    expect(await connectCalendar(t, r.cookie)).toContain("connected=true");
    await t.deps.jobs.idle();
    const first = (await (await browser().get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json()).slots[0];
    google.addEvent(google.account.email, { summary: "Dentist", start: first.startTime, end: first.endTime });
    await syncCalendarNow(t, r.cookie);
    const after = (await (await browser().get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json()).slots;
    expect(after.map((s: { startTime: string }) => s.startTime)).not.toContain(first.startTime);
  });
});
