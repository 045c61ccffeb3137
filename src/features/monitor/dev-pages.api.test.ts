// Issue 15 item 10: developer pages and seed endpoints are off unless DEV_PAGES=1 (on in
// demo mode), and rate limited when on.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { DEV_LIMIT_PER_MINUTE } from "../../lib/dev-pages";

const DEV_ROUTES: [string, string][] = [
  ["GET", "/dev/mailbox"],
  ["GET", "/shortlist-test"],
  ["GET", "/database-debug"],
  ["GET", "/api/participants/debug"],
  ["GET", "/api/participants/design-test"],
  ["POST", "/api/candidates/seed"],
  ["POST", "/database-test/seed"],
];

describe("developer pages (item 10)", () => {
  test("off by default: every developer page and seed endpoint answers 404 to a signed-in user", async () => {
    const t = makeTestApp();
    const u = await t.signUp();
    for (const [method, path] of DEV_ROUTES) {
      const res = await t.request(path, { method, cookie: u.cookie });
      expect([path, res.status]).toEqual([path, 404]);
    }
    expect((await (await t.request("/api/candidates", { cookie: u.cookie })).json()).total).toBe(0);
  });

  test("on with DEV_PAGES=1 and in demo mode", async () => {
    for (const t of [makeTestApp({ DEV_PAGES: "1" }), makeTestApp({}, { demo: true })]) {
      const u = await t.signUp();
      for (const [method, path] of DEV_ROUTES) {
        const res = await t.request(path, { method, cookie: u.cookie });
        expect([path, res.status]).toEqual([path, method === "POST" && path.startsWith("/database-test") ? 303 : 200]);
      }
    }
    // Demo mode can still be told to hide them.
    const hidden = makeTestApp({ DEV_PAGES: "0" }, { demo: true });
    const u = await hidden.signUp();
    expect((await hidden.request("/dev/mailbox", { cookie: u.cookie })).status).toBe(404);
  });

  test("rate limited per user when on", async () => {
    const t = makeTestApp({ DEV_PAGES: "1" });
    const u = await t.signUp();
    for (let i = 0; i < DEV_LIMIT_PER_MINUTE; i++) expect((await t.request("/api/candidates/seed", { method: "POST", cookie: u.cookie })).status).toBe(200);
    const limited = await t.request("/api/candidates/seed", { method: "POST", cookie: u.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
