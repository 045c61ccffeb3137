import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor, addParticipants } from "../candidates/service";
import { createCampaign, createJob } from "../jobs/service";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z")); // Thursday
let n = 0;

async function recruiter(name = "Rita Recruiter") {
  const u = await t.signUp({ name });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `w-${++n}`, name: "Jane Candidate", emailAddress: `jane${n}@example.com`, roleApplied: "UX Designer" });
  return { ...u, candidateId: cand.id };
}

/** A session with one slot on Friday 2030-01-11 10:00 in Melbourne (= 23:00 UTC on the 10th), booked. */
async function bookedInterview(u: { cookie: string; candidateId: number }) {
  const slot = { startTime: "2030-01-10T23:00:00.000Z", endTime: "2030-01-10T23:45:00.000Z" };
  const res = await t.request("/api/scheduling-sessions", {
    cookie: u.cookie,
    json: { candidateId: u.candidateId, title: "First interview", duration: 45, timeSlots: [slot], timeZone: "Australia/Melbourne" },
  });
  expect(res.status).toBe(201);
  const s = (await res.json()) as { sessionToken: string; timeSlots: { id: string }[] };
  const booked = await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: String(s.timeSlots[0]!.id) } });
  expect(booked.status).toBeLessThan(300);
}

const page = async (path: string, cookie?: string) => {
  const res = await t.request(path, { cookie });
  return { res, html: await res.text() };
};

