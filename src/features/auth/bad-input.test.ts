// Bad input for every route of the foundation: each answers a clear 4xx in the one
// envelope, never a 500 or a stack trace, and stored data is untouched.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { users } from "../../db/schema";

const t = makeTestApp();
const prod = makeTestApp({ NODE_ENV: "production" });
const big = "x".repeat(10_000);

const routes = ["/api/auth/login", "/api/auth/forgot-password", "/api/auth/reset-password", "/api/auth/demo-login"];

type Case = { name: string; body: string; contentType?: string };
const cases: Case[] = [
  { name: "missing fields", body: "{}" },
  { name: "wrong types", body: JSON.stringify({ email: 42, password: ["a"], rememberMe: "yes", token: {}, confirmPassword: 8 }) },
  { name: "10 kB strings", body: JSON.stringify({ email: big, password: big, token: big, confirmPassword: big }) },
  { name: "invalid JSON", body: '{"email": "a@b.c",' },
  { name: "a JSON array", body: "[1,2,3]" },
  { name: "null body", body: "null" },
];

async function expectClean4xx(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  const text = await res.text();
  const body = JSON.parse(text);
  expect(typeof body.message).toBe("string");
  expect(typeof body.code).toBe("string");
  expect(text).not.toMatch(/at .*\.(ts|js):\d+|node_modules|stack/i);
  return body;
}

describe.each([
  ["development", t],
  ["production", prod],
] as const)("bad input (%s)", (_env, app) => {
  for (const route of routes) {
    for (const c of cases) {
      test(`${route}: ${c.name}`, async () => {
        const res = await app.request(route, { method: "POST", body: c.body, headers: { "content-type": c.contentType ?? "application/json" } });
        await expectClean4xx(res);
      });
    }
  }
});

describe("validation messages are the spec's", () => {
  test("login: missing fields", async () => {
    const body = await expectClean4xx(await t.request("/api/auth/login", { json: {} }));
    expect(body).toEqual({ message: "Invalid email address", code: "validation_failed", fields: { email: "Invalid email address", password: "Password is required" }, requestId: expect.any(String) });
  });
  test("login: 10 kB e-mail is an invalid address", async () => {
    const body = await expectClean4xx(await t.request("/api/auth/login", { json: { email: big + "@x.com", password: "p" } }));
    expect(body.fields.email).toBe("Invalid email address");
  });
  test("login: rememberMe must be a boolean", async () => {
    const body = await expectClean4xx(await t.request("/api/auth/login", { json: { email: "a@b.co", password: "p", rememberMe: "yes" } }));
    expect(body.fields.rememberMe).toBeDefined();
  });
  test("forgot: invalid e-mail", async () => {
    const body = await expectClean4xx(await t.request("/api/auth/forgot-password", { json: { email: "nope" } }));
    expect(body.fields).toEqual({ email: "Invalid email address" });
  });
  test("unknown fields are ignored, not stored", async () => {
    const u = await t.signUp({ name: "Keep" });
    const res = await t.request("/api/auth/login", { json: { email: u.email, password: u.password, isAdmin: true, workspaceId: 999 } });
    expect(res.status).toBe(200);
    const row = t.deps.db
      .select()
      .from(users)
      .all()
      .find((r) => r.email === u.email)!;
    expect(row.workspaceId).toBe(u.workspaceId);
    expect(row.name).toBe("Keep");
  });
  test("a failed login changes nothing stored", async () => {
    const u = await t.signUp();
    const before = t.deps.db.select().from(users).all();
    await t.request("/api/auth/login", { json: { email: u.email, password: big } });
    expect(t.deps.db.select().from(users).all()).toEqual(before);
  });
});

describe("envelope, CSRF and headers", () => {
  test("an unknown /api path is a JSON 404", async () => {
    const res = await t.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Not found", code: "not_found", requestId: expect.any(String) });
  });
  test("an unknown page is the 404 page", async () => {
    const res = await t.request("/some/where");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("404 Page Not Found");
  });
  test("a foreign Origin on a state-changing request is refused with 403", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("forbidden_origin");
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
  });
  test("Sec-Fetch-Site cross-site is refused; same-origin is allowed", async () => {
    const u = await t.signUp();
    const cross = await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    const same = await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie, headers: { origin: "http://localhost", "sec-fetch-site": "same-origin" } });
    expect(same.status).toBe(200);
  });
  test("a form post from another site is refused", async () => {
    const res = await t.request("/login", { method: "POST", body: "email=a%40b.co&password=x", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
  test("security headers on pages; no-referrer on the reset page", async () => {
    const res = await t.request("/login");
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const reset = await t.request("/reset-password?token=abc");
    expect(reset.headers.get("referrer-policy")).toBe("no-referrer");
  });
  test("HSTS and Secure cookies when APP_URL is https", async () => {
    const https = makeTestApp({ APP_URL: "https://hire.example.com" });
    const res = await https.request("/login");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    const u = await https.signUp();
    const login = await https.request("/api/auth/login", { json: { email: u.email, password: u.password } });
    expect(login.headers.get("set-cookie")).toMatch(/; Secure/);
  });
  test("healthz answers 200 while the database answers", async () => {
    const res = await t.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("Origin edge cases", () => {
  test("Origin: null without Sec-Fetch-Site is refused with 403, not a 500", async () => {
    const res = await t.request("/api/auth/logout", { method: "POST", headers: { origin: "null" } });
    expect(res.status).toBe(403);
  });
  test("Origin: null with Sec-Fetch-Site same-origin (no-referrer pages) is allowed", async () => {
    const res = await t.request("/api/auth/logout", { method: "POST", headers: { origin: "null", "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(200);
  });
  test("a malformed Origin is refused", async () => {
    const res = await t.request("/api/auth/logout", { method: "POST", headers: { origin: "::::" } });
    expect(res.status).toBe(403);
  });
});
