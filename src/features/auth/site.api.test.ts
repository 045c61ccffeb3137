import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { Browser, recruiterWithCampaign } from "../../../test/kits/visitor-browser";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";
import { DEFAULT_HELP, DEFAULT_TERMS } from "./site-texts";

// Spec leftovers (issue 16, item 5): Frank's own /terms and /help when MARKETING_URL is not
// set, the workspace's own site for the candidate pages, and the links of the menus.
const t = makeTestApp();
const firstLine = (s: string) => s.split("\n")[0]!.replace(/&/g, "&amp;");

describe("/terms and /help without a marketing site", () => {
  test("served with the default text to anyone; the menus link to them", async () => {
    const terms = await t.request("/terms");
    expect(terms.status).toBe(200);
    expect(await terms.text()).toContain(firstLine(DEFAULT_TERMS));
    const help = await t.request("/help");
    expect(help.status).toBe(200);
    expect(await help.text()).toContain(firstLine(DEFAULT_HELP));

    const u = await t.signUp();
    const dash = await (await t.request("/dashboard", { cookie: u.cookie })).text();
    for (const [href, label] of [
      ["/pricing", "Plans &amp; Pricing"],
      ["/terms", "Hiring Terms of Use"],
      ["/help", "Help &amp; Support"],
    ]) {
      expect(dash).toContain(`href="${href}" role="menuitem">${label}</a>`);
    }
  });

  test("the workspace's text, edited in settings (form and API), shows to its users", async () => {
    const u = await t.signUp();
    const form = new URLSearchParams({ siteUrl: "https://acme.example", termsText: "Acme Terms\n\nBe kind.", helpText: "" });
    const res = await t.request("/settings/site", { method: "POST", body: form, cookie: u.cookie, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(303);
    const terms = await (await t.request("/terms", { cookie: u.cookie })).text();
    expect(terms).toContain("Acme Terms");
    expect(terms).toContain("Be kind.");
    // Empty: the default.
    expect(await (await t.request("/help", { cookie: u.cookie })).text()).toContain(firstLine(DEFAULT_HELP));
    // Another workspace keeps the default.
    const other = await t.signUp();
    expect(await (await t.request("/terms", { cookie: other.cookie })).text()).not.toContain("Acme Terms");

    const api = await t.request("/api/workspace/site", { method: "PUT", json: { siteUrl: "https://acme.example/jobs", helpText: "Call us" }, cookie: u.cookie });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ siteUrl: "https://acme.example/jobs", termsText: null, helpText: "Call us" });
    const bad = await t.request("/api/workspace/site", { method: "PUT", json: { siteUrl: "javascript:alert(1)" }, cookie: u.cookie });
    expect(bad.status).toBe(400);
    expect((await t.request("/api/workspace/site", { method: "PUT", json: {} })).status).toBe(401);
  });
});

describe("candidate pages' Home and Back to Site", () => {
  test("the visitor pages link Home to the workspace's site, else to their start", async () => {
    const r = await recruiterWithCampaign(t);
    const page = async () => (await new Browser(t, "10.9.0.1").get(`/prequalifier?c=${r.campaign.code}`)).text();
    // Without a site of its own (or a marketing site), Home is the start of the candidate pages.
    expect(await page()).toContain(`<a href="/prequalifier?c=${r.campaign.code}" class="menu-item">Home</a>`);
    await t.request("/api/workspace/site", { method: "PUT", json: { siteUrl: "https://acme.example" }, cookie: r.cookie });
    expect(await page()).toContain('<a href="https://acme.example" class="menu-item">Home</a>');
  });

  test("the booking page has no link to the sign-in; with a site, the logo goes there", async () => {
    t.clock.set(new Date("2030-01-10T03:00:00Z"));
    const u = await t.signUp();
    const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "v-site-1", name: "Jane Candidate", emailAddress: "jane-site@example.com", roleApplied: "UX Designer" });
    const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    const res = await t.request("/api/scheduling-sessions", { cookie: u.cookie, json: { candidateId: cand.id, title: "Interview", description: "", duration: 60, timeSlots, timeZone: "UTC" } });
    const token = ((await res.json()) as { sessionToken: string }).sessionToken;
    const html = async () => (await t.request(`/book/${token}`)).text();
    const before = await html();
    expect(before).toContain("Schedule Your Interview");
    expect(before).not.toMatch(/href="(\/|\/login|http:\/\/localhost\/?)"/);
    await t.request("/api/workspace/site", { method: "PUT", json: { siteUrl: "https://acme.example" }, cookie: u.cookie });
    expect(await html()).toContain('href="https://acme.example"');
  });
});
