import { describe, expect, test } from "bun:test";
import { billingTestApp, sessionIdOf } from "../../../test/kits/billing";
import { ALREADY_SUBSCRIBED, LIFETIME_MEMBER } from "./checkout";

// One subscription per account, plan changes, the customer portal and the server's gate,
// against the Stripe fake (issue 16).
const { t, stripe, post, checkout } = await billingTestApp();

async function paid(plan: string) {
  const u = await t.signUp();
  const { url } = await (await checkout(u.cookie, plan)).json();
  const done = stripe.completeCheckout(sessionIdOf(url));
  for (const ev of done.events) expect((await post(ev)).status).toBe(200);
  return { u, ...done };
}

const billing = async (cookie: string) => (await t.request("/api/auth/billing", { cookie })).json();

describe("one subscription per account", () => {
  test("a second checkout is refused with 409 while active, trialing or past_due", async () => {
    for (const [plan, status] of [
      ["pro", "active"],
      ["starter", "trialing"],
      ["pro", "past_due"],
    ] as const) {
      const { u, subscription } = await paid(plan);
      if (status === "past_due") await post(stripe.updateSubscription(subscription!.id, { status: "past_due" }));
      expect((await billing(u.cookie)).subscription.status).toBe(status);
      const before = stripe.sessions.size;
      const res = await checkout(u.cookie, "starter");
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(ALREADY_SUBSCRIBED);
      expect(stripe.sessions.size).toBe(before);
    }
  });

  test("after the subscription ends, checkout works again, without a second trial", async () => {
    const { u, subscription } = await paid("starter");
    expect(subscription!.status).toBe("trialing");
    await post(stripe.updateSubscription(subscription!.id, { status: "canceled" }));
    const res = await checkout(u.cookie, "starter");
    expect(res.status).toBe(200);
    const session = stripe.sessions.get(sessionIdOf((await res.json()).url))!;
    expect(session.subscription_data?.trial_period_days).toBeUndefined();
  });

  test("Stripe's word counts before the webhook arrives; an earlier open checkout is expired", async () => {
    const u = await t.signUp();
    const first = sessionIdOf((await (await checkout(u.cookie, "pro")).json()).url);
    const second = sessionIdOf((await (await checkout(u.cookie, "enterprise")).json()).url);
    expect(stripe.sessions.get(first)!.status).toBe("expired");
    expect(stripe.sessions.get(second)!.status).toBe("open");
    // Paid, but no webhook delivered yet: the mirror knows nothing, Stripe does.
    stripe.completeCheckout(second);
    const res = await checkout(u.cookie, "starter");
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(ALREADY_SUBSCRIBED);
  });

  test("a first Starter checkout has the trial", async () => {
    const u = await t.signUp();
    const session = stripe.sessions.get(sessionIdOf((await (await checkout(u.cookie, "starter")).json()).url))!;
    expect(session.subscription_data?.trial_period_days).toBe("7");
  });

  test("a lifetime member is offered no plan and gets a receipt", async () => {
    const { u, invoice } = await paid("lifetime");
    expect(invoice?.hosted_invoice_url).toBeTruthy();
    const b = await billing(u.cookie);
    expect(b.hasSubscription).toBe(true);
    expect(b.subscription.kind).toBe("lifetime");
    expect(b.subscription.planId).toBe("lifetime");
    expect(b.subscription.receiptUrl).toBe(invoice!.hosted_invoice_url);
    const res = await checkout(u.cookie, "pro");
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(LIFETIME_MEMBER);
    expect((await t.request("/api/billing/change-plan", { json: { plan: "pro" }, cookie: u.cookie })).status).toBe(409);
  });
});