describe("the section pages", () => {
  test("signed out, each page sends to /login", async () => {
    for (const path of ["/candidates", "/jobs", "/interviews"]) {
      const res = await t.request(path);
      expect(res.status).toBeGreaterThanOrEqual(300);
      expect(res.status).toBeLessThan(400);
      expect(res.headers.get("location")).toStartWith("/login");
    }
  });

  test("every signed-in page has the navigation, the current section marked and named in the title", async () => {
    const u = await recruiter();
    for (const [path, label] of [
      ["/dashboard", "Dashboard"],
      ["/candidates", "Candidates"],
      ["/jobs", "Jobs"],
      ["/interviews", "Interviews"],
      ["/chat", "Assistant"],
      ["/settings/candidate-pages", "Settings"],
    ] as const) {
      const { res, html } = await page(path, u.cookie);
      expect(res.status).toBe(200);
      for (const s of ["Dashboard", "Candidates", "Jobs", "Interviews", "Assistant", "Settings"]) expect(html).toContain(`>${s}</a>`);
      expect(html).toMatch(new RegExp(`aria-current="page"[^>]*>${label}</a>`));
      expect(html).toMatch(new RegExp(`<title>[^<]*${label}[^<]*</title>`));
      expect(html).not.toContain(">Developer tools</a>");
    }
  });

  test("Developer tools are listed only when developer pages are on", async () => {
    const dev = makeTestApp({ DEV_PAGES: "1" });
    const u = await dev.signUp();
    const html = await (await dev.request("/dashboard", { cookie: u.cookie })).text();
    expect(html).toContain('href="/dashboard4"');
    expect(html).toContain(">Developer tools</a>");
  });

  test("the interviews week shows a booked interview at its time in the viewer's zone", async () => {
    const u = await recruiter();
    await bookedInterview(u);
    const melbourne = await page("/interviews?tz=Australia/Melbourne&week=2030-01-07", u.cookie);
    expect(melbourne.res.status).toBe(200);
    const fri = melbourne.html.split('data-day="2030-01-11"')[1]!.split("data-day=")[0]!;
    expect(fri).toContain("10:00–10:45");
    expect(fri).toContain("Confirmed");
    expect(fri).toContain("/interview-details/");
    const london = await page("/interviews?tz=Europe/London&week=2030-01-07", u.cookie);
    const thu = london.html.split('data-day="2030-01-10"')[1]!.split("data-day=")[0]!;
    expect(thu).toContain("23:00–23:45");
    // The agenda: today (Thursday the 10th in London) holds it.
    expect(london.html.split('aria-label="Today"')[1]!.split('aria-label="Upcoming"')[0]).toContain("Thu 10 Jan, 23:00–23:45");
    // Filters: another status hides it; previous week is empty.
    expect((await page("/interviews?tz=Europe/London&week=2030-01-07&status=canceled", u.cookie)).html).not.toContain("23:00–23:45");
    expect((await page("/interviews?tz=Europe/London&week=2029-12-31", u.cookie)).html.split("agenda-heading")[0]).not.toContain("23:00–23:45");
    expect(london.html).toContain('href="/interviews?week=2029-12-31&amp;tz=Europe%2FLondon"');
  });

  test("pending sessions are listed beside the interviews with their state and open slots", async () => {
    const u = await recruiter();
    const slot = { startTime: "2030-01-12T23:00:00.000Z", endTime: "2030-01-12T23:30:00.000Z" };
    const res = await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: u.candidateId, title: "Pending one", duration: 30, timeSlots: [slot], timeZone: "UTC" } });
    expect(res.status).toBe(201);
    const { html } = await page("/interviews", u.cookie);
    expect(html).toContain("Pending one · 1 slot open");
    expect(html).toContain(">Pending</span>");
    // Default zone: the session's.
    expect(html).toContain("data-zone");
  });

  test("bad week, zone or status is a 400, not a 500", async () => {
    const u = await recruiter();
    for (const q of ["week=2030-02-30", "tz=Mars/Olympus", "status=lost", "interviewer=abc"]) expect((await t.request(`/interviews?${q}`, { cookie: u.cookie })).status).toBe(400);
    expect((await t.request("/candidates?page=0", { cookie: u.cookie })).status).toBe(400);
  });

  test("another workspace sees none of it", async () => {
    const a = await recruiter("Alice Owner");
    await bookedInterview(a);
    const job = createJob(t.deps, a.workspaceId, { title: "Secret Job", location: "Melbourne", description: "" }, "system");
    createCampaign(t.deps, a.workspaceId, job.id, { name: "Secret Campaign", label: null, description: null }, "system");
    const b = await recruiter("Bob Other");
    const interviews = await page("/interviews?tz=Australia/Melbourne&week=2030-01-07", b.cookie);
    expect(interviews.html).not.toContain("10:00–10:45");
    expect(interviews.html).not.toContain("Alice Owner");
    expect((await page("/jobs", b.cookie)).html).not.toContain("Secret");
    const cands = await page("/candidates", b.cookie);
    expect(cands.html).toContain('data-total="1"');
    // A bulk action naming another workspace's candidate changes nothing.
    const bulk = await t.request("/candidates/bulk", {
      cookie: b.cookie,
      body: new URLSearchParams({ action: "shortlist", ids: String(a.candidateId), newShortlist: "Poach" }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
    });
    expect(bulk.status).toBe(303);
    const lists = await (await t.request("/api/shortlists", { cookie: b.cookie })).json();
    expect(lists.shortlists).toEqual([]);
  });

  test("jobs list their campaigns with clicks and applicants", async () => {
    const u = await recruiter();
    const job = createJob(t.deps, u.workspaceId, { title: "Product Designer", location: "Sydney", description: "" }, "system");
    const c = createCampaign(t.deps, u.workspaceId, job.id, { name: "LinkedIn ad", label: null, description: null }, "system");
    addParticipants(t.deps, u.workspaceId, [
      { name: "A One", campaignId: c.id, jobId: job.id },
      { name: "B Two", campaignId: c.id, jobId: job.id },
    ]);
    const { html } = await page("/jobs", u.cookie);
    expect(html).toContain("Product Designer");
    const row = html.split(`data-campaign="${c.id}"`)[1]!.split("</tr>")[0]!;
    expect(row).toContain("LinkedIn ad");
    expect(row).toMatch(/data-applicants="true">2</);
  });

  test("the candidates page searches, filters and pages on the server; bulk add to a shortlist", async () => {
    const u = await recruiter();
    addParticipants(
      t.deps,
      u.workspaceId,
      Array.from({ length: 30 }, (_, i) => ({ name: `Person ${i}`, city: i % 2 ? "Perth" : "Sydney", roleApplied: "Developer" })),
    );
    const first = await page("/candidates", u.cookie);
    expect(first.html).toContain('data-total="31"');
    expect(first.html).toContain("Page 1 of 2");
    expect(first.html).toContain('href="/candidates?page=2"');
    const perth = await page("/candidates?location=Perth&role=Developer", u.cookie);
    expect(perth.html).toContain('data-total="15"');
    expect(perth.html).toContain('name="back" value="/candidates?role=Developer&amp;location=Perth"');
    // The form's empty fields ("All jobs", no search) are no filter.
    expect((await page("/candidates?search=&role=&location=Perth&jobId=", u.cookie)).html).toContain('data-total="15"');
    const search = await page("/candidates?search=Jane", u.cookie);
    expect(search.html).toContain('data-total="1"');
    expect(search.html).toContain("data-page-search");
    const form = new URLSearchParams({ action: "shortlist", newShortlist: "Strong", back: "/candidates?location=Perth" });
    form.append("ids", String(u.candidateId));
    const res = await t.request("/candidates/bulk", { cookie: u.cookie, body: form, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/candidates?location=Perth");
    const lists = (await (await t.request("/api/shortlists", { cookie: u.cookie })).json()) as { shortlists: { name: string; candidateIds: number[] }[] };
    expect(lists.shortlists.map((s) => [s.name, s.candidateIds])).toEqual([["Strong", [u.candidateId]]]);
    // Schedule: the selection becomes a shortlist for the Create Scheduling Session card.
    const sched = new URLSearchParams({ action: "schedule", ids: String(u.candidateId) });
    const r2 = await t.request("/candidates/bulk", { cookie: u.cookie, body: sched, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
    expect(r2.headers.get("location")).toBe("/dashboard#scheduling");
  });
});

describe("sorting the candidates page", () => {
  test("a column heading sorts the whole list on the server, and the order stays in the links", async () => {
    const u = await recruiter();
    addParticipants(
      t.deps,
      u.workspaceId,
      ["Zoe", "Adam", "Mia"].map((name, i) => ({ name: `${name} Sort`, city: ["Adelaide", "Perth", "Brisbane"][i] })),
    );
    const names = (html: string) => [...html.matchAll(/href="\/candidates\/\d+">([^<]+)</g)].map((m) => m[1]);
    const byName = await page("/candidates?sort=name&dir=asc", u.cookie);
    expect(names(byName.html)).toEqual(["Adam Sort", "Jane Candidate", "Mia Sort", "Zoe Sort"]);
    expect(byName.html).toMatch(/aria-sort="ascending"><a href="\/candidates\?sort=name&amp;dir=desc"/);
    expect(names((await page("/candidates?sort=name&dir=desc", u.cookie)).html)).toEqual(["Zoe Sort", "Mia Sort", "Jane Candidate", "Adam Sort"]);
    // Without a city last either way; with a filter too.
    expect(names((await page("/candidates?sort=city&dir=asc", u.cookie)).html)).toEqual(["Zoe Sort", "Mia Sort", "Adam Sort", "Jane Candidate"]);
    expect(names((await page("/candidates?sort=city&dir=desc&search=sort", u.cookie)).html)).toEqual(["Adam Sort", "Mia Sort", "Zoe Sort"]);
    expect((await page("/candidates?sort=salary", u.cookie)).res.status).toBe(400);
  });
});

describe("the candidates page's other bulk actions", () => {
  test("change stage, export the selection as CSV, and erase (with the tick); another workspace's ids change nothing", async () => {
    const t = makeTestApp({ DEV_PAGES: "1" });
    const u = await t.signUp();
    const ids = ["Bea Bulk", "Cy Bulk", "Di Bulk"].map((name, i) => upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `bulk-${i}`, name, emailAddress: `bulk${i}@example.com` }).id);
    const post = (fields: Record<string, string | string[]>, cookie = u.cookie) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
      return t.request("/candidates/bulk", { cookie, body, headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
    };
    expect((await post({ action: "stage", stage: "4", ids: [String(ids[0]), String(ids[1])] })).status).toBe(303);
    const stageOf = async (id: number) => (await (await t.request(`/api/participants/${id}`, { cookie: u.cookie })).json()).stages;
    expect(await stageOf(ids[0]!)).toBe(4);
    expect(await stageOf(ids[2]!)).not.toBe(4);

    const csv = await post({ action: "export", ids: [String(ids[0]), String(ids[2])] });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain("Bea Bulk");
    expect(text).toContain("Di Bulk");
    expect(text).not.toContain("Cy Bulk");

    const other = await t.signUp();
    await post({ action: "delete", confirmDelete: "yes", ids: String(ids[0]) }, other.cookie);
    expect((await t.request(`/api/participants/${ids[0]}`, { cookie: u.cookie })).status).toBe(200);
    // Without the tick nothing is erased.
    await post({ action: "delete", ids: String(ids[0]) });
    expect((await t.request(`/api/participants/${ids[0]}`, { cookie: u.cookie })).status).toBe(200);
    await post({ action: "delete", confirmDelete: "yes", ids: [String(ids[0]), String(ids[1])] });
    expect((await t.request(`/api/participants/${ids[0]}`, { cookie: u.cookie })).status).toBe(404);
    expect((await t.request(`/api/participants/${ids[1]}`, { cookie: u.cookie })).status).toBe(404);
  });
});
