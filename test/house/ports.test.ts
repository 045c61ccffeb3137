// Ports (decision 0029): app.ts wires what each feature needs of a feature it may not import;
// one left out stops the start with its name, and the subscription gate can no longer be
// missing and let everyone through.
import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/app";
import { MissingPortError } from "../../src/lib/ports";
import { makeTestApp } from "../helpers";

const t = makeTestApp();

describe("ports", () => {
  for (const name of ["busyCalendar"] as const) {
    test(`a missing ${name} stops the start with its name`, () => {
      const fresh = makeTestApp();
      let error: unknown;
      try {
        createApp(fresh.deps, { [name]: undefined });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MissingPortError);
      expect((error as Error).message).toContain(`.${name} is not wired`);
    });
  }

  test("the wired gate refuses: 402 on the API and the gate's page, 401 still first for a stranger", async () => {
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
