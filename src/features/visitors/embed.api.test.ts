import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { Browser, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "../scheduling/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const NONE = "frame-ancestors 'none'";

const frameOf = (res: Response) => ({
  ancestors: /frame-ancestors [^;]*/.exec(res.headers.get("content-security-policy") ?? "")?.[0] ?? null,
  xfo: res.headers.get("x-frame-options"),
});

async function withOrigins(origins: string[]) {
  const r = await recruiterWithCampaign(t);
  const res = await t.request("/api/candidate-pages/settings/embed", { method: "PUT", json: { allowedOrigins: origins }, cookie: r.cookie });
  expect(res.status).toBe(200);
  return r;
}

async function bookingToken(workspaceId: number, userId: number) {
  const cand = upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `e-${workspaceId}`, name: "Sam Lee", emailAddress: `sam${workspaceId}@example.com`, roleApplied: "Developer" });
  const today = dateIn(t.clock.now(), "UTC");
  const s = await createSchedulingSession(t.deps, {
    workspaceId,
    userId,
    candidateId: cand.id,
    title: "Technical Interview",
    description: null,
    duration: 60,
    timeSlots: generateSlots({ dates: [addDays(today, 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" }),
    timeZone: "UTC",
  } as Parameters<typeof createSchedulingSession>[1]);
  return s.sessionToken as string;
}

describe("allowed embed origins", () => {
  test("none by default; saved as origins (normalised, no duplicates); shown in the settings and the settings page", async () => {
    const r = await recruiterWithCampaign(t);
    const empty = await t.request("/api/candidate-pages/settings/embed", { cookie: r.cookie });
    expect(await empty.json()).toEqual({ allowedOrigins: [] });
    const put = await t.request("/api/candidate-pages/settings/embed", {
      method: "PUT",
      json: { allowedOrigins: ["https://WWW.Agency.example/", "https://www.agency.example", "https://careers.agency.example:8443", "http://localhost:5173"] },
      cookie: r.cookie,
    });
    expect(await put.json()).toEqual({ allowedOrigins: ["https://www.agency.example", "https://careers.agency.example:8443", "http://localhost:5173"] });
    const all = await (await t.request("/api/candidate-pages/settings", { cookie: r.cookie })).json();
    expect(all.allowedOrigins).toHaveLength(3);
    const page = await (await t.request("/settings/candidate-pages", { cookie: r.cookie })).text();
    expect(page).toContain("https://careers.agency.example:8443");
    const cleared = await t.request("/api/candidate-pages/settings/embed", { method: "PUT", json: { allowedOrigins: ["'none'"] }, cookie: r.cookie });
    expect(await cleared.json()).toEqual({ allowedOrigins: [] });
  });

  test("the settings form saves one origin a line, and refuses a bad one with a toast", async () => {
    const r = await recruiterWithCampaign(t);
    const post = (value: string) =>
      t.request("/settings/candidate-pages/embed", {
        method: "POST",
        body: new URLSearchParams({ allowedOrigins: value }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        cookie: r.cookie,
      });
    const ok = await post("https://www.agency.example\r\n\r\nhttps://jobs.agency.example\r\n");
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/settings/candidate-pages");
    expect((await (await t.request("/api/candidate-pages/settings/embed", { cookie: r.cookie })).json()).allowedOrigins).toEqual(["https://www.agency.example", "https://jobs.agency.example"]);
    const bad = await post("https://www.agency.example/careers");
    expect(bad.status).toBe(303);
    expect(decodeURIComponent(bad.headers.get("set-cookie") ?? "")).toContain("frank_flash=");
    expect((await (await t.request("/api/candidate-pages/settings/embed", { cookie: r.cookie })).json()).allowedOrigins).toHaveLength(2);
  });
});

describe("frame-ancestors of the embeddable pages", () => {
  test("without origins a campaign page refuses every frame, as before", async () => {
    const r = await recruiterWithCampaign(t);
    const res = await new Browser(t).get(`/prequalifier?c=${r.campaign.code}`);
    expect(res.status).toBe(200);
    expect(frameOf(res)).toEqual({ ancestors: NONE, xfo: "DENY" });
  });

  test("with origins: the campaign's chat page, its form post and redirect, a refused answer and the schedule page name them; no X-Frame-Options", async () => {
    const r = await withOrigins(["https://www.agency.example", "https://jobs.agency.example"]);
    const want = { ancestors: "frame-ancestors https://www.agency.example https://jobs.agency.example", xfo: null };
    const b = new Browser(t);
    const page = await b.get(`/prequalifier?c=${r.campaign.code}`);
    expect(frameOf(page)).toEqual(want);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'self'");
    const answer = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: "Ada Lovelace", step: 0, c: r.campaign.code });
    expect(answer.status).toBe(303);
    expect(frameOf(answer)).toEqual(want);
    const refused = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: "not an e-mail", step: 1, c: r.campaign.code });
    expect(refused.status).toBe(400);
    expect(frameOf(refused)).toEqual(want);
    const badStep = await b.form(`/prequalifier?c=${r.campaign.code}`, { answer: "x", step: "nope", c: r.campaign.code });
    expect(badStep.status).toBe(400);
    expect(frameOf(badStep)).toEqual(want);
    expect(frameOf(await b.get(`/scheduleacall?c=${r.campaign.code}`))).toEqual(want);
    expect(frameOf(await b.get(`/assessment?c=${r.campaign.code}`))).toEqual(want);
  });

  test("every other page and the API keep 'none' and DENY, even for a workspace with origins", async () => {
    const r = await withOrigins(["https://www.agency.example"]);
    for (const path of ["/prequalifier", "/login", "/settings/candidate-pages", "/api/candidate-pages/settings", `/api/visitors/prequalifier?c=${r.campaign.code}`]) {
      const res = await t.request(path, { cookie: r.cookie });
      expect(frameOf(res), path).toEqual({ ancestors: NONE, xfo: "DENY" });
    }
    // Another workspace's campaign page is not framed by these origins.
    const other = await recruiterWithCampaign(t);
    expect(frameOf(await new Browser(t).get(`/prequalifier?c=${other.campaign.code}`))).toEqual({ ancestors: NONE, xfo: "DENY" });
  });

  test("a booking page, its refused post, the booking and the confirmation page it leads to name the workspace's origins", async () => {
    const r = await withOrigins(["https://www.agency.example"]);
    const want = { ancestors: "frame-ancestors https://www.agency.example", xfo: null };
    const token = await bookingToken(r.workspaceId, r.userId);
    const page = await t.request(`/book/${token}`);
    expect(page.status).toBe(200);
    expect(frameOf(page)).toEqual(want);
    const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const empty = await t.request(`/book/${token}`, form({}));
    expect(empty.status).toBe(400);
    expect(frameOf(empty)).toEqual(want);
    const slotId = /name="slotId" value="([^"]+)"/.exec(await page.text())![1]!;
    const booked = await t.request(`/book/${token}`, form({ slotId }));
    expect(booked.status).toBe(303);
    expect(frameOf(booked)).toEqual(want);
    const manage = await t.request(booked.headers.get("location")!);
    expect(manage.status).toBe(200);
    expect(frameOf(manage)).toEqual(want);
    expect(await manage.text()).toContain("Interview");
    // Without origins (another workspace) the booking page refuses frames.
    const other = await recruiterWithCampaign(t);
    expect(frameOf(await t.request(`/book/${await bookingToken(other.workspaceId, other.userId)}`))).toEqual({ ancestors: NONE, xfo: "DENY" });
  });

  test("in a frame the visitor cookies say SameSite=None; Secure; Partitioned (a third-party frame gets no Lax cookie); top-level they stay Lax", async () => {
    const r = await withOrigins(["https://www.agency.example"]);
    const framed = await t.request(`/prequalifier?c=${r.campaign.code}`, { headers: { "sec-fetch-dest": "iframe", "sec-fetch-site": "cross-site" } });
    const cookies = framed.headers.getSetCookie().filter((c) => c.startsWith("prequalifier_"));
    expect(cookies).toHaveLength(2);
    for (const c of cookies) {
      expect(c).toMatch(/SameSite=None/i);
      expect(c).toMatch(/Secure/i);
      expect(c).toMatch(/Partitioned/i);
    }
    const top = await t.request(`/prequalifier?c=${r.campaign.code}`);
    for (const c of top.headers.getSetCookie().filter((c) => c.startsWith("prequalifier_"))) expect(c).toMatch(/SameSite=Lax/i);
  });
});
