// The e-mail banner (issue 41 item 11): owners and admins only, one line linking to how to set
// mail up, dismissable for the browser session.
import { expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";

const t = makeTestApp();
const BANNER = 'data-testid="email-setup-banner"';

test("owners and admins see it, recruiters do not", async () => {
  const owner = await t.signUp();
  const admin = await addMember(t, owner.cookie, "admin");
  const recruiter = await addMember(t, owner.cookie, "recruiter");
  expect(await (await t.request("/dashboard", { cookie: owner.cookie })).text()).toContain(BANNER);
  expect(await (await t.request("/interviews", { cookie: admin.cookie })).text()).toContain(BANNER);
  expect(await (await t.request("/dashboard", { cookie: recruiter.cookie })).text()).not.toContain(BANNER);
});

test("one line with a link to the how-to page, which names SMTP_URL and MAIL_FROM", async () => {
  const owner = await t.signUp();
  const html = await (await t.request("/candidates", { cookie: owner.cookie })).text();
  const at = html.indexOf(BANNER);
  const banner = html.slice(html.lastIndexOf("<div", at), html.indexOf("</form>", at));
  expect(banner).toContain('<a class="font-medium underline" href="/settings/email">How to set it up</a>');
  expect(banner).toContain("truncate");
  expect(banner).toContain("dark:bg-amber-950");
  const page = await (await t.request("/settings/email", { cookie: owner.cookie })).text();
  expect(page).toContain("E-mail is not set up.");
  expect(page).toContain("SMTP_URL");
  expect(page).toContain("MAIL_FROM");
});

test("dismissed, it stays away for the browser session and the form goes back to the page", async () => {
  const owner = await t.signUp();
  const res = await t.request("/settings/email/dismiss", {
    cookie: owner.cookie,
    body: new URLSearchParams({ back: "/candidates?role=Designer" }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
  });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/candidates?role=Designer");
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toContain("frank_mail_banner=hidden");
  // A session cookie: no expiry.
  expect(set).not.toMatch(/expires|max-age/i);
  const cookie = `${owner.cookie}; frank_mail_banner=hidden`;
  expect(await (await t.request("/dashboard", { cookie })).text()).not.toContain(BANNER);
  // Off the site, the form goes to the dashboard.
  const away = await t.request("/settings/email/dismiss", {
    cookie: owner.cookie,
    body: new URLSearchParams({ back: "//evil.example" }),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
  });
  expect(away.headers.get("location")).toBe("/dashboard");
});
