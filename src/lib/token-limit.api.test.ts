// Public token routes under a flood of random tokens (issue 59 item 7): unknown tokens are counted
// per address and known links per link, the limiters' memory is bounded, and /feedback/{token}
// has a limit.
import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { makeTestApp } from "../../test/helpers";
import { mailMessages } from "../db/schema";
import { upsertParticipantFromVisitor } from "../features/candidates/service";
import { MAX_LIMITER_KEYS, RateLimiter } from "./rate-limit";
import { invitationToken } from "../../test/kits/team";
import { addDays, dateIn, DEFAULT_WINDOW, generateSlots } from "../features/scheduling/slots";

const randomToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");

describe("a limiter flooded with 50,000 keys", () => {
  test("keeps a bounded number of windows, drops the oldest, and answers each hit without scanning", () => {
    let now = 0;
    const limiter = new RateLimiter(120, 600_000, () => now);
    const started = performance.now();
    let firstMs = 0;
    for (let i = 0; i < 50_000; i++) {
      limiter.hit(randomToken());
      if (i === 9_999) firstMs = performance.now() - started;
    }
    const floodMs = performance.now() - started;
    expect(limiter.size).toBeLessThanOrEqual(MAX_LIMITER_KEYS);
    // A hit after the flood costs what the first did (a scan of 50,000 windows per hit took seconds per 10,000).
    const t0 = performance.now();
    for (let i = 0; i < 10_000; i++) limiter.hit(randomToken());
    // Beside the flood's own first 10,000 in the same run (a busy machine slows both alike).
    expect(performance.now() - t0).toBeLessThan(Math.max(3000, 40 * firstMs));
    expect(floodMs).toBeLessThan(5000);
    // The newest windows are the ones kept: a key just counted is still limited.
    for (let i = 0; i < 120; i++) limiter.hit("victim");
    expect(limiter.hit("victim").ok).toBe(false);
    // Ended windows go first.
    now += 600_001;
    limiter.hit("later");
    expect(limiter.size).toBe(1);
  });
});

describe("token routes", () => {
  const t = makeTestApp({ TRUST_PROXY: "1" });
  t.clock.set(new Date("2030-03-02T09:00:00Z"));
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  test("random tokens are counted per address: the sender is limited, a real link and other addresses are not", async () => {
    const u = await t.signUp();
    const call = async (path: string, json: unknown) => (await t.request(path, { json, cookie: u.cookie })).json() as Promise<any>;
    const client = (await call("/api/clients", { name: "Acme Pay" })).client;
    const contact = (await call(`/api/clients/${client.id}/contacts`, { name: "Jane Doe", email: "jane@acme.example" })).contact;
    const shortlist = await call("/api/shortlists", { name: "Payments shortlist" });
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "l-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
    await call(`/api/shortlists/${shortlist.id}/candidates`, { candidateIds: [p.id] });
    await call(`/api/shortlists/${shortlist.id}/shares`, { contactIds: [contact.id] });
    const mail = t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, "jane@acme.example"), eq(mailMessages.kind, "shortlist_share")))
      .orderBy(desc(mailMessages.id))
      .get()!;
    const share = mail.text.match(/\/s\/([A-Za-z0-9_-]+)/)![1]!;

    for (const prefix of ["/s/", "/feedback/"]) {
      const attacker = `203.0.113.${prefix.length}`;
      const statuses: number[] = [];
      for (let i = 0; i < 80; i++) statuses.push((await t.request(prefix + randomToken(), { headers: from(attacker) })).status);
      expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
      const over = await t.request(prefix + randomToken(), { headers: from(attacker) });
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address is not limited by the flood.
      expect((await t.request(prefix + randomToken(), { headers: from("198.51.100.7") })).status).toBe(404);
    }
    // The real link, from the flooding address, is counted on its own.
    expect((await t.request(`/s/${share}`, { headers: from("203.0.113.3") })).status).toBe(200);
    // ...and has its own limit: 120 in 10 minutes from any address.
    let last = 0;
    for (let i = 0; i < 120; i++) last = (await t.request(`/s/${share}`, { headers: from(`192.0.2.${i}`) })).status;
    expect(last).toBe(429);
  });
});

describe("the candidate's and the invitee's links", () => {
  const t = makeTestApp({ TRUST_PROXY: "1" });
  t.clock.set(new Date("2030-03-02T09:00:00Z"));
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  test("/book/, /booking-option-b/, /book/manage/, /api/book/ and /invite/: random tokens per address, a real link per link", async () => {
    const u = await t.signUp();
    const call = async (path: string, json: unknown) => (await t.request(path, { json, cookie: u.cookie })).json() as Promise<any>;
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: "b-1", name: "Ada Lovelace", emailAddress: "ada@example.com" });
    const slots = generateSlots({ dates: [addDays(dateIn(t.clock.now(), "UTC"), 1)], ...DEFAULT_WINDOW, duration: 60, timeZone: "UTC" });
    const s = await call("/api/scheduling-sessions", { candidateId: p.id, duration: 60, timeSlots: slots, timeZone: "UTC", sendEmail: false });
    expect((await t.request("/api/workspace/invitations", { json: { email: "rec@example.com", role: "recruiter" }, cookie: u.cookie })).status).toBe(201);
    const invitation = invitationToken(t, "rec@example.com");

    // One budget per address over every booking route: 60 unknown tokens, then 429.
    const attacker = "203.0.113.50";
    const prefixes = ["/book/", "/booking-option-b/", "/book/manage/", "/api/book/"];
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await t.request(prefixes[i % 4]! + randomToken(), { headers: from(attacker) })).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    const over = await t.request("/api/book/" + randomToken(), { headers: from(attacker) });
    expect([over.status, Number(over.headers.get("retry-after")) > 0, (await over.json()).code]).toEqual([429, true, "rate_limited"]);
    // The flooding address still reaches a real booking link: it is counted on its own...
    expect((await t.request(`/book/${s.sessionToken}`, { headers: from(attacker) })).status).toBe(200);
    // ...300 requests in 10 minutes from any addresses.
    let last = 0;
    for (let i = 0; i < 300; i++) last = (await t.request(`/api/book/${s.sessionToken}`, { headers: from(`192.0.2.${i % 250}`) })).status;
    expect(last).toBe(429);

    const inviteStatuses: number[] = [];
    for (let i = 0; i < 65; i++) inviteStatuses.push((await t.request("/invite/" + randomToken(), { headers: from("203.0.113.60") })).status);
    expect(inviteStatuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(inviteStatuses.slice(60).every((s) => s === 429)).toBe(true);
    expect((await t.request(`/invite/${invitation}`, { headers: from("203.0.113.60") })).status).toBe(200);
    for (let i = 0; i < 30; i++) last = (await t.request(`/invite/${invitation}`, { headers: from(`198.51.100.${i}`) })).status;
    expect(last).toBe(429);
  });
});
