// Signed out, a signed-in page sends the recruiter to /login and back to it after signing in
// (issue 41 item 9); `next` only ever leads to a page of this site.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { safeNext } from "../../lib/next-path";

const t = makeTestApp();
const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };

describe("sign in and come back", () => {
  test("a signed-in page sends a signed-out visitor to /login with the page as next", async () => {
    const res = await t.request("/interviews?week=2030-01-07");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/interviews?week=2030-01-07")}`);
    // The dashboard is where sign-in goes anyway.
    expect((await t.request("/dashboard")).headers.get("location")).toBe("/login");
  });

  test("the sign-in page carries next, and the form post goes there", async () => {
    const u = await t.signUp();
    const page = await (await t.request(`/login?next=${encodeURIComponent("/interviews?week=2030-01-07")}`)).text();
    expect(page).toContain('name="next" value="/interviews?week=2030-01-07"');
    const res = await t.request("/login", { body: new URLSearchParams({ email: u.email, password: u.password, next: "/interviews?week=2030-01-07" }), headers: formHeaders });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/interviews?week=2030-01-07");
    // Already signed in: /login?next= goes straight there.
    const again = await t.request(`/login?next=${encodeURIComponent("/candidates")}`, { cookie: u.cookie });
    expect(again.headers.get("location")).toBe("/candidates");
  });

  test("next never leads off the site", async () => {
    const u = await t.signUp();
    for (const bad of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/login", "/api/auth/me", "dashboard"]) {
      expect(safeNext(bad)).toBe("/dashboard");
      const res = await t.request("/login", { body: new URLSearchParams({ email: u.email, password: u.password, next: bad }), headers: formHeaders });
      expect(res.headers.get("location")).toBe("/dashboard");
    }
    expect(safeNext("/candidates?role=Designer#top")).toBe("/candidates?role=Designer#top");
  });
});
