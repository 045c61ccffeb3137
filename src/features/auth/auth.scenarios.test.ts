import { expect } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { apiScenarios, type World } from "../../../test/kits/api-scenario";

const t = makeTestApp();

const login = (w: { ids: Record<string, number | string> }, over: Record<string, unknown> = {}) => ({ email: w.ids.email, password: w.ids.password, ...over });
const reset = { token: "not-a-token", password: "a-new-password", confirmPassword: "a-new-password" };

apiScenarios(
  "auth API: login, logout, me, forgot and reset",
  t,
  async (w) => {
    const u = await t.signUp({ name: "Signs In" });
    w.ids.email = u.email;
    w.ids.password = u.password;
    w.ids.ownerEmail = ((await (await t.request("/api/auth/me", { headers: w.headers.owner })).json()) as { user: { email: string } }).user.email;
  },
  [
    {
      name: "signs in",
      method: "POST",
      url: "/api/auth/login",
      body: (w: World) => login(w),
      as: "anonymous",
      status: 200,
      events: { "member.signed_in": 1 },
      expect: (j, w) => expect(j.user).toEqual({ name: "Signs In", email: w.ids.email, timeZone: "UTC", stripeCustomerId: null, stripeSubscriptionId: null }),
    },
    {
      name: "wrong password",
      method: "POST",
      url: "/api/auth/login",
      body: (w: World) => login(w, { password: "wrong-password" }),
      as: "anonymous",
      status: 401,
      code: "invalid_credentials",
      message: "Invalid email or password. Please try again.",
    },
    {
      name: "missing fields",
      method: "POST",
      url: "/api/auth/login",
      body: {},
      as: "anonymous",
      status: 400,
      code: "validation_failed",
      message: "Invalid email address",
      expect: (j) => expect(j.fields).toEqual({ email: "Invalid email address", password: "Password is required" }),
    },
    { name: "empty password", method: "POST", url: "/api/auth/login", body: (w: World) => login(w, { password: "" }), as: "anonymous", status: 400, message: "Password is required" },
    {
      name: "rememberMe is a boolean",
      method: "POST",
      url: "/api/auth/login",
      body: (w: World) => login(w, { rememberMe: "yes" }),
      as: "anonymous",
      status: 400,
      message: "rememberMe must be true or false",
    },
    { name: "the session's user", url: "/api/auth/me", as: "owner", status: 200, expect: (j, w) => expect(j.user.email).toBe(w.ids.ownerEmail) },
    { name: "without a session", url: "/api/auth/me", as: "anonymous", status: 401, code: "unauthorized" },
    { name: "a read key is its maker", url: "/api/auth/me", as: "readKey", status: 200, expect: (j, w) => expect(j.user.email).toBe(w.ids.ownerEmail) },
    { name: "another workspace's key is its own maker", url: "/api/auth/me", as: "strangerKey", status: 200, expect: (j, w) => expect(j.user.email).not.toBe(w.ids.ownerEmail) },
    { name: "logging out without a session still answers", method: "POST", url: "/api/auth/logout", as: "anonymous", status: 200, expect: (j) => expect(j).toEqual({ success: true }) },
    {
      name: "forgot: the same answer for anyone",
      method: "POST",
      url: "/api/auth/forgot-password",
      body: { email: "nobody@example.com" },
      as: "anonymous",
      status: 200,
      expect: (j) => expect(j).toEqual({ message: "If an account exists for this email, a reset link has been sent." }),
    },
    {
      name: "forgot: an account",
      method: "POST",
      url: "/api/auth/forgot-password",
      body: (w: World) => ({ email: w.ids.email }),
      as: "anonymous",
      status: 200,
      tasks: { "mail.forget-links": 1, "mail.send": 1 },
      expect: (j) => expect(j.message).toStartWith("If an account exists"),
    },
    {
      name: "forgot: not an address",
      method: "POST",
      url: "/api/auth/forgot-password",
      body: { email: "nope" },
      as: "anonymous",
      status: 400,
      code: "validation_failed",
      message: "Invalid email address",
    },
    {
      name: "reset: unknown token",
      method: "POST",
      url: "/api/auth/reset-password",
      body: reset,
      as: "anonymous",
      status: 400,
      code: "invalid_token",
      message: "This reset link is invalid or has expired.",
    },
    { name: "reset: no token", method: "POST", url: "/api/auth/reset-password", body: {}, as: "anonymous", status: 400, code: "validation_failed", message: "Token is required" },
    {
      name: "reset: short password",
      method: "POST",
      url: "/api/auth/reset-password",
      body: { ...reset, password: "short", confirmPassword: "short" },
      as: "anonymous",
      status: 400,
      message: "Password must be at least 8 characters",
    },
    {
      name: "reset: passwords differ",
      method: "POST",
      url: "/api/auth/reset-password",
      body: { ...reset, confirmPassword: "another-password" },
      as: "anonymous",
      status: 400,
      message: "Passwords don't match",
    },
    { name: "demo sign-in outside demo mode", method: "POST", url: "/api/auth/demo-login", body: {}, as: "anonymous", status: 404, code: "not_found" },
  ],
);

apiScenarios("workspace site API", t, async () => {}, [
  { name: "reads", url: "/api/workspace/site", as: "owner", status: 200, expect: (j) => expect(j).toEqual({ siteUrl: null, termsText: null, helpText: null }) },
  { name: "without a session", url: "/api/workspace/site", as: "anonymous", status: 401, code: "unauthorized" },
  { name: "a recruiter reads", url: "/api/workspace/site", as: "recruiter", status: 200, expect: (j) => expect(j).toEqual({ siteUrl: null, termsText: null, helpText: null }) },
  { name: "a recruiter may not change it", method: "PUT", url: "/api/workspace/site", body: { siteUrl: "https://acme.example" }, as: "recruiter", status: 403, code: "forbidden" },
  { name: "a read key may not change it", method: "PUT", url: "/api/workspace/site", body: { siteUrl: "https://acme.example" }, as: "readKey", status: 403, code: "insufficient_scope" },
  {
    name: "not a URL",
    method: "PUT",
    url: "/api/workspace/site",
    body: { siteUrl: "javascript:alert(1)" },
    as: "owner",
    status: 400,
    code: "validation_failed",
    message: "Enter a full URL starting with https://",
  },
  {
    name: "a read-write key changes it",
    method: "PUT",
    url: "/api/workspace/site",
    body: { siteUrl: "https://acme.example/jobs", helpText: "Call us" },
    as: "writeKey",
    status: 200,
    events: { "settings.changed": 1 },
    expect: (j) => expect(j).toEqual({ siteUrl: "https://acme.example/jobs", termsText: null, helpText: "Call us" }),
  },
  {
    name: "an admin changes it",
    method: "PUT",
    url: "/api/workspace/site",
    body: { siteUrl: "https://acme.example" },
    as: "admin",
    status: 200,
    events: { "settings.changed": 1 },
    expect: (j) => expect(j.siteUrl).toBe("https://acme.example"),
  },
  { name: "another workspace does not see it", url: "/api/workspace/site", as: "stranger", status: 200, expect: (j) => expect(j.siteUrl).toBeNull() },
]);
