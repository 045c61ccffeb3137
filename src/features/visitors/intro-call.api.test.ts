import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";
import { listParticipants } from "../candidates/service";
import { listMeetings } from "../scheduling/interviews";
import { Browser, qualifiedVisitor, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { getSettings } from "./settings-service";

const t = makeTestApp({ TRUST_PROXY: "1" });
let ip = 1;
const browser = () => new Browser(t, `10.2.0.${ip++}`);
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: "09:00", end: "17:00" }));

async function openRecruiter() {
  const r = await recruiterWithCampaign(t);
  const res = await t.request("/api/candidate-pages/settings/availability", {
    method: "PUT",
    json: { introCallMinutes: 30, timeZone: "Australia/Melbourne", weekly: EVERY_DAY },
    cookie: r.cookie,
  });
  expect(res.status).toBe(200);
  return r;
}

describe("/scheduleacall", () => {
  test("without published availability there is nothing to book", async () => {
    const r = await recruiterWithCampaign(t);
    const html = await (await browser().get(`/scheduleacall?c=${r.campaign.code}`)).text();
    expect(html).toContain("No times are available right now.");
  });

  test("a candidate books an intro call: meeting through scheduling, confirmation e-mail with .ics, slot gone", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code);
    const page = await b.get(`/scheduleacall?c=${r.campaign.code}`);
    const html = await page.text();
    expect(html).toContain("Book a 30-minute intro call");
    // One small script, the booking pages' own: it shows the times in the browser's zone (issue 60).
    expect(html.match(/<script[^>]*>/g)).toEqual([expect.stringMatching(/src="\/assets\/booking-[^"]+\.js"/)]);
    const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    expect(slots.length).toBeGreaterThan(10);
    const start = slots[0].startTime;

    const res = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start, name: "Ada Lovelace", email: "ada@example.com", c: r.campaign.code });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/scheduleacall?c=${r.campaign.code}&booked=1`);
    expect(await (await b.get(res.headers.get("location")!)).text()).toContain("Call booked!");

    const meetings = listMeetings(t.deps, r.workspaceId);
    expect(meetings.map((m) => [m.title, m.startTime])).toEqual([["Intro call", start]]);
    const participant = listParticipants(t.deps, r.workspaceId, {}).participants.find((p) => p.uniqueId === b.visitorId)!;
    expect(participant.emailAddress).toBe("ada@example.com");
    expect(participant.jobId).toBe(r.job.id);
    await t.deps.jobs.idle();
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .all()
      .find((m) => m.to === "ada@example.com")!;
    expect(mail).toBeDefined();
    expect(mail.icalEvent).toContain("BEGIN:VCALENDAR");

    const after = await (await browser().get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    expect(after.slots.some((s: any) => s.startTime === start)).toBe(false);
    const again = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: slots[1].startTime, name: "Ada", email: "ada@example.com" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Your intro call is booked");
  });

  test("the booking race: two candidates, one slot, one success", async () => {
    const r = await openRecruiter();
    const x = await qualifiedVisitor(browser(), r.campaign.code, { name: "X One", email: "x@example.com" });
    const y = await qualifiedVisitor(browser(), r.campaign.code, { name: "Y Two", email: "y@example.com" });
    await x.get(`/scheduleacall?c=${r.campaign.code}`);
    await y.get(`/scheduleacall?c=${r.campaign.code}`);
    const { slots } = await (await x.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    const start = slots[3].startTime;
    const results = await Promise.all([
      x.json("/api/visitors/intro-call", { start, name: "X One", email: "x@example.com", c: r.campaign.code }),
      y.json("/api/visitors/intro-call", { start, name: "Y Two", email: "y@example.com", c: r.campaign.code }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    const loser = results.find((res) => res.status === 409)!;
    expect((await loser.json()).message).toBe("This time is no longer available. Please choose another time.");
    expect(listMeetings(t.deps, r.workspaceId).filter((m) => m.startTime === start)).toHaveLength(1);
  });

  test("input rules: a bad e-mail and a made-up time are refused; the honeypot books nothing", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code);
    await b.get(`/scheduleacall?c=${r.campaign.code}`);
    const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    const bad = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: slots[0].startTime, name: "Ada", email: "ada-at-example" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Invalid email address");
    expect(html).toContain('value="ada-at-example"');
    const odd = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: "2020-01-01T03:07:00.000Z", name: "Ada", email: "ada@example.com" });
    expect(odd.status).toBe(409);
    const bot = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: slots[0].startTime, name: "Bot", email: "bot@example.com", website: "x" });
    expect(bot.status).toBe(303);
    expect(listMeetings(t.deps, r.workspaceId)).toHaveLength(0);
  });
});

describe("the recruiter's settings page", () => {
  test("saves the weekly availability from the form without JavaScript", async () => {
    const r = await recruiterWithCampaign(t);
    const form = new URLSearchParams({ introCallMinutes: "45", timeZone: "Europe/Paris", on_1: "on", start_1: "10:00", end_1: "12:30", start_2: "09:00", end_2: "17:00" });
    const res = await t.request("/settings/candidate-pages/availability", {
      method: "POST",
      body: form.toString(),
      cookie: r.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(303);
    const s = getSettings(t.deps, r.workspaceId);
    expect(s).toMatchObject({ introCallMinutes: 45, timeZone: "Europe/Paris", hostUserId: r.userId, weekly: [{ day: 1, start: "10:00", end: "12:30" }] });
    const page = await t.request("/settings/candidate-pages", { cookie: r.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Senior Developer");
    const refused = await t.request("/api/candidate-pages/settings/availability", {
      method: "PUT",
      json: { introCallMinutes: 30, timeZone: "Mars/Olympus", weekly: [] },
      cookie: r.cookie,
    });
    expect(refused.status).toBe(400);
  });

  test("the settings need a session: the page redirects, the API answers 401", async () => {
    expect((await t.request("/settings/candidate-pages")).status).toBe(303);
    expect((await t.request("/api/candidate-pages/settings")).status).toBe(401);
  });
});

describe("/scheduleacall, one day at a time", () => {
  test("the days are links; only the chosen day's times are radio buttons; under 12 KB on the wire", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code, { name: "Ada Lovelace", email: "ada@example.com" });
    const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    const res = await t.request(`/scheduleacall?c=${r.campaign.code}`, { cookie: b.cookie, headers: { "x-forwarded-for": b.ip, "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect((await res.arrayBuffer()).byteLength).toBeLessThanOrEqual(12 * 1024);

    const html = await (await b.get(`/scheduleacall?c=${r.campaign.code}`)).text();
    expect(html.match(/<script[^>]*>/g)).toHaveLength(1);
    expect(html).toContain("<style>");
    const days = [...html.matchAll(/href="\/scheduleacall\?c=[^"&]+&amp;day=(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
    expect(days.length).toBeGreaterThan(1);
    const radios = (h: string) => [...h.matchAll(/name="start" value="([^"]+)"/g)].map((m) => m[1]!);
    const firstDay = radios(html);
    expect(firstDay.length).toBeGreaterThan(0);
    expect(firstDay.length).toBeLessThan(slots.length);
    expect(firstDay).toEqual(slots.slice(0, firstDay.length).map((s: { startTime: string }) => s.startTime));

    const second = await (await b.get(`/scheduleacall?c=${r.campaign.code}&day=${days[1]}`)).text();
    const secondDay = radios(second);
    expect(secondDay.length).toBeGreaterThan(0);
    expect(secondDay.some((s) => firstDay.includes(s))).toBe(false);
    // A day that is not offered (or nonsense) falls back to the first day.
    expect(radios(await (await b.get(`/scheduleacall?c=${r.campaign.code}&day=1999-01-01`)).text())).toEqual(firstDay);
    expect(radios(await (await b.get(`/scheduleacall?c=${r.campaign.code}&day=<x>`)).text())).toEqual(firstDay);

    // Booking a time of the second day works the same way.
    const booked = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: secondDay[0]!, name: "Ada Lovelace", email: "ada@example.com", c: r.campaign.code });
    expect(booked.status).toBe(303);
  });

  test("after a refused submission the chosen time's day stays open and checked", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code, { name: "Ada", email: "ada@example.com" });
    await b.get(`/scheduleacall?c=${r.campaign.code}`);
    const { slots } = await (await b.get(`/api/visitors/intro-call?c=${r.campaign.code}`)).json();
    // A time two days after the first one: not on the day shown first.
    const late = slots.find((s: { startTime: string }) => Date.parse(s.startTime) - Date.parse(slots[0].startTime) > 2 * 86_400_000).startTime;
    const bad = await b.form(`/scheduleacall?c=${r.campaign.code}`, { start: late, name: "Ada", email: "not-an-email" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html.match(/<input[^>]*name="start"[^>]*>/g)!.find((i) => i.includes(late))).toContain("checked");
  });
});

describe("/scheduleacall in the visitor's zone", () => {
  test("a zone switch like the booking pages': ?tz= shows the times in that zone and the day links keep it", async () => {
    const r = await openRecruiter();
    const b = await qualifiedVisitor(browser(), r.campaign.code, { name: "Ada", email: "ada@example.com" });
    const html = await (await b.get(`/scheduleacall?c=${r.campaign.code}&tz=Europe/London`)).text();
    expect(html).toContain("Show times in");
    expect(html).toMatch(/<option value="Europe\/London" selected/);
    expect(html).toMatch(/href="\/scheduleacall\?c=[^"]+&amp;tz=Europe%2FLondon&amp;day=\d{4}-\d{2}-\d{2}"/);
    expect(html).toContain('name="tz" value="Europe/London"');
    // An unknown zone is ignored (the workspace's zone is shown).
    const plain = await (await b.get(`/scheduleacall?c=${r.campaign.code}&tz=Not/AZone`)).text();
    expect(plain).not.toContain("Not/AZone");
  });
});
