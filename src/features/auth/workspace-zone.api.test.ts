// The workspace's time zone (issue 60): taken from the owner's browser at their first sign-in,
// editable in Settings, and the default of intro-call hours, of members' availability and of
// the zone of members who have none yet (not UTC, which offered Sydney candidates midnight).
import { describe, expect, test } from "bun:test";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";
import { createUser } from "./service";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
let n = 0;

async function owner(browserZone?: string) {
  const email = `wz${++n}@example.com`;
  await createUser(t.deps, { email, password: "correct-horse-battery", name: "Syd Ney" });
  const res = await t.request("/api/auth/login", { json: { email, password: "correct-horse-battery", timeZone: browserZone } });
  expect(res.status).toBe(200);
  return { email, cookie: sessionCookie(res) };
}

const zoneOf = async (cookie: string) => (await (await t.request("/api/workspace/time-zone", { cookie })).json()).timeZone;

describe("the workspace's time zone", () => {
  test("the owner's first sign-in sets it; intro-call hours and a new member's availability start in it", async () => {
    const o = await owner("Australia/Sydney");
    expect(await zoneOf(o.cookie)).toBe("Australia/Sydney");
    expect((await (await t.request("/api/candidate-pages/settings", { cookie: o.cookie })).json()).timeZone).toBe("Australia/Sydney");
    // A member who never sent a zone: their default hours are the workspace's, and so is the zone their pages use.
    const m = await addMember(t, o.cookie, "recruiter");
    const availability = await (await t.request(`/api/availability?userId=${m.id}`, { cookie: o.cookie })).json();
    expect(availability.timeZone).toBe("Australia/Sydney");
    expect((await (await t.request("/api/auth/me", { cookie: m.cookie })).json()).user.timeZone).toBe("Australia/Sydney");
    // Another browser's sign-in does not move the workspace.
    await t.request("/api/auth/login", { json: { email: o.email, password: "correct-horse-battery", timeZone: "Europe/London" } });
    expect(await zoneOf(o.cookie)).toBe("Australia/Sydney");
  });

  test("Settings changes it (API and form); an unknown zone is a 400 naming the field; UTC until known", async () => {
    const o = await owner();
    expect(await zoneOf(o.cookie)).toBe("UTC");
    const bad = await t.request("/api/workspace/time-zone", { method: "PUT", cookie: o.cookie, json: { timeZone: "Europe/Atlantis" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ timeZone: "Unknown time zone" });
    const ok = await t.request("/api/workspace/time-zone", { method: "PUT", cookie: o.cookie, json: { timeZone: "Australia/Perth" } });
    expect(await ok.json()).toEqual({ timeZone: "Australia/Perth" });
    const form = await t.request("/settings/time-zone", {
      method: "POST",
      cookie: o.cookie,
      body: "timeZone=Pacific%2FAuckland",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(303);
    expect(await zoneOf(o.cookie)).toBe("Pacific/Auckland");
    const page = await (await t.request("/settings/candidate-pages", { cookie: o.cookie })).text();
    expect(page).toContain("Workspace time zone");
    expect(page).toMatch(/<option value="Pacific\/Auckland" selected="">/);
  });

  test("a recruiter may read it but not change it", async () => {
    const o = await owner("Asia/Tokyo");
    const r = await addMember(t, o.cookie, "recruiter");
    expect(await zoneOf(r.cookie)).toBe("Asia/Tokyo");
    expect((await t.request("/api/workspace/time-zone", { method: "PUT", cookie: r.cookie, json: { timeZone: "UTC" } })).status).toBe(403);
  });
});
