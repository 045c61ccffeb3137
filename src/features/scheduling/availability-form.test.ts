// Settings → Availability without JavaScript: the page shows the saved hours, a post saves them
// through the same rules as PUT /api/availability, a refusal shows the form again with the message.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { TIME_FORMAT, RANGE_ORDER } from "./availability-model";

const t = makeTestApp();
const post = (path: string, fields: Record<string, string>, cookie: string) =>
  t.request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie } });
const FORM = {
  timeZone: "America/New_York",
  day1: "09:00-12:00, 13:00-17:00",
  day2: "9:00 – 17:00",
  day3: "",
  day4: "09:00-17:00",
  day5: "09:00-15:00",
  day6: "",
  day0: "",
  overrides: "2030-12-24 10:00-12:00\n2030-12-25 off\n",
  bufferBeforeMinutes: "5",
  bufferAfterMinutes: "10",
  minimumNoticeMinutes: "120",
  maxInterviewsPerDay: "4",
};

describe("Settings → Availability", () => {
  test("shows the defaults, saves a post and shows it back", async () => {
    const u = await t.signUp();
    const page = await (await t.request("/settings/availability", { cookie: u.cookie })).text();
    expect(page).toContain('value="09:00-17:00"');
    expect(page).toContain('<form class="card mt-4" data-testid="availability-form" action="/settings/availability" method="post">'); // a plain form post
    const res = await post("/settings/availability", FORM, u.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/settings/availability");
    const saved = await (await t.request("/api/availability", { cookie: u.cookie })).json();
    expect(saved).toEqual({
      timeZone: "America/New_York",
      weekly: [
        { day: 1, start: "09:00", end: "12:00" },
        { day: 1, start: "13:00", end: "17:00" },
        { day: 2, start: "09:00", end: "17:00" },
        { day: 4, start: "09:00", end: "17:00" },
        { day: 5, start: "09:00", end: "15:00" },
      ],
      overrides: [
        { date: "2030-12-24", ranges: [{ start: "10:00", end: "12:00" }] },
        { date: "2030-12-25", ranges: [] },
      ],
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 10,
      minimumNoticeMinutes: 120,
      maxInterviewsPerDay: 4,
    });
    const again = await (await t.request("/settings/availability", { cookie: u.cookie })).text();
    expect(again).toContain('value="09:00-12:00, 13:00-17:00"');
    expect(again).toContain("2030-12-25 off");
    // An empty limit is no limit.
    await post("/settings/availability", { ...FORM, maxInterviewsPerDay: "" }, u.cookie);
    expect((await (await t.request("/api/availability", { cookie: u.cookie })).json()).maxInterviewsPerDay).toBeNull();
  });

  test("a refused post shows the form again with what was typed and the message at the field", async () => {
    const u = await t.signUp();
    for (const [fields, message, field] of [
      [{ ...FORM, day2: "nine to five" }, TIME_FORMAT, "day2"],
      [{ ...FORM, day4: "17:00-09:00" }, RANGE_ORDER, "day4"],
      [{ ...FORM, overrides: "Christmas" }, "Write each date on its own line", "overrides"],
      [{ ...FORM, maxInterviewsPerDay: "0" }, "The daily limit must be empty", "maxInterviewsPerDay"],
    ] as const) {
      const res = await post("/settings/availability", fields, u.cookie);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
      expect(html).toContain("09:00-12:00, 13:00-17:00"); // what was typed is kept
    }
    // Nothing was saved.
    expect((await (await t.request("/api/availability", { cookie: u.cookie })).json()).timeZone).toBe("UTC");
  });

  test("an owner edits a member's hours with ?userId=; a recruiter cannot", async () => {
    const owner = await t.signUp();
    const rec = await addMember(t, owner.cookie, "recruiter");
    const res = await post(`/settings/availability?userId=${rec.id}`, FORM, owner.cookie);
    expect(res.status).toBe(303);
    expect((await (await t.request("/api/availability", { cookie: rec.cookie })).json()).timeZone).toBe("America/New_York");
    const refused = await post(`/settings/availability?userId=${owner.userId}`, FORM, rec.cookie);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/settings/availability");
    expect(decodeURIComponent(refused.headers.get("set-cookie") ?? "")).toContain("frank_flash=");
    expect((await (await t.request("/api/availability", { cookie: owner.cookie })).json()).timeZone).toBe("UTC");
  });

  test("candidates' change limits: shown with their defaults, saved by a post, refused with the field's message, read-only for a recruiter", async () => {
    const owner = await t.signUp();
    const page = await (await t.request("/settings/availability", { cookie: owner.cookie })).text();
    expect(page).toContain("Candidates&#x27; changes");
    expect(page).toContain('action="/settings/availability/candidate-changes"');
    expect(page).toMatch(/name="candidateChangeCutoffHours"[^>]*value="12"/);
    expect(page).toMatch(/name="maxCandidateMoves"[^>]*value="2"/);
    const saved = await post("/settings/availability/candidate-changes", { candidateChangeCutoffHours: "24", maxCandidateMoves: "0" }, owner.cookie);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/settings/availability");
    expect(await (await t.request("/api/scheduling-settings", { cookie: owner.cookie })).json()).toEqual({ candidateChangeCutoffHours: 24, maxCandidateMoves: 0 });
    const again = await (await t.request("/settings/availability", { cookie: owner.cookie })).text();
    expect(again).toMatch(/name="candidateChangeCutoffHours"[^>]*value="24"/);

    // A bad value: the page again with what was typed and the message beside the field; nothing changes.
    const refused = await post("/settings/availability/candidate-changes", { candidateChangeCutoffHours: "two days", maxCandidateMoves: "1" }, owner.cookie);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("The cut-off must be whole hours from 0 to 168");
    expect(html).toMatch(/name="candidateChangeCutoffHours"[^>]*value="two days"/);
    expect(html).toMatch(/aria-invalid="true"[^>]*name="candidateChangeCutoffHours"|name="candidateChangeCutoffHours"[^>]*aria-invalid="true"/);
    expect((await post("/settings/availability/candidate-changes", { candidateChangeCutoffHours: "200", maxCandidateMoves: "1" }, owner.cookie)).status).toBe(400);
    expect(await (await t.request("/api/scheduling-settings", { cookie: owner.cookie })).json()).toEqual({ candidateChangeCutoffHours: 24, maxCandidateMoves: 0 });

    // A recruiter sees them without a Save button, and a post is refused.
    const rec = await addMember(t, owner.cookie, "recruiter");
    const theirs = await (await t.request("/settings/availability", { cookie: rec.cookie })).text();
    expect(theirs).toContain("Owners and admins can change these.");
    expect(theirs).not.toContain("Save limits");
    const denied = await post("/settings/availability/candidate-changes", { candidateChangeCutoffHours: "1", maxCandidateMoves: "5" }, rec.cookie);
    expect(denied.status).toBe(303);
    expect(await (await t.request("/api/scheduling-settings", { cookie: owner.cookie })).json()).toEqual({ candidateChangeCutoffHours: 24, maxCandidateMoves: 0 });
  });
});
