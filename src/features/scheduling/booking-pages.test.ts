import { describe, expect, test } from "bun:test";
import { putChangeLimits } from "./change-limits";
import ICAL from "ical.js";
import { makeTestApp } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { randomToken } from "../../lib/crypto";
import { redactPath } from "../../lib/log";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "America/New_York";
let n = 0;

async function session(opts: { days?: number[] } = {}) {
  const u = await t.signUp({ name: "Hank Manager" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `p-${++n}`, name: "Sam Lee", emailAddress: `sam${n}@example.com`, roleApplied: "Developer" });
  const today = dateIn(t.clock.now(), TZ);
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Technical Interview",
    description: "Pairing on a small task",
    duration: 60,
    timeSlots: generateSlots({ dates: (opts.days ?? [1, 2]).map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }),
    timeZone: TZ,
  });
  return { u, s };
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
});

describe("/book/{token} without JavaScript", () => {
  test("server-rendered, only the small optional script, no referrer; slots grouped under long dates in the session's zone", async () => {
    const { s } = await session();
    for (const path of [`/book/${s.sessionToken}`, `/booking-option-b/${s.sessionToken}`]) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      const html = await res.text();
      // The only script is the optional enhancement, and it stays under 2 KB gzipped.
      const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
      expect(html.match(/<script/g)?.length ?? 0).toBe(scripts.length);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/booking-[0-9a-f]{10}\.js$/);
      const js = await (await t.request(scripts[0]!)).arrayBuffer();
      expect(Bun.gzipSync(new Uint8Array(js)).length).toBeLessThan(2048);
      expect(html).toContain("Interview Details");
      expect(html).toContain("Available Time Slots");
      expect(html).toContain("Technical Interview");
      expect(html).toContain("60 minutes");
      expect(html).toContain("Developer");
      expect(html).toContain("Thursday, January 10, 2030");
      expect(html).toContain("Friday, January 11, 2030");
      expect(html).toContain("9:00 AM");
      expect(html).toContain("Times in America/New_York (EST)");
      expect(html).toContain("Confirm Interview");
      expect(html.match(/name="slotId"/g)).toHaveLength(16);
    }
  });

  test("?tz= shows the same slots in another zone; an unknown zone falls back", async () => {
    const { s } = await session();
    const html = await (await t.request(`/book/${s.sessionToken}?tz=Europe/London`)).text();
    expect(html).toContain("Times in Europe/London (GMT)");
    expect(html).toContain("2:00 PM"); // 09:00 EST
    const bad = await (await t.request(`/book/${s.sessionToken}?tz=Not/AZone`)).text();
    expect(bad).toContain("Times in America/New_York");
  });

  test("choosing a slot and confirming is a form POST → 303 to the confirmation; the link then shows the booked interview", async () => {
    const { s } = await session();
    const slot = s.timeSlots[3]!;
    const res = await t.request(`/book/${s.sessionToken}`, { method: "POST", ...form({ slotId: slot.id }) });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/book\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
    const flash = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("frank_flash="))!
      .split(";")[0]!;
    const page = await t.request(location, { cookie: flash });
    const html = await page.text();
    expect(html).toContain("Interview Scheduled!");
    expect(html).toContain("Meeting Scheduled!");
    // No SMTP_URL in this app: the page promises no e-mail (candidate-pages.test.ts has both cases).
    expect(html).not.toContain("spam");
    expect(html).toContain("Hiring Manager");
    expect(html).not.toContain("<script");
    // The candidate reopening their link sees their interview and its manage link, not "invalid".
    const again = await t.request(`/book/${s.sessionToken}`);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(location.replace("?booked=1", ""));
    // A second POST (another tab, or a double click) shows the booked interview (issue 41).
    const second = await t.request(`/book/${s.sessionToken}`, { method: "POST", ...form({ slotId: s.timeSlots[4]!.id }) });
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(location.replace("?booked=1", ""));
  });

  test("without a slot the form answers 400 with the booking page and a message", async () => {
    const { s } = await session();
    const res = await t.request(`/booking-option-b/${s.sessionToken}`, { method: "POST", ...form({}) });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please select a time slot");
    expect(html).toContain("Available Time Slots");
  });

  test("no slots left in the future: 'No Available Slots' and no confirm button", async () => {
    const { s } = await session({ days: [1, 2] });
    t.clock.set(new Date("2030-01-12T00:00:00Z"));
    const html = await (await t.request(`/book/${s.sessionToken}`)).text();
    expect(html).toContain("No Available Slots");
    expect(html).not.toContain("Confirm Interview");
    t.clock.set(new Date("2030-01-10T03:00:00Z"));
  });

  test("no-referrer pages post with Origin: null; Sec-Fetch-Site same-origin lets them through, nothing else does", async () => {
    const { s } = await session();
    const post = (headers: Record<string, string>) =>
      t.request(`/book/${s.sessionToken}`, { method: "POST", body: `slotId=${s.timeSlots[0]!.id}`, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } });
    expect((await post({ origin: "null" })).status).toBe(403);
    expect((await post({ origin: "null", "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(303);
  });

  test("booking tokens never reach the request log", () => {
    for (let i = 0; i < 50; i++) {
      const token = randomToken(32);
      expect(redactPath(`http://localhost/book/${token}?tz=UTC`)).toBe("/book/:token");
      expect(redactPath(`/booking-option-b/${token}`)).toBe("/booking-option-b/:token");
      expect(redactPath(`/book/manage/${randomToken(32)}/move`)).toBe("/book/manage/:token/move");
      expect(redactPath(`/interview-details/${randomToken(16)}`)).toBe("/interview-details/:token");
    }
  });

  test("unknown token: the Session Not Found page with 404", async () => {
    const res = await t.request(`/book/${"z".repeat(43)}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.");
  });
});

describe("the candidate's confirmation link", () => {
  test("moves to another offered slot (updated .ics, SEQUENCE 1), then cancels (METHOD:CANCEL)", async () => {
    const { s, u } = await session();
    // The first slot starts within the default 12 hours (issue 36's change limits): none here.
    putChangeLimits(t.deps, { role: "owner", workspaceId: u.workspaceId }, "system", { candidateChangeCutoffHours: 0 });
    const res = await t.request(`/book/${s.sessionToken}`, { method: "POST", ...form({ slotId: s.timeSlots[0]!.id }) });
    const manage = res.headers.get("location")!.split("?")[0]!;
    const html = await (await t.request(manage)).text();
    expect(html).toContain("Choose another time");
    expect(html.match(/name="slotId"/g)).toHaveLength(15);

    const before = t.deps.db.select().from(mailMessages).all().length;
    const moved = await t.request(`${manage}/move`, { method: "POST", ...form({ slotId: s.timeSlots[5]!.id }) });
    expect(moved.status).toBe(303);
    const mails = t.deps.db.select().from(mailMessages).all().slice(before);
    expect(mails).toHaveLength(2);
    const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(JSON.parse(mails[0]!.icalEvent!).content)).getFirstSubcomponent("vevent")!);
    expect(ev.sequence).toBe(1);
    expect(ev.startDate.toJSDate().toISOString()).toBe(s.timeSlots[5]!.startTime);

    // The slot it left is open again; the one it took is not.
    const after = await (await t.request(manage)).text();
    expect(after).toContain(s.timeSlots[0]!.id);
    expect(after).not.toContain(`value="${s.timeSlots[5]!.id}"`);

    expect((await t.request(`${manage}?cancel=1`)).status).toBe(200);
    const cancelled = await t.request(`${manage}/cancel`, { method: "POST", ...form({}) });
    expect(cancelled.status).toBe(303);
    const last = t.deps.db.select().from(mailMessages).all().at(-1)!;
    const cal = new ICAL.Component(ICAL.parse(JSON.parse(last.icalEvent!).content));
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(await (await t.request(manage)).text()).toContain("Interview Canceled");
    expect((await t.request(`/book/manage/${"q".repeat(43)}`)).status).toBe(404);
  });
});

describe("/interview-details/{id}", () => {
  test("details for staff of the workspace only; another workspace sees Interview Not Found (issue 15 item 9); signed out goes to sign in", async () => {
    const { u, s } = await session();
    await t.request(`/book/${s.sessionToken}`, { method: "POST", ...form({ slotId: s.timeSlots[0]!.id }) });
    const { meetings } = await (await t.request("/api/meetings", { cookie: u.cookie })).json();
    const signedIn = await t.request(`/interview-details/${meetings[0].id}`, { cookie: u.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await signedIn.text();
    for (const text of ["Technical Interview", "Confirmed", "Candidate", "Interviewer", "Actions", "Reschedule", "Cancel interview", "E-mails", `sam${n}@example.com`, "Hank Manager"])
      expect(html).toContain(text);
    expect(html).toContain("account-menu");

    // Signed out, the page sends the recruiter to sign in and back here (issue 41 item 9).
    const anon = await t.request(`/interview-details/${meetings[0].id}`);
    expect(anon.status).toBe(303);
    expect(anon.headers.get("location")).toBe(`/login?next=${encodeURIComponent(`/interview-details/${meetings[0].id}`)}`);
    const other = await t.signUp();
    const foreign = await (await t.request(`/interview-details/${meetings[0].id}`, { cookie: other.cookie })).text();
    expect(foreign).toContain("Interview Not Found");
    expect(foreign).not.toContain(`sam${n}@example.com`);
    expect(foreign).toContain("account-menu");
    const missing = await t.request(`/interview-details/${"m".repeat(22)}`, { cookie: u.cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Interview Not Found");
  });
});
