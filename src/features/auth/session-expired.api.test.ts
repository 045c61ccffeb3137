import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { makeTestApp } from "../../../test/helpers";

// A session revoked on the server (part1 §8, issue 16): the browser still has the cookie.
const t = makeTestApp();

describe("a revoked session", () => {
  test("a session ended by another process (a second connection to the file) counts on the next request", async () => {
    const u = await t.signUp();
    expect((await t.request("/api/participants", { cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/participants", { cookie: u.cookie })).status).toBe(200); // kept lookup
    const other = new Database(t.deps.config.DATABASE_PATH);
    other.exec("PRAGMA busy_timeout = 5000");
    other.run("delete from sessions where user_id = ?", [u.userId]);
    other.close();
    expect((await t.request("/api/participants", { cookie: u.cookie })).status).toBe(401);
  });

  test("/api/auth/me answers 401 'Session expired'; a page goes to /login, which says so", async () => {
    const u = await t.signUp();
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
    // Signed out elsewhere: the server forgets the session, this browser keeps its cookie.
    expect((await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie })).status).toBe(200);

    const me = await t.request("/api/auth/me", { cookie: u.cookie });
    expect(me.status).toBe(401);
    expect((await me.json()).message).toBe("Session expired");

    const page = await t.request("/dashboard", { cookie: u.cookie });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toMatch(/^\/login(\?next=|$)/);
    const flash = page.headers.getSetCookie().find((c) => c.startsWith("frank_flash="))!;
    expect(flash).toBeTruthy();
    const login = await t.request("/login", { cookie: flash.split(";")[0]! });
    expect(await login.text()).toContain("Session expired");
  });

  test("without any session cookie there is no 'Session expired' toast", async () => {
    const page = await t.request("/dashboard");
    expect(page.status).toBe(303);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("frank_flash="))).toBe(false);
  });
});
