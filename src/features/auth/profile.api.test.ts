import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { EMAIL_TAKEN } from "./profile-service";

const t = makeTestApp();

const full = (over: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  email: "",
  phone: "+44 20 7946 0958",
  company: "Analytical Engines",
  position: "Head of Talent",
  bio: "Hiring engineers since 1843.",
  ...over,
});

describe("GET /api/auth/profile", () => {
  test("returns the §3 profile fields", async () => {
    const u = await t.signUp({ name: "Ada" });
    const res = await t.request("/api/auth/profile", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Ada", email: u.email, timeZone: "UTC", phone: null, company: null, position: null, bio: null, stripeCustomerId: null, stripeSubscriptionId: null });
  });
});

describe("PUT /api/auth/profile", () => {
  test("saves the fields; empty optional fields become null", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: u.email }), cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: "Ada Lovelace", phone: "+44 20 7946 0958", company: "Analytical Engines", position: "Head of Talent" });
    const cleared = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: u.email, phone: "", company: "  ", bio: null }), cookie: u.cookie });
    expect(await cleared.json()).toMatchObject({ phone: null, company: null, bio: null, position: "Head of Talent" });
    const again = await (await t.request("/api/auth/profile", { cookie: u.cookie })).json();
    expect(again.name).toBe("Ada Lovelace");
  });

  test("validation answers 400 with a message per field", async () => {
    const u = await t.signUp();
    const res = await t.request("/api/auth/profile", { method: "PUT", json: full({ name: " ", email: "not-an-email", phone: "call me", bio: "x".repeat(2001) }), cookie: u.cookie });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields).toEqual({
      name: "Name is required",
      email: "Invalid email address",
      phone: "Invalid phone number",
      bio: "Bio must be at most 2000 characters",
    });
    const wrongTypes = await t.request("/api/auth/profile", { method: "PUT", json: { name: 5, email: [] }, cookie: u.cookie });
    expect(wrongTypes.status).toBe(400);
    const notJson = await t.request("/api/auth/profile", { method: "PUT", body: "{", headers: { "content-type": "application/json" }, cookie: u.cookie });
    expect(notJson.status).toBe(400);
  });

  test("changing the e-mail asks for the current password", async () => {
    const u = await t.signUp();
    const newEmail = `moved-${Date.now()}@example.com`;
    const missing = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: newEmail }), cookie: u.cookie });
    expect(missing.status).toBe(400);
    expect((await missing.json()).fields).toEqual({ currentPassword: "Enter your current password to change your email" });
    const wrong = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: newEmail, currentPassword: "nope" }), cookie: u.cookie });
    expect((await wrong.json()).fields).toEqual({ currentPassword: "Current password is incorrect" });
    const ok = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: newEmail.toUpperCase(), currentPassword: u.password }), cookie: u.cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json()).email).toBe(newEmail);
    expect((await t.request("/api/auth/login", { json: { email: newEmail, password: u.password } })).status).toBe(200);
  });

  test("an e-mail already used by another account answers 409", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const res = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: a.email.toUpperCase(), currentPassword: b.password }), cookie: b.cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: EMAIL_TAKEN, code: "conflict", fields: { email: EMAIL_TAKEN }, requestId: expect.any(String) });
    const me = await (await t.request("/api/auth/me", { cookie: b.cookie })).json();
    expect(me.user.email).toBe(b.email);
  });

  test("needs a session", async () => {
    const res = await t.request("/api/auth/profile", { method: "PUT", json: full({ email: "x@example.com" }) });
    expect(res.status).toBe(401);
  });
});
