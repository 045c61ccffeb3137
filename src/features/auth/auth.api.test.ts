import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { mailMessages, sessions, passwordResets } from "../../db/schema";
import { RESET_TOKEN_MS } from "./service";

const t = makeTestApp();

function lastResetToken(): string {
  const mail = t.deps.db.select().from(mailMessages).all().at(-1)!;
  const m = mail.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/);
  if (!m) throw new Error("no reset link in: " + mail.text);
  return decodeURIComponent(m[1]!);
}

describe("login, me, logout", () => {
  test("login sets an HttpOnly session cookie and me returns the user", async () => {
    const u = await t.signUp({ name: "Ada" });
    const me = await t.request("/api/auth/me", { cookie: u.cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user: { name: "Ada", email: u.email, timeZone: "UTC", stripeCustomerId: null, stripeSubscriptionId: null } });
  });

  test("the session token is stored only as a SHA-256 hash", async () => {
    const u = await t.signUp();
    const token = u.cookie.split("=")[1]!;
    const rows = t.deps.db.select().from(sessions).all();
    expect(rows.some((r) => r.sessionToken === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.sessionToken))).toBe(true);
  });

  test("wrong password answers 401 with the spec's message", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/auth/login", { json: { email: u.email, password: "nope-nope" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Invalid email or password. Please try again.", code: "invalid_credentials", requestId: expect.any(String) });
  });

  test("rememberMe gives a 30-day cookie; otherwise a browser-session cookie", async () => {
    const u = await t.signUp();
    const persistent = await t.request("/api/auth/login", { json: { email: u.email, password: u.password, rememberMe: true } });
    expect(persistent.headers.get("set-cookie")).toMatch(/Expires=/);
    const browser = await t.request("/api/auth/login", { json: { email: u.email, password: u.password } });
    expect(browser.headers.get("set-cookie")).not.toMatch(/Expires=|Max-Age/);
    expect(browser.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(browser.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
  });

  test("a browser session expires after 12 idle hours", async () => {
    const u = await t.signUp();
    t.clock.advance(11 * 3600_000);
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
    t.clock.advance(11 * 3600_000); // activity above slid the expiry
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
    t.clock.advance(12 * 3600_000 + 1000);
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(401);
  });

  test("logout ends the session", async () => {
    const u = await t.signUp();
    const other = await t.login(u.email, u.password);
    const stored = () => t.deps.db.select().from(sessions).where(eq(sessions.userId, u.userId)).all().length;
    expect(stored()).toBe(2);
    const out = await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie });
    expect([out.status, await out.json()]).toEqual([200, { success: true }]);
    // This session's row is gone; the person's other session stays.
    expect(stored()).toBe(1);
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(401);
    expect((await t.request("/api/auth/me", { cookie: other })).status).toBe(200);
  });

  test("me without a session is 401 JSON", async () => {
    const res = await t.request("/api/auth/me");
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });

  test("demo-login is 404 outside demo mode", async () => {
    const res = await t.request("/api/auth/demo-login", { json: { email: "demo@frank.local" } });
    expect(res.status).toBe(404);
  });
});

describe("forgot and reset password", () => {
  test("forgot answers the same for unknown and known accounts; only a known one gets mail", async () => {
    const before = t.deps.db.select().from(mailMessages).all().length;
    const a = await t.request("/api/auth/forgot-password", { json: { email: "nobody@example.com" } });
    const u = await t.signUp();
    const b = await t.request("/api/auth/forgot-password", { json: { email: u.email } });
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual(await b.json());
    expect(t.deps.db.select().from(mailMessages).all().length).toBe(before + 1);
  });

  test("reset: link from APP_URL, single use, ends sessions, old password refused", async () => {
    const u = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: u.email }, headers: { host: "evil.example" } });
    const mail = t.deps.db.select().from(mailMessages).all().at(-1)!;
    expect(mail.text).toContain("http://localhost/reset-password?token=");
    expect(mail.text).not.toContain("evil.example");
    const token = lastResetToken();
    expect(
      t.deps.db
        .select()
        .from(passwordResets)
        .all()
        .some((r) => r.token === token),
    ).toBe(false);

    const ok = await t.request("/api/auth/reset-password", { json: { token, password: "new-password-1", confirmPassword: "new-password-1" } });
    expect(ok.status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(401);
    const again = await t.request("/api/auth/reset-password", { json: { token, password: "new-password-2", confirmPassword: "new-password-2" } });
    expect(again.status).toBe(400);
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: u.password } })).status).toBe(401);
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: "new-password-1" } })).status).toBe(200);
  });

  test("a reset token expires after 1 hour", async () => {
    const u = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: u.email } });
    const token = lastResetToken();
    t.clock.advance(RESET_TOKEN_MS + 1000);
    const res = await t.request("/api/auth/reset-password", { json: { token, password: "new-password-1", confirmPassword: "new-password-1" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("This reset link is invalid or has expired.");
  });

  test("reset validation messages are the spec's", async () => {
    const res = await t.request("/api/auth/reset-password", { json: { token: "", password: "short", confirmPassword: "shorter" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fields).toEqual({
      token: "Token is required",
      password: "Password must be at least 8 characters",
      confirmPassword: "Password confirmation is required",
    });
    const mismatch = await t.request("/api/auth/reset-password", { json: { token: "x", password: "abcdefgh", confirmPassword: "abcdefgi" } });
    expect((await mismatch.json()).fields).toEqual({ confirmPassword: "Passwords don't match" });
  });
});

describe("login rate limit", () => {
  test("failed attempts per e-mail are limited with 429 and Retry-After", async () => {
    const limited = makeTestApp({ LOGIN_LIMIT_PER_EMAIL: "3" });
    const u = await limited.signUp();
    for (let i = 0; i < 3; i++) {
      expect((await limited.request("/api/auth/login", { json: { email: u.email, password: "wrong-one" } })).status).toBe(401);
    }
    const res = await limited.request("/api/auth/login", { json: { email: u.email, password: u.password } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    limited.clock.advance(15 * 60_000 + 1000);
    expect((await limited.request("/api/auth/login", { json: { email: u.email, password: u.password } })).status).toBe(200);
  });
});

test("sessionCookie helper reads the cookie", async () => {
  const u = await t.signUp();
  const res = await t.request("/api/auth/login", { json: { email: u.email, password: u.password } });
  expect(sessionCookie(res)).toMatch(/^frank_session=/);
});