describe("plan change", () => {
  test("goes through the Stripe subscription update with proration", async () => {
    const { u, subscription } = await paid("pro");
    const res = await t.request("/api/billing/change-plan", { json: { plan: "enterprise" }, cookie: u.cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.subscription.planId).toBe("enterprise");
    expect(body.subscription.plan.amount).toBe(297000);
    const update = stripe.requests.filter((r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription!.id}`).pop()!;
    expect(update.params.proration_behavior).toBe("create_prorations");
    expect(update.params.items[0].id).toBe(subscription!.items.data[0].id);
    // The same through PUT /api/billing/subscription.
    const back = await t.request("/api/billing/subscription", { method: "PUT", json: { plan: "pro" }, cookie: u.cookie });
    expect((await back.json()).subscription.planId).toBe("pro");
    // Still one subscription at Stripe.
    expect([...stripe.subscriptions.values()].filter((s) => s.customer === subscription!.customer)).toHaveLength(1);
  });

  test("refuses the current plan, an unknown plan and an account without subscription", async () => {
    const { u } = await paid("pro");
    expect((await t.request("/api/billing/change-plan", { json: { plan: "pro" }, cookie: u.cookie })).status).toBe(409);
    expect((await t.request("/api/billing/change-plan", { json: { plan: "gold" }, cookie: u.cookie })).status).toBe(400);
    const none = await t.signUp();
    expect((await t.request("/api/billing/change-plan", { json: { plan: "pro" }, cookie: none.cookie })).status).toBe(409);
  });
});

describe("customer portal", () => {
  test("a portal session for the customer returns to the dashboard", async () => {
    const { u, subscription } = await paid("pro");
    const res = await t.request("/api/billing/portal", { json: {}, cookie: u.cookie });
    expect(res.status).toBe(200);
    const { url } = await res.json();
    const ps = stripe.portalSessions.at(-1)!;
    expect(url).toBe(ps.url);
    expect(ps.customer).toBe(subscription!.customer);
    expect(ps.return_url).toBe("http://localhost/dashboard?portal=return");
    // Update Payment Method and Cancel subscription open the portal's own flows.
    await t.request("/api/billing/portal", { json: { flow: "payment_method_update" }, cookie: u.cookie });
    expect(stripe.portalSessions.at(-1)!.flow.type).toBe("payment_method_update");
    await t.request("/api/billing/portal", { json: { flow: "subscription_cancel" }, cookie: u.cookie });
    expect(stripe.portalSessions.at(-1)!.flow.subscription_cancel.subscription).toBe(subscription!.id);
    expect((await t.request("/api/billing/portal", { json: { flow: "refund" }, cookie: u.cookie })).status).toBe(400);
  });

  test("without a Stripe customer the portal answers 409", async () => {
    const u = await t.signUp();
    expect((await t.request("/api/billing/portal", { json: {}, cookie: u.cookie })).status).toBe(409);
  });

  test("cancel at period end shows in billing, and resume undoes it", async () => {
    const { u, subscription } = await paid("pro");
    await post(stripe.updateSubscription(subscription!.id, { cancel_at_period_end: true }));
    expect((await billing(u.cookie)).subscription.cancelAtPeriodEnd).toBe(true);
    const res = await t.request("/api/billing/resume", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).subscription.cancelAtPeriodEnd).toBe(false);
    expect(stripe.subscriptions.get(subscription!.id)!.cancel_at_period_end).toBe(false);
    expect((await t.request("/api/billing/resume", { method: "POST", cookie: u.cookie })).status).toBe(409);
  });
});

describe("the server's subscription gate", () => {
  test("without a subscription APIs and pages answer 402; profile, billing, checkout, portal, logout pass", async () => {
    const u = await t.signUp();
    for (const path of ["/api/jobs", "/api/calendar/status", "/api/participants"]) {
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status).toBe(402);
      expect(await res.json()).toMatchObject({ message: "Subscription Required" });
    }
    for (const path of ["/dashboard", "/chat", "/ical-manager"]) {
      const res = await t.request(path, { cookie: u.cookie });
      expect(res.status).toBe(402);
      const html = await res.text();
      expect(html).toContain("Subscription Required");
      expect(html).toContain('data-testid="profile-dialog"');
    }
    expect((await t.request("/api/auth/profile", { cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/auth/me", { cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/auth/billing", { cookie: u.cookie })).status).toBe(200);
    expect((await checkout(u.cookie, "pro")).status).toBe(200);
    expect((await t.request("/api/billing/portal", { json: {}, cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/auth/logout", { method: "POST", cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/api/auth/profile", { cookie: u.cookie })).status).toBe(401);
  });

  test("with a subscription everything passes", async () => {
    const { u } = await paid("pro");
    expect((await t.request("/api/jobs", { cookie: u.cookie })).status).toBe(200);
    expect((await t.request("/dashboard", { cookie: u.cookie })).status).toBe(200);
  });
});
