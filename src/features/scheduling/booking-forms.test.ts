// The candidate's and the staff's forms without JavaScript, through the `form` route option:
// a refused post shows the booking page again or goes back with a red toast, as before.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "./service";
import { SLOT_TAKEN } from "./booking";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Europe/London";
let n = 0;

async function session() {
  const u = await t.signUp({ name: "Hank Manager" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `bf-${++n}`, name: "Sam Lee", emailAddress: `sam${n}@example.com` });
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Technical Interview",
    duration: 60,
    timeSlots: generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }),
    timeZone: TZ,
  });
  return { u, s };
}

const post = (path: string, fields: Record<string, string>, cookie?: string) =>
  t.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...(cookie ? { cookie } : {}) },
  });

/** The toast a 303 carries to the next page. */
const flashOf = (res: Response) => Buffer.from(decodeURIComponent(/frank_flash=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? ""), "base64url").toString();

describe("booking forms", () => {
  test("a link booked meanwhile (another tab): 303 to the booked interview with a note, private headers", async () => {
    const { s } = await session();
    const first = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    expect(first.status).toBe(303);
    const again = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[1]!.id });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location")!.replace("?booked=1", ""));
    expect(again.headers.get("referrer-policy")).toBe("no-referrer");
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(flashOf(again)).toContain("Already booked");
    expect(flashOf(again)).not.toContain(SLOT_TAKEN);
  });

  test("no slot chosen: 400, the page again with 'Please select a time slot'", async () => {
    const { s } = await session();
    const res = await post(`/book/${s.sessionToken}`, {});
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please select a time slot");
    expect(html).toContain("Schedule Your Interview");
  });

  test("an unknown slot: 400 with the message on the page; the posted zone is kept", async () => {
    const { s } = await session();
    const res = await post(`/booking-option-b/${s.sessionToken}`, { slotId: "nope", timeZone: "Asia/Tokyo" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please select one of the available time slots.");
    expect(html).toContain("Booking Failed");
    expect(html).toContain('action="/booking-option-b/');
  });

  test("an unknown link: the Session Not Found page with 404", async () => {
    const res = await post(`/book/${"z".repeat(43)}`, { slotId: "x" });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Session Not Found");
  });

  test("the confirmation page: a move without a slot goes back with a red toast; an unknown link is 404", async () => {
    const { s } = await session();
    const booked = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    const manage = booked.headers.get("location")!.split("?")[0]!;
    const moved = await post(`${manage}/move`, {});
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(manage);
    expect(flashOf(moved)).toContain("Booking Failed");

    expect((await post(`${manage}/cancel`, {})).status).toBe(303);
    const twice = await post(`${manage}/cancel`, {});
    expect(twice.status).toBe(303);
    expect(flashOf(twice)).toContain("Cancel Failed");
    expect(flashOf(twice)).toContain("This interview can no longer be changed.");

    const gone = await post(`/book/manage/${"q".repeat(43)}/cancel`, {});
    expect(gone.status).toBe(404);
  });

  test("interview details: a refused action goes back with 'Not changed'; a done one with its title", async () => {
    const { u, s } = await session();
    await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    const { meetings } = await (await t.request("/api/meetings", { cookie: u.cookie })).json();
    const path = `/interview-details/${meetings[0].id}`;
    const bad = await post(`${path}/status`, { status: "done" }, u.cookie);
    expect(bad.status).toBe(303);
    expect(bad.headers.get("location")).toBe(path);
    expect(flashOf(bad)).toContain("Not changed");
    expect(flashOf(bad)).toContain("Status must be completed or no_show");
    const unknown = await post(`${path}/explode`, {}, u.cookie);
    expect(flashOf(unknown)).toContain("Not changed");
    const noDate = await post(`${path}/reschedule`, {}, u.cookie);
    expect(flashOf(noDate)).toContain("Please choose a date");
    const done = await post(`${path}/cancel`, { reason: "Filled" }, u.cookie);
    expect(done.status).toBe(303);
    expect(flashOf(done)).toContain("Interview canceled");
    // Signed out: to the sign-in page, nothing changed.
    const anon = await post(`${path}/resend`, {});
    expect(anon.status).toBe(303);
    expect(anon.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
  });

  test("Edit Interview saves the recruiter's notes: shown on the page, recorded, and nothing is sent to the candidate", async () => {
    const { u, s } = await session();
    await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    const { meetings } = await (await t.request("/api/meetings", { cookie: u.cookie })).json();
    const path = `/interview-details/${meetings[0].id}`;
    const mails = () => t.deps.db.$client.query("select count(*) as n from mail_messages where workspace_id = ?").get(u.workspaceId) as { n: number };
    const before = mails().n;
    const page = await (await t.request(path, { cookie: u.cookie })).text();
    expect(page).toContain("Edit Interview");
    expect(page).toContain(`action="${path}/edit"`);
    const saved = await post(`${path}/edit`, { notes: "  Ask about the notice period.  " }, u.cookie);
    expect(saved.status).toBe(303);
    expect(flashOf(saved)).toContain("Interview updated");
    expect(await (await t.request(path, { cookie: u.cookie })).text()).toContain("Ask about the notice period.");
    expect(mails().n).toBe(before);
    const log = await (await t.request("/api/workspace/activity?action=interview.edited", { cookie: u.cookie })).json();
    expect(JSON.stringify(log)).toContain("Notes edited");
    const long = await post(`${path}/edit`, { notes: "x".repeat(4001) }, u.cookie);
    expect(flashOf(long)).toContain("Keep the notes under 4000 characters");
  });
});
