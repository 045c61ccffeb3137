// Decision 50: every date a person reads is in their zone, in the house's one style ("Mar 5,
// 2030"): a member's own zone for members, the workspace's for people outside the team (a
// client's contact, a candidate). The moments here fall on 4 March in UTC and 5 March in Sydney,
// so a text that prints the UTC day (or its own style) fails.
import { describe, expect, test } from "bun:test";
import { and, desc, eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { makeTestApp } from "./helpers";
import { mailMessages } from "../src/db/schema";
import { addParticipants, upsertParticipantFromVisitor } from "../src/features/candidates/service";
import { recordNewSuggestions } from "../src/features/suggestions/service";
import { ResetPasswordEmail } from "../src/features/auth/emails/reset-password";
import { trialExpiredMessage } from "../src/features/billing/ui/status";
import { BillingTab } from "../src/features/billing/ui/billing-tab";
import type { BillingResponse } from "../src/features/billing/types";

const SYDNEY = "Australia/Sydney";
// 20:00 UTC on 4 March 2030 is 07:00 on 5 March in Sydney (UTC+11).
const EVENING_UTC = new Date("2030-03-04T20:00:00Z");
const t = makeTestApp({ SMTP_URL: "smtp://127.0.0.1:2" });
let n = 0;

/** A Sydney agency: the workspace's zone and the member's are Sydney's. */
async function sydneyAgency() {
  t.clock.set(EVENING_UTC);
  const u = await t.signUp({ name: "Rita Recruiter" });
  expect((await t.request("/api/workspace/time-zone", { method: "PUT", cookie: u.cookie, json: { timeZone: SYDNEY } })).status).toBe(200);
  expect((await t.request(`/api/auth/me?timeZone=${encodeURIComponent(SYDNEY)}`, { cookie: u.cookie })).status).toBe(200);
  return u;
}

const lastMail = (to: string, kind?: string) =>
  t.deps.db
    .select()
    .from(mailMessages)
    .where(kind ? and(eq(mailMessages.to, to), eq(mailMessages.kind, kind)) : eq(mailMessages.to, to))
    .orderBy(desc(mailMessages.id))
    .get()!;

describe("dates in the reader's zone, in one style", () => {
  test("the assistant's 'last e-mailed' names the day in the member's zone", async () => {
    const u = await sydneyAgency();
    addParticipants(t.deps, u.workspaceId, [{ name: "Gus Nye", roleApplied: "Developer", city: "Perth", emailAddress: "gus@example.com" }]);
    await t.deps.mail.send({ to: "gus@example.com", subject: "Hello", workspaceId: u.workspaceId, email: ResetPasswordEmail({ name: "x", url: "http://localhost/x" }) });
    t.clock.set(new Date(EVENING_UTC.getTime() + 3 * 86_400_000));
    const cookie = await t.login(u.email, u.password); // three idle days end a session
    const res = await t.request("/api/chat/openai", { cookie, json: { message: "Which candidates haven't been contacted in 2 days?", sessionId: null, timeZone: SYDNEY } });
    const body = (await res.json()) as { response: string };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const answer = body.response;
    expect(answer).toContain("Gus Nye");
    expect(answer).toContain("last e-mailed Mar 5, 2030");
    expect(answer).not.toContain("2030-03-04");
  });

  test("the notice of how automated tools were used names the day in the workspace's zone (the candidate reads it)", async () => {
    const u = await sydneyAgency();
    const p = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `z-${++n}`, name: "Ada Lovelace", emailAddress: `ada${n}@example.com` });
    recordNewSuggestions(t.deps, [{ workspaceId: u.workspaceId, participantId: p.id, feature: "matching", subject: "job:1", madeBy: "rules", inputHash: "h1", output: { score: 80 } }]);
    const { suggestions } = (await (await t.request(`/api/participants/${p.id}/suggestions`, { cookie: u.cookie })).json()) as { suggestions: { inWords: string }[] };
    expect(suggestions[0]!.inWords).toStartWith("On Mar 5, 2030, fixed rules");
    const exported = await (await t.request(`/api/participants/${p.id}/export`, { cookie: u.cookie })).text();
    expect(exported).toContain("On Mar 5, 2030, fixed rules");
    expect(exported).not.toContain("On 2030-03-04");
  });

  test("a shared shortlist's expiry: the day chosen is the last day in the workspace's zone, in the e-mail, the contact's page and the member's page", async () => {
    const u = await sydneyAgency();
    const call = async (path: string, json?: unknown) => (await (await t.request(path, { cookie: u.cookie, ...(json === undefined ? {} : { json }) })).json()) as any;
    const client = (await call("/api/clients", { name: "Acme Pay" })).client;
    const jane = (await call(`/api/clients/${client.id}/contacts`, { name: "Jane Doe", email: `jane${++n}@acme.example` })).contact;
    const ada = upsertParticipantFromVisitor(t.deps, u.workspaceId, { uniqueId: `z-${++n}`, name: "Ada Lovelace", emailAddress: `ada${n}@example.com` });
    const shortlist = await call("/api/shortlists", { name: "Payments shortlist" });
    await call(`/api/shortlists/${shortlist.id}/candidates`, { candidateIds: [ada.id] });
    const made = await call(`/api/shortlists/${shortlist.id}/shares`, { contactIds: [jane.id], expiresAt: "2030-03-20" });
    // The end of 20 March in Sydney.
    expect(made.shares[0].expiresAt).toBe("2030-03-20T12:59:59.999Z");
    const mail = lastMail(jane.email, "shortlist_share");
    expect(mail.text).toContain("it works until Mar 20, 2030");
    const token = mail.text.match(/\/s\/([A-Za-z0-9_-]+)/)![1]!;
    const page = await (await t.request(`/s/${token}`)).text();
    expect(page).toContain("this link works until Mar 20, 2030");
    const memberPage = await (await t.request(`/shortlists/${shortlist.id}`, { cookie: u.cookie })).text();
    expect(memberPage).toContain("until Mar 20, 2030");
    expect(memberPage).not.toContain("until 2030-03-20");
  });

  test("billing's dates are the days in the member's zone; the profile dialog is given that zone", async () => {
    expect(trialExpiredMessage(EVENING_UTC.toISOString(), SYDNEY, EVENING_UTC.getTime() + 3_600_000)).toBe("Your free trial expired on Mar 5, 2030. Update your payment method to keep using Frank.");
    const billing = {
      hasSubscription: true,
      subscription: {
        status: "trialing",
        cancelAtPeriodEnd: false,
        trialStart: EVENING_UTC.toISOString(),
        trialEnd: "2030-03-11T20:00:00Z",
        currentPeriodStart: EVENING_UTC.toISOString(),
        currentPeriodEnd: "2030-03-11T20:00:00Z",
        plan: { productName: "Starter", amount: 9700, currency: "usd", interval: "month" },
      },
      invoices: [],
      customer: { id: "cus_1", created: EVENING_UTC.toISOString() },
    } as unknown as BillingResponse;
    const html = renderToString(BillingTab({ enabled: true, timeZone: SYDNEY, billing, onPlans: () => {}, onChanged: () => {} })).replaceAll("<!-- -->", "");
    expect(html).toContain("Customer since Mar 5, 2030");
    expect(html).toContain("Your free trial ends on Mar 12, 2030.");
    const u = await sydneyAgency();
    const dashboard = await (await t.request("/settings", { cookie: u.cookie })).text();
    const props = dashboard.match(/data-island="profile-dialog" data-props="([^"]*)"/)![1]!.replaceAll("&quot;", '"');
    expect(JSON.parse(props).timeZone).toBe(SYDNEY);
  });

  test("an invitation to the team gives its expiry in the workspace's zone", async () => {
    const u = await sydneyAgency();
    expect((await t.request("/api/workspace/invitations", { cookie: u.cookie, json: { email: `new${++n}@example.com`, role: "recruiter" } })).status).toBe(201);
    const mail = lastMail(`new${n}@example.com`);
    // Seven days on: 11 March, 07:00 in Sydney.
    expect(mail.text).toContain("Mar 12, 2030, 7:00 AM GMT+11");
    expect(mail.text).not.toContain("GMT\n");
  });
});
