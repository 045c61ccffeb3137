// Every page whose address carries a secret sends Referrer-Policy: no-referrer (issue 59 item 10):
// the share, feedback, booking, manage, invitation and reset pages, with a live token and an unknown
// one; other pages keep strict-origin-when-cross-origin.
import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../test/helpers";
import { invitationToken } from "../../test/kits/team";
import { mailMessages } from "../db/schema";
import { upsertParticipantFromVisitor } from "../features/candidates/service";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../features/scheduling/slots";

const t = makeTestApp();
t.clock.set(new Date("2030-05-06T03:00:00Z"));

const linkIn = (to: string, kind: string, re: RegExp) =>
  t.deps.db
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.to, to), eq(mailMessages.kind, kind)))
    .orderBy(desc(mailMessages.id))
    .get()
    ?.text.match(re)?.[1] ?? null;

async function livePages(): Promise<string[]> {
  const u = await t.signUp({ name: "Ivy Interviewer" });
  const call = async (path: string, json: unknown) => (await t.request(path, { json, cookie: u.cookie })).json() as Promise<any>;
  const client = (await call("/api/clients", { name: "Acme Pay" })).client;
  const contact = (await call(`/api/clients/${client.id}/contacts`, { name: "Jane Doe", email: "jane@acme.example" })).contact;
  const job = (await call("/api/jobs", { title: "Sous chef" })).job;
  const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "h-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
  await call(`/api/jobs/${job.id}/applications`, { candidateId: p.id });
  const shortlist = await call("/api/shortlists", { name: "Payments shortlist" });
  await call(`/api/shortlists/${shortlist.id}/candidates`, { candidateIds: [p.id] });
  await call(`/api/shortlists/${shortlist.id}/shares`, { contactIds: [contact.id] });
  const share = linkIn("jane@acme.example", "shortlist_share", /\/s\/([A-Za-z0-9_-]+)/)!;

  const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
  const s = await call("/api/scheduling-sessions", { candidateId: p.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false });
  const booked = (await (await t.request(`/api/book/${s.sessionToken}`, { json: { slotId: s.timeSlots[0].id } })).json()) as { confirmationUrl: string };
  const invited = await t.request("/api/workspace/invitations", { json: { email: "rec@example.com", role: "recruiter" }, cookie: u.cookie });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const invitation = invitationToken(t, "rec@example.com");
  t.clock.set(new Date(new Date(s.timeSlots[0].endTime).getTime() + 60_000));
  await t.deps.jobs.runDue();
  const feedback = linkIn(u.email, "feedback_request", /\/feedback\/([A-Za-z0-9_-]+)/)!;

  await t.request("/api/auth/forgot-password", { json: { email: u.email } });
  const reset = t.deps.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.to, u.email))
    .orderBy(desc(mailMessages.id))
    .get()!
    .text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1];

  return [`/s/${share}`, `/feedback/${feedback}`, `/book/${s.sessionToken}`, `/booking-option-b/${s.sessionToken}`, booked.confirmationUrl, `/invite/${invitation}`, `/reset-password?token=${reset}`];
}

describe("token pages", () => {
  test("every live token page answers with no-referrer", async () => {
    for (const path of await livePages()) {
      const res = await t.request(path);
      // A booked session's link sends the candidate on to the manage page (303): still its own page.
      expect({ path, ok: res.status === 200 || res.status === 303 }).toEqual({ path, ok: true });
      expect({ path, policy: res.headers.get("referrer-policy") }).toEqual({ path, policy: "no-referrer" });
    }
  });

  test("every route with a token in its address sends no-referrer for an unknown token too", async () => {
    const paths = t.app.routes.filter((r) => r.method === "GET" && /\/:token(\/|$)/.test(r.path)).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(["/s/:token", "/feedback/:token", "/book/:token", "/invite/:token", "/book/manage/:token"]));
    for (const route of paths) {
      const path = route.replace(":token", "AbCdEfGhIjKlMnOpQrStUv0123456789_-abcdEFG").replace(/:[^/]+/g, "1");
      const res = await t.request(path);
      expect({ path, policy: res.headers.get("referrer-policy") }).toEqual({ path, policy: "no-referrer" });
    }
  });

  test("pages without a secret in their address keep strict-origin-when-cross-origin", async () => {
    for (const path of ["/login", "/healthz", "/s", "/feedback"]) expect((await t.request(path)).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});
