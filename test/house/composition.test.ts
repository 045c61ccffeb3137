// The composition root (app.ts, decision 0040) hands each feature what it needs as a typed
// parameter, so nothing can be left out unnoticed: a missing need is a type error. What is left
// to check at run time is that what it hands over is used: the subscription gate it gives the
// auth guard refuses, and a stranger still meets 401 first.
import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import { makeTestApp } from "../helpers";

const t = makeTestApp();

describe("the composition root", () => {
  test("the gate handed to the guard refuses: 402 on the API and the gate's page, 401 still first for a stranger", async () => {
    const u = await t.signUp();
    const refusing = createApp(t.deps, {
      accessGate: { allows: () => false, refusedPage: () => new Response("gated", { status: 402 }) },
    });
    const get = (path: string, cookie?: string) => refusing.handle(new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }));
    const api = await get("/api/jobs", u.cookie);
    expect(api.status).toBe(402);
    expect(((await api.json()) as { message: string }).message).toBe("Subscription Required");
    expect((await get("/dashboard", u.cookie)).status).toBe(402);
    expect((await get("/api/jobs")).status).toBe(401);
    // The account's own calls pass, so a member can subscribe.
    expect((await get("/api/auth/me", u.cookie)).status).toBe(200);
  });
});
