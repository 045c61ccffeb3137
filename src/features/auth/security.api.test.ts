// Issue 15 items 1, 2, 3 and 7: demo mode, client addresses behind a proxy, login limits,
// password reset. Each test failed on the code before the fix.
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { mailMessages, passwordResets } from "../../db/schema";
import { isLoopbackHost, loadConfig } from "../../config/env";
import { seedDemo } from "../../demo";
import { DEMO_EMAIL, FORGOT_LIMIT_PER_IP } from "./service";

const resetTokenOf = (text: string) => decodeURIComponent(text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!);

describe("demo mode cannot be used to take an account (item 1)", () => {
  const t = makeTestApp({}, { demo: true });

  test("demo-login signs in only the demo account, whatever e-mail is sent", async () => {
    await seedDemo(t.deps);
    const victim = await t.signUp({ email: "victim@example.com" });
    const res = await t.request("/api/auth/demo-login", { json: { email: victim.email } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.email).toBe(DEMO_EMAIL);
    const me = await t.request("/api/auth/me", { cookie: sessionCookie(res) });
    expect((await me.json()).user.email).toBe(DEMO_EMAIL);
  });

  test("the mailbox needs a session and shows only the e-mails of the user's workspace", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: a.email } });
    const mailOfA = t.deps.db.select().from(mailMessages).all().at(-1)!;
    expect(mailOfA.to).toBe(a.email);

    const anonymous = await t.request("/dev/mailbox");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
    expect((await t.request(`/dev/mailbox/${mailOfA.id}`)).status).toBe(303);

    const asB = await (await t.request("/dev/mailbox", { cookie: b.cookie })).text();
    expect(asB).not.toContain(a.email);
    expect(asB).not.toContain("reset-password?token=");
    expect((await t.request(`/dev/mailbox/${mailOfA.id}`, { cookie: b.cookie })).status).toBe(404);

    const asA = await (await t.request("/dev/mailbox", { cookie: a.cookie })).text();
    expect(asA).toContain(a.email);
    expect((await t.request(`/dev/mailbox/${mailOfA.id}`, { cookie: a.cookie })).status).toBe(200);
  });

  test("the server binds 127.0.0.1 unless HOST is set; loopback is recognised", () => {
    const base = { APP_SECRET: "x".repeat(32) };
    expect(loadConfig(base).HOST).toBe("127.0.0.1");
    expect(loadConfig({ ...base, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("::1")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("192.168.1.10")).toBe(false);
  });
});

describe("client address behind a proxy (item 2)", () => {
  test("rotating left-most X-Forwarded-For values do not escape the per-address limit (TRUST_PROXY=1)", async () => {
    const t = makeTestApp({ TRUST_PROXY: "1", LOGIN_LIMIT_PER_IP: "3" });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // What the client wrote, then what the proxy appended: the client's real address.
      const headers = { "x-forwarded-for": `10.0.0.${i}, 203.0.113.7` };
      statuses.push((await t.request("/api/auth/login", { json: { email: `someone-${i}@example.com`, password: "wrong-pass" }, headers })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    // Another client behind the same proxy is not affected.
    const other = await t.request("/api/auth/login", { json: { email: "x@example.com", password: "wrong-pass" }, headers: { "x-forwarded-for": "203.0.113.8" } });
    expect(other.status).toBe(401);
  });

  test("with a hop count of 2 the second address from the right is the client's", async () => {
    const t = makeTestApp({ TRUST_PROXY: "2", LOGIN_LIMIT_PER_IP: "2" });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const headers = { "x-forwarded-for": `10.9.9.${i}, 203.0.113.7, 10.0.0.2` };
      statuses.push((await t.request("/api/auth/login", { json: { email: `n${i}@example.com`, password: "wrong-pass" }, headers })).status);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
  });

  test("TRUST_PROXY takes a hop count or a list of proxy addresses", () => {
    const base = { APP_SECRET: "x".repeat(32) };
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ hops: 2 });
    expect(loadConfig({ ...base, TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(loadConfig(base).TRUST_PROXY).toEqual({ hops: 0 });
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).TRUST_PROXY).toEqual({ addresses: ["10.0.0.1", "10.0.0.2"] });
    expect(() => loadConfig({ ...base, TRUST_PROXY: "not-an-ip" })).toThrow("TRUST_PROXY");
  });
});

describe("login limits under concurrency, without locking the owner out (item 3)", () => {
  test("40 concurrent wrong passwords against a limit of 10: only 10 are tried", async () => {
    const t = makeTestApp();
    const u = await t.signUp();
    const all = await Promise.all(Array.from({ length: 40 }, (_, i) => t.request("/api/auth/login", { json: { email: u.email, password: `guess-${i}` } })));
    const counts = { tried: all.filter((r) => r.status === 401).length, limited: all.filter((r) => r.status === 429).length };
    expect(counts).toEqual({ tried: 10, limited: 30 });
  });

  test("ten failures from elsewhere: the owner's correct password from a new address passes after a short wait", async () => {
    const t = makeTestApp({ TRUST_PROXY: "1" });
    const u = await t.signUp();
    for (let i = 0; i < 10; i++) {
      const res = await t.request("/api/auth/login", { json: { email: u.email, password: "wrong-pass" }, headers: { "x-forwarded-for": `198.51.100.${i}` } });
      expect(res.status).toBe(401);
    }
    const owner = { "x-forwarded-for": "203.0.113.99" };
    const early = await t.request("/api/auth/login", { json: { email: u.email, password: u.password }, headers: owner });
    expect(early.status).toBe(429);
    const wait = Number(early.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    t.clock.advance(wait * 1000);
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: u.password }, headers: owner })).status).toBe(200);
  });

  test("failures from one address against one account stay strictly limited", async () => {
    const t = makeTestApp({ LOGIN_LIMIT_PER_EMAIL: "3" });
    const u = await t.signUp();
    for (let i = 0; i < 3; i++) await t.request("/api/auth/login", { json: { email: u.email, password: "wrong-pass" } });
    t.clock.advance(5 * 60_000); // the growing per-account delay is long over
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: u.password } })).status).toBe(429);
  });

  test("the profile's current-password check counts toward the same limits", async () => {
    const t = makeTestApp({ LOGIN_LIMIT_PER_EMAIL: "3" });
    const u = await t.signUp();
    const change = (currentPassword: string) => t.request("/api/auth/profile", { method: "PUT", cookie: u.cookie, json: { name: "X", email: "new-address@example.com", currentPassword } });
    for (let i = 0; i < 3; i++) expect((await change("wrong-pass")).status).toBe(400);
    expect((await change(u.password)).status).toBe(429);
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: u.password } })).status).toBe(429);
  });
});

