import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember, invitationToken } from "../../../test/kits/team";

const t = makeTestApp();
const sections = (html: string) => [...html.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1]);

describe("the settings area", () => {
  test("each section shows only to roles that may use it; refused pages answer 403", async () => {
    const owner = await t.signUp();
    const admin = await addMember(t, owner.cookie, "admin");
    const rec = await addMember(t, owner.cookie, "recruiter");
    const page = async (cookie: string, path = "/settings") => t.request(path, { cookie });

    expect(sections(await (await page(owner.cookie)).text())).toEqual([
      "Members",
      "Invitations",
      "Activity",
      "Candidate records",
      "Candidate pages",
      "API keys",
      "Careers site",
      "Logo",
      "E-mail",
      "Webhooks",
      "Pipeline",
      "E-mail templates",
      "Calendar",
      "Mailbox",
      "Interview types",
      "Availability",
      "Assistant",
      "Chat webhook",
      "Billing",
    ]);
    expect(sections(await (await page(admin.cookie)).text())).toEqual([
      "Members",
      "Invitations",
      "Activity",
      "Candidate records",
      "Candidate pages",
      "API keys",
      "Careers site",
      "Logo",
      "E-mail",
      "Webhooks",
      "Pipeline",
      "E-mail templates",
      "Calendar",
      "Mailbox",
      "Interview types",
      "Availability",
      "Assistant",
      "Chat webhook",
    ]);
    const recPage = await (await page(rec.cookie)).text();
    expect(sections(recPage)).toEqual(["Candidate records", "Calendar", "Mailbox", "Interview types", "Availability", "Assistant"]);
    // The account menu links to Settings, and not to the settings a recruiter may not change.
    expect(recPage).toContain('href="/settings"');
    expect(recPage).not.toContain('href="/settings/candidate-pages"');

    expect((await page(rec.cookie, "/settings/activity")).status).toBe(403);
    expect((await page(rec.cookie, "/settings/candidate-pages")).status).toBe(403);
    expect((await page(rec.cookie, "/settings/webhooks")).status).toBe(403);
    expect((await page(rec.cookie, "/settings/logo")).status).toBe(403);
    expect((await page(rec.cookie, "/settings/careers")).status).toBe(403);
    expect((await page(rec.cookie, "/settings/email")).status).toBe(403);
    expect((await page(admin.cookie, "/settings/webhooks")).status).toBe(200);
    expect((await page(admin.cookie, "/settings/activity")).status).toBe(200);
    expect((await page(admin.cookie, "/settings/candidate-pages")).status).toBe(200);
    const members = await (await page(admin.cookie, "/settings/members")).text();
    expect(members).toContain(rec.email);
    expect(members).toContain('id="invitations"');
  });

  test("the invitation form without JavaScript: invite, then the invitee joins on /invite/{token}", async () => {
    const owner = await t.signUp();
    const form = (path: string, fields: Record<string, string>, cookie?: string) =>
      t.request(path, { cookie, body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
    const sent = await form("/settings/invitations", { email: "form@example.com", role: "admin" }, owner.cookie);
    expect(sent.status).toBe(303);
    const token = invitationToken(t, "form@example.com");
    const short = await form(`/invite/${token}`, { name: "Form", password: "short" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 8 characters");
    const joined = await form(`/invite/${token}`, { name: "Form Person", password: "correct-horse-battery" });
    expect(joined.status).toBe(303);
    expect(joined.headers.get("location")).toBe("/dashboard");
    expect(joined.headers.getSetCookie().some((c) => c.startsWith("frank_session="))).toBe(true);
    expect((await t.request(`/invite/${token}`)).status).toBe(404);
  });
});
