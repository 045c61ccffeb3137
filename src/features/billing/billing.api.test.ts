import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { billingSubscriptions, mailMessages, stripeEvents, users } from "../../db/schema";
import { makeTestApp } from "../../../test/helpers";
import { billingTestApp, sessionIdOf } from "../../../test/kits/billing";
import { PURCHASE_NOTICE_SUBJECT, WELCOME_SUBJECT } from "./webhook";
import { stripeIdsOfUser } from "./repo";

const { t, stripe, post, checkout } = await billingTestApp();

async function billing(cookie: string) {
  const res = await t.request("/api/auth/billing", { cookie });
  expect(res.status).toBe(200);
  return res.json();
}

/** A signed-in user who has paid a plan; returns the fake's objects and events. */
async function subscribed(plan = "starter") {
  const u = await t.signUp();
  const res = await checkout(u.cookie, plan);
  const { url } = await res.json();
  const done = stripe.completeCheckout(sessionIdOf(url));
  return { u, ...done };
}

describe("checkout", () => {
  test("each plan makes a Checkout Session with the right price, mode and trial", async () => {
    const u = await t.signUp();
    const expected = {
      starter: { amount: 9700, interval: "month", mode: "subscription", trial: "7" },
      pro: { amount: 29700, interval: "month", mode: "subscription", trial: undefined },
      enterprise: { amount: 297000, interval: "month", mode: "subscription", trial: undefined },
      lifetime: { amount: 499700, interval: undefined, mode: "payment", trial: undefined },
    } as const;
    for (const [plan, want] of Object.entries(expected)) {
      const res = await checkout(u.cookie, plan);
      expect(res.status).toBe(200);
      const { url } = await res.json();
      expect(url).toStartWith(`${stripe.url}/checkout/cs_`);
      const session = stripe.sessions.get(sessionIdOf(url))!;
      const price = stripe.prices.get(session.line_items[0].price)!;
      expect(session.mode).toBe(want.mode);
      expect(price.unit_amount).toBe(want.amount);
      expect(price.currency).toBe("usd");
      expect(price.recurring?.interval).toBe(want.interval);
      expect(session.subscription_data?.trial_period_days).toBe(want.trial);
      expect(session.client_reference_id).toBe(String(u.userId));
      expect(session.customer).toStartWith("cus_");
      expect(session.success_url).toBe("http://localhost/dashboard?checkout=success");
    }
    // One customer for the user, reused by every checkout.
    expect(new Set([...stripe.sessions.values()].filter((s) => s.client_reference_id === String(u.userId)).map((s) => s.customer)).size).toBe(1);
  });

  test("prices are found by lookup key, created only when missing", async () => {
    const u = await t.signUp();
    const creates = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/prices").length;
    const before = creates();
    await checkout(u.cookie, "pro");
    // A second app (another process) finds the existing price by lookup key instead of creating it.
    const other = makeTestApp({ STRIPE_SECRET_KEY: "sk_test_frank", STRIPE_API_BASE: stripe.url });
    const o = await other.signUp();
    expect((await other.request("/api/billing/checkout", { json: { plan: "pro" }, cookie: o.cookie })).status).toBe(200);
    expect(creates()).toBe(before);
    expect(stripe.requests.some((r) => r.path === "/v1/prices" && r.method === "GET" && r.params.lookup_keys?.[0] === "frank_pro_monthly_usd")).toBe(true);
    expect([...stripe.prices.values()].filter((p) => p.lookup_key === "frank_pro_monthly_usd").length).toBe(1);
  });

  test("an unknown plan answers 'Plan Not Available'", async () => {
    const u = await t.signUp();
    const res = await checkout(u.cookie, "gold");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("plan_not_available");
    expect(body.message).toBe("The gold plan is not currently available.");
    expect((await checkout(u.cookie, "")).status).toBe(400);
  });

  test("signed out (sign-up from the pricing page), checkout has no customer yet and returns to /pricing", async () => {
    const res = await checkout(undefined, "starter");
    expect(res.status).toBe(200);
    const session = stripe.sessions.get(sessionIdOf((await res.json()).url))!;
    expect(session.customer).toBeNull();
    expect(session.client_reference_id).toBeUndefined();
    expect(session.success_url).toBe("http://localhost/pricing?checkout=success");
  });

  test("the pricing page form answers 303 to Stripe, and renders the plan catalogue", async () => {
    const page = await t.request("/pricing");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Starter", "$97", "Pro", "$297", "Enterprise", "$2,970", "Lifetime Membership", "Start 7-Day Free Trial", 'id="media"']) expect(html).toContain(text);
    expect(html).not.toContain("<script");
    // CSP's form-action also covers the redirect to Stripe's hosted page.
    expect(page.headers.get("content-security-policy")).toContain(`form-action 'self' ${stripe.url}`);
    const res = await t.request("/billing/checkout", { method: "POST", body: new URLSearchParams({ plan: "pro" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toStartWith(`${stripe.url}/checkout/`);
    const bad = await t.request("/billing/checkout", { method: "POST", body: new URLSearchParams({ plan: "gold" }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("The gold plan is not currently available.");
  });
});

describe("webhook", () => {
  test("a bad signature is refused with 400 and changes nothing", async () => {
    const { u, events } = await subscribed();
    const before = t.deps.db.select().from(stripeEvents).all().length;
    for (const ev of events) expect((await post(ev, "whsec_wrong")).status).toBe(400);
    const unsigned = await t.request("/api/stripe/webhook", { method: "POST", body: JSON.stringify(events[0]) });
    expect(unsigned.status).toBe(400);
    // A valid signature over a different body is also refused.
    const { header } = await stripe.sign(events[0]!, "whsec_test_secret");
    const tampered = await t.request("/api/stripe/webhook", { method: "POST", body: JSON.stringify({ ...events[0], id: "evt_other" }), headers: { "stripe-signature": header } });
    expect(tampered.status).toBe(400);
    expect(t.deps.db.select().from(stripeEvents).all().length).toBe(before);
    expect((await billing(u.cookie)).hasSubscription).toBe(false);
  });

  test("the same event twice has one effect", async () => {
    const { u, events } = await subscribed();
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const first = await post(completed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(completed);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(t.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id)).all().length).toBe(1);
    expect(t.deps.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, u.userId)).all().length).toBe(1);
  });

  test("events out of order leave the latest state (the subscription is re-read from Stripe)", async () => {
    const { u, subscription, events } = await subscribed();
    const created = events.find((e) => e.type === "customer.subscription.created")!;
    const updated = stripe.updateSubscription(subscription!.id, { status: "active", trial_end: stripe.now() - 60 });
    // Newest first, then the stale 'created' event whose body still says trialing.
    for (const ev of [updated, created, ...events]) expect((await post(ev)).status).toBe(200);
    const b = await billing(u.cookie);
    expect(b.subscription.status).toBe("active");
    expect(b.hasSubscription).toBe(true);
  });

  test("trial → active → past_due → canceled, as the billing call reports it", async () => {
    const { u, subscription, events } = await subscribed();
    for (const ev of events) await post(ev);
    let b = await billing(u.cookie);
    expect(b.subscription).toMatchObject({ status: "trialing", cancelAtPeriodEnd: false, plan: { productName: "Frank Starter", amount: 9700, currency: "usd", interval: "month" } });
    expect(new Date(b.subscription.trialEnd).getTime() - new Date(b.subscription.trialStart).getTime()).toBe(7 * 86_400_000);
    expect(b.hasSubscription).toBe(true);
    const me = await (await t.request("/api/auth/me", { cookie: u.cookie })).json();
    expect(me.user.stripeSubscriptionId).toBe(subscription!.id);
    expect(me.user.stripeCustomerId).toStartWith("cus_");

    await post(stripe.updateSubscription(subscription!.id, { status: "active" }));
    await post(stripe.invoiceFor(subscription!.id, true));
    b = await billing(u.cookie);
    expect(b.subscription.status).toBe("active");
    expect(b.invoices[0]).toMatchObject({ status: "paid", amount: 9700, currency: "usd" });
    expect(b.invoices[0].invoiceUrl).toStartWith(`${stripe.url}/invoice/`);

    await post(stripe.updateSubscription(subscription!.id, { status: "past_due" }));
    await post(stripe.invoiceFor(subscription!.id, false));
    b = await billing(u.cookie);
    expect(b.subscription.status).toBe("past_due");
    expect(b.invoices[0].status).toBe("open");

    await post(stripe.updateSubscription(subscription!.id, { cancel_at_period_end: true }));
    expect((await billing(u.cookie)).subscription.cancelAtPeriodEnd).toBe(true);

    await post(stripe.updateSubscription(subscription!.id, { status: "canceled" }));
    b = await billing(u.cookie);
    expect(b.subscription.status).toBe("canceled");
    expect(b.hasSubscription).toBe(false);
    const after = await (await t.request("/api/auth/me", { cookie: u.cookie })).json();
    expect(after.user.stripeSubscriptionId).toBeNull();
  });

  test("a paid lifetime membership counts as a subscription", async () => {
    const { u, events } = await subscribed("lifetime");
    for (const ev of events) await post(ev);
    const b = await billing(u.cookie);
    expect(b.hasSubscription).toBe(true);
    expect(b.subscription).toMatchObject({ status: "active", plan: { amount: 499700, interval: null, productName: "Frank Lifetime Membership" } });
  });
});

describe("sign-up through payment", () => {
  test("a completed checkout for a new e-mail creates the account and e-mails a link to set the password", async () => {
    const res = await checkout(undefined, "starter");
    const { events, subscription } = stripe.completeCheckout(sessionIdOf((await res.json()).url), { email: "New.Buyer@Example.com", name: "Nora Buyer" });
    const mailsBefore = t.deps.db.select().from(mailMessages).all().length;
    // Subscription and invoice events first (no account yet), the completed checkout last, and again.
    const completed = events.at(-1)!;
    for (const ev of [...events, completed]) expect((await post(ev)).status).toBe(200);

    const user = t.deps.db.select().from(users).where(eq(users.email, "new.buyer@example.com")).get()!;
    expect(user).toBeDefined();
    expect(user.name).toBe("Nora Buyer");
    const ids = stripeIdsOfUser(t.deps.db, user.id);
    expect(ids.stripeSubscriptionId).toBe(subscription!.id);
    const mails = t.deps.db.select().from(mailMessages).all().slice(mailsBefore);
    expect(mails.length).toBe(1);
    expect(mails[0]!.subject).toBe(WELCOME_SUBJECT);
    expect(mails[0]!.to).toBe("new.buyer@example.com");
    const token = decodeURIComponent(mails[0]!.text.match(/reset-password\?token=([A-Za-z0-9_%-]+)/)![1]!);

    // The link opens a page titled for a first password, not "Reset password".
    const link = mails[0]!.text.match(/https?:\/\/\S*\/reset-password\?[^\s)\]]+/)![0]!;
    const page = await (await t.request(new URL(link).pathname + new URL(link).search)).text();
    expect(page).toContain("<title>Set your password · Frank</title>");
    expect(page).toContain(">Set your password<");
    expect(page).not.toContain("Reset password");

    const reset = await t.request("/api/auth/reset-password", { json: { token, password: "my-first-password", confirmPassword: "my-first-password" } });
    expect(reset.status).toBe(200);
    const cookie = await t.login("new.buyer@example.com", "my-first-password");
    const b = await billing(cookie);
    expect(b.hasSubscription).toBe(true);
    expect(b.subscription.status).toBe("trialing");
    expect(b.invoices.length).toBe(1);
    expect(b.customer.id).toBe(ids.stripeCustomerId);
    const me = await (await t.request("/api/auth/me", { cookie })).json();
    expect(me.user).toEqual({ name: "Nora Buyer", email: "new.buyer@example.com", timeZone: "UTC", stripeCustomerId: b.customer.id, stripeSubscriptionId: subscription!.id });
  });

  test("paying signed out with the e-mail of an existing account links nothing to it and e-mails its owner", async () => {
    const u = await t.signUp();
    const res = await checkout(undefined, "pro");
    const { events } = stripe.completeCheckout(sessionIdOf((await res.json()).url), { email: u.email });
    const countBefore = t.deps.db.select().from(users).all().length;
    const mailsBefore = t.deps.db.select().from(mailMessages).all().length;
    for (const ev of events) expect((await post(ev)).status).toBe(200);
    // Stripe delivers an event again when it is unsure: the owner is told once.
    for (const ev of events) expect((await post(ev)).status).toBe(200);
    expect(t.deps.db.select().from(users).all().length).toBe(countBefore);
    const b = await billing(u.cookie);
    expect(b.hasSubscription).toBe(false);
    expect(b.customer).toBeNull();
    expect(stripeIdsOfUser(t.deps.db, u.userId)).toEqual({ stripeCustomerId: null, stripeSubscriptionId: null });
    expect((await (await t.request("/api/auth/me", { cookie: u.cookie })).json()).user).toMatchObject({ stripeCustomerId: null, stripeSubscriptionId: null });
    const mails = t.deps.db.select().from(mailMessages).all().slice(mailsBefore);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[u.email, PURCHASE_NOTICE_SUBJECT]]);
  });

  test("an event dated in the future is refused (issue 15 item 10)", async () => {
    const u = await t.signUp();
    const res = await checkout(u.cookie, "pro");
    const { events } = stripe.completeCheckout(sessionIdOf((await res.json()).url), { email: u.email });
    const future = { ...events.at(-1)!, id: "evt_future_1", created: Math.floor(t.clock.now().getTime() / 1000) + 86_400 };
    const refused = await post(future);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("Event is dated in the future");
  });

  test("a signed-in buyer's checkout links to that account", async () => {
    const u = await t.signUp();
    const res = await checkout(u.cookie, "pro");
    const { events } = stripe.completeCheckout(sessionIdOf((await res.json()).url), { email: "someone-else@example.com" });
    for (const ev of events) expect((await post(ev)).status).toBe(200);
    expect((await billing(u.cookie)).subscription.status).toBe("active");
  });
});

describe("billing without Stripe configured", () => {
  const off = makeTestApp();
  test("billing says it is off, checkout and webhook answer 503", async () => {
    const u = await off.signUp();
    const b = await (await off.request("/api/auth/billing", { cookie: u.cookie })).json();
    expect(b).toEqual({ enabled: false, hasSubscription: false, trialAvailable: true, subscription: null, invoices: [], customer: null });
    const res = await off.request("/api/billing/checkout", { json: { plan: "starter" }, cookie: u.cookie });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe("Billing is not configured on this server.");
    expect((await off.request("/api/stripe/webhook", { method: "POST", body: "{}" })).status).toBe(503);
  });

  test("billing and profile calls need a session (401 JSON)", async () => {
    expect((await off.request("/api/auth/billing")).status).toBe(401);
    expect((await off.request("/api/auth/profile")).status).toBe(401);
  });
});