describe("password reset (item 7)", () => {
  test("forgot-password is limited per client address, whatever e-mails are named", async () => {
    const t = makeTestApp();
    const statuses: number[] = [];
    for (let i = 0; i <= FORGOT_LIMIT_PER_IP; i++) {
      statuses.push((await t.request("/api/auth/forgot-password", { json: { email: `someone-${i}@example.com` } })).status);
    }
    expect(statuses.slice(0, FORGOT_LIMIT_PER_IP).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  test("forgot-password does the same work whether or not the account exists", async () => {
    const t = makeTestApp({ LOGIN_LIMIT_PER_IP: "1000" });
    const u = await t.signUp();
    // The CPU time the request takes in this process: what an answer's delay is made of on a quiet
    // server, without the waits for a core that a busy machine adds to the wall clock.
    const time = async (email: string) => {
      const start = process.cpuUsage();
      const res = await t.request("/api/auth/forgot-password", { json: { email } });
      expect(res.status).toBe(200);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    // The quickest of each: interruptions only ever add time, so the minimum is the work itself.
    const fastest = (xs: number[]) => Math.min(...xs);
    const known: number[] = [];
    const unknown: number[] = [];
    // Each pair of e-mails is asked at most twice (the per-e-mail limit is 5); the per-address limit resets between rounds.
    for (let i = 0; i < 6; i++) {
      known.push(await time(u.email));
      unknown.push(await time(`nobody-${i}@example.com`));
      t.clock.advance(16 * 60_000);
    }
    // Without the stand-in render an unknown address answered in a small fraction of the time.
    expect(fastest(unknown)).toBeGreaterThan(fastest(known) * 0.4);
  });

  test("a successful reset revokes every other outstanding reset link", async () => {
    const t = makeTestApp();
    const u = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: u.email } });
    await t.request("/api/auth/forgot-password", { json: { email: u.email } });
    const [first, second] = t.deps.db
      .select()
      .from(mailMessages)
      .all()
      .slice(-2)
      .map((m) => resetTokenOf(m.text));
    const links = () => t.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, u.userId)).all();
    expect(links().map((r) => r.usedAt)).toEqual([null, null]);
    const ok = await t.request("/api/auth/reset-password", { json: { token: second, password: "new-password-1", confirmPassword: "new-password-1" } });
    expect(ok.status).toBe(200);
    // Both links are spent in the store, the unused one too.
    expect(links().map((r) => r.usedAt?.getTime())).toEqual([t.clock.now().getTime(), t.clock.now().getTime()]);
    const stale = await t.request("/api/auth/reset-password", { json: { token: first, password: "attacker-pass", confirmPassword: "attacker-pass" } });
    expect(stale.status).toBe(400);
    expect((await stale.json()).code).toBe("invalid_token");
    // The new password signs in; the attacker's does not.
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: "new-password-1" } })).status).toBe(200);
    expect((await t.request("/api/auth/login", { json: { email: u.email, password: "attacker-pass" } })).status).toBe(401);
  });

  test("an e-mail change revokes the outstanding reset links", async () => {
    const t = makeTestApp();
    const u = await t.signUp();
    await t.request("/api/auth/forgot-password", { json: { email: u.email } });
    const token = resetTokenOf(t.deps.db.select().from(mailMessages).all().at(-1)!.text);
    const change = await t.request("/api/auth/profile", {
      method: "PUT",
      cookie: u.cookie,
      json: { name: "Moved", email: `moved-${u.userId}@example.com`, currentPassword: u.password },
    });
    expect(change.status).toBe(200);
    expect(
      t.deps.db
        .select()
        .from(passwordResets)
        .all()
        .every((r) => r.usedAt !== null),
    ).toBe(true);
    const res = await t.request("/api/auth/reset-password", { json: { token, password: "attacker-pass", confirmPassword: "attacker-pass" } });
    expect(res.status).toBe(400);
  });
});
