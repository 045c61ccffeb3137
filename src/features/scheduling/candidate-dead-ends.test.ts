// A candidate always has a way on (issue 41 item 10): "Session Not Found" and "Interview
// Scheduled!" carry a button to the site, and a second tab booking a link that was just booked
// shows the interview instead of "Session Not Found" under a "choose another" toast.
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { upsertParticipantFromVisitor } from "../candidates/service";
import { createSchedulingSession } from "./service";
import { saveWorkspaceSite } from "../auth/workspace-site";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "./slots";

const t = makeTestApp();
const marketed = makeTestApp({ MARKETING_URL: "https://frank.example" });
t.clock.set(new Date("2030-01-10T03:00:00Z"));
const TZ = "Europe/London";
let n = 0;

async function session() {
  const u = await t.signUp({ name: "Hank Manager" });
  const cand = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `de-${++n}`, name: "Sam Lee", emailAddress: `de${n}@example.com` });
  const timeSlots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), TZ), 2)], ...DEFAULT_WINDOW, duration: 60, timeZone: TZ });
  const s = await createSchedulingSession(t.deps, { workspaceId: u.workspaceId, userId: u.userId, candidateId: cand.id, title: "Technical Interview", duration: 60, timeSlots, timeZone: TZ });
  return { ...s, workspaceId: u.workspaceId };
}

const post = (path: string, fields: Record<string, string>) =>
  t.request(path, { method: "POST", body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" } });
const cookieOf = (res: Response) => /frank_flash=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";

describe("candidate pages lead somewhere", () => {
  test("Session Not Found has a button to the product's site, else to Help (never the recruiters' sign-in)", async () => {
    for (const path of [`/book/${"z".repeat(43)}`, `/book/manage/${"z".repeat(43)}`]) {
      const html = await (await marketed.request(path)).text();
      expect(html).toContain("Session Not Found");
      expect(html).toContain('<a href="https://frank.example" class="btn-primary mt-6">Go to Homepage</a>');
      const plain = await (await t.request(path)).text();
      expect(plain).toContain('<a href="/help" class="btn-primary mt-6">Help &amp; Support</a>');
    }
  });

  test("Interview Scheduled! has a button back to the site", async () => {
    const s = await session();
    const booked = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    expect(booked.status).toBe(303);
    const html = await (await t.request(booked.headers.get("location")!, { headers: { cookie: cookieOf(booked) } })).text();
    expect(html).toContain("Interview Scheduled!");
    expect(html).toContain('<a href="/help" class="btn-primary mt-6">Help &amp; Support</a>');
    // With the workspace's site set, the button goes there.
    saveWorkspaceSite(t.app.features.auth.api.deps, s.workspaceId, { siteUrl: "https://acme.example", termsText: null, helpText: null }, "system");
    const again = await (await t.request(booked.headers.get("location")!)).text();
    expect(again).toContain('<a href="https://acme.example" class="btn-primary mt-6">Back to Site</a>');
  });

  test("a second tab booking the same link is shown the interview, not Session Not Found", async () => {
    const s = await session();
    const first = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[0]!.id });
    const manage = first.headers.get("location")!.split("?")[0]!;
    // The other tab still shows the slots it loaded before and picks another one.
    const second = await post(`/book/${s.sessionToken}`, { slotId: s.timeSlots[2]!.id });
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(manage);
    const html = await (await t.request(manage, { headers: { cookie: cookieOf(second) } })).text();
    expect(html).not.toContain("Session Not Found");
    expect(html).not.toContain("choose another");
    expect(html).toContain("Already booked");
    expect(html).toContain("Your Interview");
  });
});
