// Each member has a time zone (issue 41 item 8): taken from the browser at the first sign-in,
// on GET/PUT /api/auth/profile and GET /api/auth/me, and the default of /interviews, the
// dashboard's cards and Schedule form, and the interviewer's e-mails.
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeTestApp, sessionCookie } from "../../../test/helpers";
import { mailMessages } from "../../db/schema";
import { createUser, findUserByEmail } from "./service";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../scheduling/slots";

const t = makeTestApp();
t.clock.set(new Date("2030-01-10T03:00:00Z"));
let n = 0;

/** A new account, signed in from a browser in `browserZone`. */
async function member(browserZone?: string) {
  const email = `tz${++n}@example.com`;
  await createUser(t.deps, { email, password: "correct-horse-battery", name: "Lon Don" });
  const res = await t.request("/api/auth/login", { json: { email, password: "correct-horse-battery", timeZone: browserZone } });
  expect(res.status).toBe(200);
  return { email, cookie: sessionCookie(res), user: ((await res.json()) as { user: { timeZone: string } }).user };
}

describe("a member's time zone", () => {
  test("the first sign-in takes the browser's zone; later ones do not change it", async () => {
    const m = await member("Europe/London");
    expect(m.user.timeZone).toBe("Europe/London");
    const again = await t.request("/api/auth/login", { json: { email: m.email, password: "correct-horse-battery", timeZone: "Asia/Tokyo" } });
    expect(((await again.json()) as { user: { timeZone: string } }).user.timeZone).toBe("Europe/London");
    expect((await (await t.request("/api/auth/me", { cookie: m.cookie })).json()).user.timeZone).toBe("Europe/London");
    // A zone the browser made up is not kept.
    expect((await member("Mars/Olympus")).user.timeZone).toBe("UTC");
  });

  test("an account that never signed in with a zone (an invitation, the demo) takes the browser's from its first page", async () => {
    const m = await member();
    expect(m.user.timeZone).toBe("UTC");
    expect(await (await t.request("/dashboard", { cookie: m.cookie })).text()).toContain("data-zone-unknown");
    const me = await (await t.request("/api/auth/me?timeZone=America/New_York", { cookie: m.cookie })).json();
    expect(me.user.timeZone).toBe("America/New_York");
    expect(await (await t.request("/dashboard", { cookie: m.cookie })).text()).not.toContain("data-zone-unknown");
    // Once known, another browser's zone does not change it.
    expect((await (await t.request("/api/auth/me?timeZone=Asia/Tokyo", { cookie: m.cookie })).json()).user.timeZone).toBe("America/New_York");
  });

  test("PUT /api/auth/profile changes it; an unknown zone is a 400 naming the field", async () => {
    const m = await member("Europe/London");
    const profile = await (await t.request("/api/auth/profile", { cookie: m.cookie })).json();
    expect(profile.timeZone).toBe("Europe/London");
    const body = { name: profile.name, email: m.email };
    const bad = await t.request("/api/auth/profile", { method: "PUT", cookie: m.cookie, json: { ...body, timeZone: "Europe/Atlantis" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({ timeZone: "Unknown time zone" });
    const ok = await t.request("/api/auth/profile", { method: "PUT", cookie: m.cookie, json: { ...body, timeZone: "Australia/Melbourne" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).timeZone).toBe("Australia/Melbourne");
    // Left out, it stays.
    expect((await (await t.request("/api/auth/profile", { method: "PUT", cookie: m.cookie, json: body })).json()).timeZone).toBe("Australia/Melbourne");
  });

  test("a London member whose newest session is for Melbourne sees London times on /interviews, the dashboard, and in their e-mails", async () => {
    const m = await member("Europe/London");
    const workspaceId = findUserByEmail(t.deps, m.email)!.workspaceId;
    const candidateId = upsertParticipantFromVisitor(t.deps, workspaceId, { uniqueId: `tz-${n}`, name: "Mel Bourne", emailAddress: `mel${n}@example.com` }).id;
    const MEL = "Australia/Melbourne";
    // 10:00 in Melbourne on a January day is 23:00 the day before in London.
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), MEL), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: MEL }).slice(1, 2);
    const s = await (await t.request("/api/scheduling-sessions", { cookie: m.cookie, json: { candidateId, duration: 60, timeSlots: slots, timeZone: MEL, sendEmail: false } })).json();
    expect((await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).status).toBe(200);

    const page = await (await t.request("/interviews", { cookie: m.cookie })).text();
    expect(page).toContain('<strong data-zone="true">Europe/London</strong>');
    expect(page).toContain("23:00–00:00");
    const dashboard = await (await t.request("/dashboard", { cookie: m.cookie })).text();
    for (const island of ["scheduling-create", "scheduling-sessions", "scheduling-meetings"]) {
      const props = new RegExp(`data-island="${island}" data-props="([^"]*)"`).exec(dashboard)?.[1]?.replaceAll("&quot;", '"') ?? "";
      expect(JSON.parse(props).timeZone).toBe("Europe/London");
    }
    const toMe = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, m.email), eq(mailMessages.kind, "booked")))
      .get()!;
    expect(toMe.text).toContain("11:00 PM");
    expect(toMe.text).toContain("Fri 11 Jan, 11:00 PM–12:00 AM London");
  });
});
