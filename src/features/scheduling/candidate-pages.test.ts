import { describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots, slotLabel } from "./slots";

// Nothing listens on port 9: the mail worker's attempts fail, which these tests do not look at.
const withMail = makeTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
const noMail = makeTestApp();
const NOW = new Date("2026-11-23T03:00:00Z");
withMail.clock.set(NOW);
noMail.clock.set(NOW);
const TZ = "UTC";
let n = 0;

async function session(t: TestApp) {
  const u = await t.signUp({ name: "Hank Manager" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `cp-${++n}`, name: "Sam Lee", emailAddress: `sam${n}@example.com`, roleApplied: "Developer" });
  const today = dateIn(t.clock.now(), TZ);
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Technical Interview",
    description: null,
    duration: 60,
    timeSlots: generateSlots({ dates: [addDays(today, 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }),
    timeZone: TZ,
  });
  return { u, s };
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields).toString(),
  headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
});

async function book(t: TestApp) {
  const { u, s } = await session(t);
  const res = await t.request(`/book/${s.sessionToken}`, form({ slotId: s.timeSlots[0]!.id }));
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  const flash = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("frank_flash="))!
    .split(";")[0]!;
  return { u, s, location, flash, manage: location.replace(/\?.*$/, "") };
}

describe("the confirmation e-mail is promised once, and only when e-mail is set up", () => {
  test("with SMTP: said right after booking, not when the candidate opens the manage page again", async () => {
    const b = await book(withMail);
    const first = await (await withMail.request(b.location, { cookie: b.flash })).text();
    expect(first).toContain("A confirmation email is on its way");
    expect(first).toContain("confirmation email shortly");
    const later = await (await withMail.request(b.manage)).text();
    expect(later).toContain("Your Interview");
    expect(later).not.toContain("A confirmation email is on its way");
  });

  test("without SMTP: no page, toast or API answer promises an e-mail", async () => {
    const { s } = await session(noMail);
    const bookingHtml = await (await noMail.request(`/book/${s.sessionToken}`)).text();
    expect(bookingHtml).not.toContain("confirmation email");
    const b = await book(noMail);
    const html = await (await noMail.request(b.location, { cookie: b.flash })).text();
    expect(html).toContain("Interview Scheduled!");
    expect(html).not.toMatch(/confirmation e-?mail|on its way/i);
    const api = await session(noMail);
    const res = await noMail.request(`/api/book/${api.s.sessionToken}`, { json: { slotId: api.s.timeSlots[0]!.id } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe("Your interview has been successfully booked.");
  });

  test("signed-in pages show the owner a banner when no mail transport is set, and not when it is", async () => {
    const u = await noMail.signUp();
    for (const path of ["/dashboard", "/ical-manager", "/settings/candidate-pages", "/participants-monitor", "/dashboard2"]) {
      const html = await (await noMail.request(path, { cookie: u.cookie })).text();
      expect(html).toContain("E-mail is not set up: candidates receive no confirmations");
      expect(html).toContain(`href="/settings/email"`);
    }
    const m = await withMail.signUp();
    expect(await (await withMail.request("/dashboard", { cookie: m.cookie })).text()).not.toContain("E-mail is not set up");
  });
});

describe("slot buttons read as a time range and a day", () => {
  test('option B: "9:00 AM to 10:00 AM, Tuesday 24 November"', async () => {
    const { s } = await session(withMail);
    const html = await (await withMail.request(`/booking-option-b/${s.sessionToken}`)).text();
    expect(html).toContain('aria-label="9:00 AM to 10:00 AM, Tuesday 24 November"');
    expect(slotLabel("2026-11-24T13:00:00.000Z", "2026-11-24T14:00:00.000Z", "UTC")).toBe("1:00 PM to 2:00 PM, Tuesday 24 November");
    expect(slotLabel("2026-11-24T23:30:00.000Z", "2026-11-25T00:30:00.000Z", "Australia/Sydney")).toBe("10:30 AM to 11:30 AM, Wednesday 25 November");
  });
});

describe("candidate pages: description and indexing", () => {
  test("private token pages are noindex (meta and X-Robots-Tag) and described", async () => {
    const b = await book(withMail);
    const { s } = await session(withMail);
    const paths = [`/book/${s.sessionToken}`, `/booking-option-b/${s.sessionToken}`, b.manage];
    for (const path of paths) {
      const res = await withMail.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-robots-tag")).toContain("noindex");
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    }
    for (const path of [`/book/${"z".repeat(43)}`, `/book/manage/${"z".repeat(43)}`]) {
      const gone = await withMail.request(path);
      expect(gone.status).toBe(404);
      expect(gone.headers.get("x-robots-tag")).toContain("noindex");
    }
  });

  test("the public candidate pages carry a meta description", async () => {
    for (const path of ["/prequalifier", "/assessment", "/scheduleacall"]) {
      const html = await (await withMail.request(path)).text();
      expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    }
  });
});
