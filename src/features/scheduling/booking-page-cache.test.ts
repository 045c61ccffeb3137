import { describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { cancelSession, createSchedulingSession } from "./service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

// The booking page is kept rendered (and compressed) until something is written; these tests
// hold it to showing exactly what the database says after every booking, cancel and passing hour.
const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Australia/Melbourne";
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };
let n = 0;

async function session() {
  const u = await t.signUp({ name: "Hank Manager" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `c-${++n}`, name: "Sam Lee", emailAddress: `sam${n}@example.com`, roleApplied: "Developer" });
  const today = dateIn(t.clock.now(), TZ);
  const s = await createSchedulingSession(t.deps, {
    workspaceId: u.workspaceId,
    userId: u.userId,
    candidateId: cand.id,
    title: "Technical Interview",
    description: null,
    duration: 60,
    timeSlots: generateSlots({ dates: [1, 2, 3, 4, 5].map((d) => addDays(today, d)), ...DEFAULT_WINDOW, duration: 60, timeZone: TZ }).slice(0, 40),
    timeZone: TZ,
  });
  return { u, s };
}

async function page(path: string) {
  const res = await t.request(path, { headers: BROWSER });
  const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
  return { res, html, slots: html.match(/name="slotId"/g)?.length ?? 0 };
}

describe("the booking page as served", () => {
  test("40 slots in one response: CSS inlined, brotli for a browser, at most 10 KB with its script", async () => {
    const { s } = await session();
    const res = await t.request(`/book/${s.sessionToken}`, { headers: BROWSER });
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const wire = new Uint8Array(await res.arrayBuffer());
    const html = brotliDecompressSync(wire).toString();
    expect(html.match(/name="slotId"/g)).toHaveLength(40);
    expect(html).toContain("<style>");
    expect(html).not.toContain('rel="stylesheet"');
    const script = html.match(/<script[^>]*src="([^"]+)"/)![1]!;
    const js = await t.request(script, { headers: { "accept-encoding": "gzip" } });
    expect(wire.byteLength + (await js.arrayBuffer()).byteLength).toBeLessThanOrEqual(10 * 1024);
    // A client without compression gets the same page.
    expect(await (await t.request(`/book/${s.sessionToken}`)).text()).toBe(html);
  });

  test("a booking, a cancel by the recruiter and a slot that starts are all shown at once", async () => {
    const { u, s } = await session();
    const path = `/book/${s.sessionToken}`;
    expect((await page(path)).slots).toBe(40);
    expect((await page(`${path}?tz=UTC`)).slots).toBe(40);

    // The first slot starts: it leaves the page (no write happened).
    const first = s.timeSlots.map((x) => x.startTime).sort()[0]!;
    t.clock.set(new Date(Date.parse(first) + 1000));
    expect((await page(path)).slots).toBe(39);

    // Another session of the same recruiter is cancelled: this page is unchanged.
    const other = await createSchedulingSession(t.deps, {
      workspaceId: u.workspaceId,
      userId: u.userId,
      candidateId: s.candidateId,
      title: "Other",
      duration: 60,
      timeSlots: [s.timeSlots[39]!],
      timeZone: TZ,
    });
    cancelSession(t.deps, u.workspaceId, other.id, "system");
    expect((await page(path)).slots).toBe(39);

    // Booked: the link now leads to the booked interview (its manage page).
    const booked = await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[5]!.id } });
    expect(booked.status).toBe(200);
    const after = await page(path);
    expect(after.res.status).toBe(303);
    expect(after.res.headers.get("location")).toStartWith("/book/manage/");
    expect((await page(`/booking-option-b/${s.sessionToken}`)).res.status).toBe(303);
  });

  test("a session cancelled by the recruiter stops answering", async () => {
    const { u, s } = await session();
    expect((await page(`/booking-option-b/${s.sessionToken}`)).slots).toBe(40);
    cancelSession(t.deps, u.workspaceId, s.id, "system");
    expect((await page(`/booking-option-b/${s.sessionToken}`)).res.status).toBe(404);
  });
});
