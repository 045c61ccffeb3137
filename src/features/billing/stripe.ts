import type Stripe from "stripe";
import type { BillingDeps } from "./needs";
import { AppError } from "../../lib/errors";
import { markOutsideEffect } from "../../db/busy";
import type { Plan } from "./plans";
import { PLANS } from "./plans";

/**
 * The one file that talks to Stripe, through the official SDK. STRIPE_API_BASE points
 * the SDK at another server (tests use test/fakes/stripe.ts). Under Bun the SDK is its
 * worker build, so webhook signatures are checked with the async (SubtleCrypto) calls.
 */

/**
 * Stripe must never hold a person: each request gives up after STRIPE_TIMEOUT_MS and is
 * tried once more (the SDK adds an idempotency key, so a retried POST makes one object),
 * and a whole checkout gives up after CHECKOUT_DEADLINE_MS with a 503.
 */
const STRIPE_TIMEOUT_MS = 3_000;
const STRIPE_RETRIES = 1;
export const CHECKOUT_DEADLINE_MS = 9_000;
export const PAYMENT_UNAVAILABLE = "Payment provider unavailable, please try again";
export const paymentUnavailable = () => new AppError("payment_unavailable", 503, PAYMENT_UNAVAILABLE);

/** Stripe could not be reached, timed out, or failed on its side (not: it refused what we asked). */
export function providerDown(e: unknown): boolean {
  const x = e as { type?: string; statusCode?: number } | null;
  if (!x) return false;
  return x.type === "StripeConnectionError" || x.type === "StripeAPIError" || x.type === "StripeRateLimitError" || (x.statusCode ?? 0) >= 500;
}

export function billingEnabled(deps: BillingDeps): boolean {
  return !!deps.config.STRIPE_SECRET_KEY;
}

export const billingOff = () => new AppError("billing_not_configured", 503, "Billing is not configured on this server.");

// The SDK is loaded on first use, keeping it off the cold start.
let sdk: Promise<typeof import("stripe").default> | null = null;

async function stripeClient(deps: BillingDeps): Promise<Stripe> {
  const key = deps.config.STRIPE_SECRET_KEY;
  if (!key) throw billingOff();
  deps.stripe.client ??= (sdk ??= import("stripe").then((m) => m.default)).then((StripeSdk) => {
    const opts: Stripe.StripeConfig = { maxNetworkRetries: STRIPE_RETRIES, timeout: STRIPE_TIMEOUT_MS, telemetry: false, appInfo: { name: "Frank" } };
    const base = deps.config.STRIPE_API_BASE;
    if (base) {
      const u = new URL(base);
      opts.host = u.hostname;
      opts.protocol = u.protocol === "http:" ? "http" : "https";
      opts.port = Number(u.port || (u.protocol === "http:" ? 80 : 443));
    }
    return new StripeSdk(key, opts);
  });
  return deps.stripe.client;
}

/** Checks the signature on the raw body; a bad one is a 400 and changes nothing. */
export async function verifyWebhook(deps: BillingDeps, raw: string, signature: string | null): Promise<Stripe.Event> {
  const secret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError("billing_not_configured", 503, "Stripe webhooks are not configured on this server.");
  if (!signature) throw new AppError("invalid_signature", 400, "Missing Stripe-Signature header");
  try {
    return await (await stripeClient(deps)).webhooks.constructEventAsync(raw, signature, secret);
  } catch {
    throw new AppError("invalid_signature", 400, "Invalid Stripe signature");
  }
}

/** The Price of a plan, found by lookup key and created (with its product) when missing. */
export async function priceFor(deps: BillingDeps, plan: Plan): Promise<string> {
  const cache = deps.stripe.priceIds;
  const cached = cache.get(plan.lookupKey);
  if (cached) return cached;
  const stripe = await stripeClient(deps);
  const found = await stripe.prices.list({ lookup_keys: [plan.lookupKey], active: true, limit: 1 });
  let id = found.data[0]?.id;
  if (!id) {
    markOutsideEffect();
    const created = await stripe.prices.create({
      currency: "usd",
      unit_amount: plan.price * 100,
      lookup_key: plan.lookupKey,
      ...(plan.interval ? { recurring: { interval: plan.interval } } : {}),
      product_data: { name: `Frank ${plan.name}`, metadata: { plan: plan.id } },
      metadata: { plan: plan.id },
    });
    id = created.id;
  }
  cache.set(plan.lookupKey, id);
  return id;
}

export async function createCustomer(deps: BillingDeps, input: { email: string; name: string | null; userId: number }) {
  markOutsideEffect();
  const c = await (
    await stripeClient(deps)
  ).customers.create({
    email: input.email,
    name: input.name ?? undefined,
    metadata: { userId: String(input.userId) },
  });
  return { id: c.id, created: new Date(c.created * 1000) };
}

export async function createCheckoutSession(
  deps: BillingDeps,
  input: { plan: Plan; price: string; customerId: string | null; userId: number | null; successUrl: string; cancelUrl: string; trial: boolean },
): Promise<{ id: string; url: string }> {
  const { plan } = input;
  const metadata: Record<string, string> = { plan: plan.id, ...(input.userId ? { userId: String(input.userId) } : {}) };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: plan.interval ? "subscription" : "payment",
    line_items: [{ price: input.price, quantity: 1 }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    metadata,
    ...(input.userId ? { client_reference_id: String(input.userId) } : {}),
    ...(input.customerId ? { customer: input.customerId } : {}),
  };
  if (plan.interval) {
    params.subscription_data = { metadata, ...(plan.trialDays && input.trial ? { trial_period_days: plan.trialDays } : {}) };
  } else {
    // A one-time payment makes no customer unless asked; the webhook needs one to link the account.
    if (!input.customerId) params.customer_creation = "always";
    // …nor an invoice: ask for one, so the lifetime purchase has a receipt in the Billing tab.
    params.invoice_creation = { enabled: true, invoice_data: { metadata } };
  }
  markOutsideEffect();
  const s = await (await stripeClient(deps)).checkout.sessions.create(params);
  if (!s.url) throw new AppError("checkout_failed", 502, "Stripe did not return a checkout URL");
  return { id: s.id, url: s.url };
}

export const retrieveSession = async (deps: BillingDeps, id: string) => (await stripeClient(deps)).checkout.sessions.retrieve(id);
export const retrieveCustomer = async (deps: BillingDeps, id: string) => (await stripeClient(deps)).customers.retrieve(id);
export const retrieveInvoice = async (deps: BillingDeps, id: string) => (await stripeClient(deps)).invoices.retrieve(id);
export const retrieveSubscription = async (deps: BillingDeps, id: string) => (await stripeClient(deps)).subscriptions.retrieve(id, { expand: ["items.data.price.product"] });

// ---- Stripe objects → the rows we keep -------------------------------------------------

export const idOf = (v: string | { id: string } | null | undefined): string | null => (v == null ? null : typeof v === "string" ? v : v.id);
const date = (unix: number | null | undefined) => (unix ? new Date(unix * 1000) : null);

export interface SubscriptionState {
  stripeId: string;
  kind: "subscription" | "lifetime";
  stripeCustomerId: string;
  planId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  productName: string | null;
  amount: number | null;
  currency: string | null;
  interval: string | null;
  created: Date | null;
  receiptUrl?: string | null;
}

const planByLookup = (key: string | null | undefined) => PLANS.find((p) => p.lookupKey === key);

export function subscriptionState(sub: Stripe.Subscription): SubscriptionState {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const price = item?.price;
  const product = price && typeof price.product === "object" && !("deleted" in price.product && price.product.deleted) ? (price.product as Stripe.Product) : null;
  // Older API versions kept the period on the subscription itself.
  const legacy = sub as unknown as { current_period_start?: number; current_period_end?: number };
  const plan = planByLookup(price?.lookup_key) ?? PLANS.find((p) => p.id === (sub.metadata?.plan ?? price?.metadata?.plan));
  return {
    stripeId: sub.id,
    kind: "subscription",
    stripeCustomerId: idOf(sub.customer)!,
    planId: plan?.id ?? null,
    status: sub.status,
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    trialStart: date(sub.trial_start),
    trialEnd: date(sub.trial_end),
    currentPeriodStart: date(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: date(item?.current_period_end ?? legacy.current_period_end),
    productName: product?.name ?? (plan ? `Frank ${plan.name}` : null),
    amount: price?.unit_amount ?? null,
    currency: price?.currency ?? null,
    interval: price?.recurring?.interval ?? null,
    created: date(sub.created),
  };
}

/** A paid one-time Checkout Session (the lifetime membership) kept like a subscription. */
export function lifetimeState(session: Stripe.Checkout.Session, customerId: string): SubscriptionState {
  const plan = PLANS.find((p) => p.id === "lifetime")!;
  return {
    stripeId: session.id,
    kind: "lifetime",
    stripeCustomerId: customerId,
    planId: plan.id,
    status: "active",
    cancelAtPeriodEnd: false,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: date(session.created),
    currentPeriodEnd: null,
    productName: `Frank ${plan.name}`,
    amount: session.amount_total ?? plan.price * 100,
    currency: session.currency ?? "usd",
    interval: null,
    created: date(session.created),
  };
}

export interface InvoiceState {
  stripeInvoiceId: string;
  stripeCustomerId: string;
  subscriptionId: string | null;
  number: string | null;
  status: string | null;
  created: Date | null;
  paidAt: Date | null;
  amount: number;
  currency: string;
  invoiceUrl: string | null;
}

export function invoiceState(inv: Stripe.Invoice): InvoiceState {
  // Newer API versions moved the subscription under parent.subscription_details.
  const legacy = inv as unknown as { subscription?: string | { id: string } | null };
  const sub = inv.parent?.subscription_details?.subscription ?? legacy.subscription ?? null;
  return {
    stripeInvoiceId: inv.id!,
    stripeCustomerId: idOf(inv.customer)!,
    subscriptionId: idOf(sub as string | { id: string } | null),
    number: inv.number ?? null,
    status: inv.status ?? null,
    created: date(inv.created),
    paidAt: date(inv.status_transitions?.paid_at),
    amount: inv.status === "paid" ? inv.amount_paid : inv.amount_due,
    currency: inv.currency,
    invoiceUrl: inv.hosted_invoice_url ?? null,
  };
}

/** What Stripe knows of a customer's subscriptions: a live one, and whether any had a trial. */
export async function customerSubscriptions(deps: BillingDeps, customerId: string): Promise<{ live: boolean; hadTrial: boolean }> {
  const list = await (await stripeClient(deps)).subscriptions.list({ customer: customerId, status: "all", limit: 20 });
  return {
    live: list.data.some((s) => s.status === "active" || s.status === "trialing" || s.status === "past_due"),
    hadTrial: list.data.some((s) => !!s.trial_start),
  };
}

/** Expires the customer's open Checkout Sessions, so only the newest one can be paid. */
export async function expireOpenCheckouts(deps: BillingDeps, customerId: string) {
  const client = await stripeClient(deps);
  const open = await client.checkout.sessions.list({ customer: customerId, status: "open", limit: 20 });
  for (const s of open.data) await client.checkout.sessions.expire(s.id);
}

// ---- plan changes and the customer portal ----------------------------------------------

/** Moves a subscription to another price; Stripe prorates the difference on the next invoice. */
export async function changeSubscriptionPrice(deps: BillingDeps, subscriptionId: string, price: string, plan: Plan) {
  const client = await stripeClient(deps);
  const current = await client.subscriptions.retrieve(subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new AppError("plan_change_failed", 502, "Stripe returned a subscription without items");
  await client.subscriptions.update(subscriptionId, {
    items: [{ id: item.id, price }],
    proration_behavior: "create_prorations",
    metadata: { ...current.metadata, plan: plan.id },
  });
  return retrieveSubscription(deps, subscriptionId);
}

/** Undoes a cancel-at-period-end made in the portal. */
export async function resumeSubscription(deps: BillingDeps, subscriptionId: string) {
  await (await stripeClient(deps)).subscriptions.update(subscriptionId, { cancel_at_period_end: false });
  return retrieveSubscription(deps, subscriptionId);
}

export type { PortalFlow } from "./stripe-flows";
import type { PortalFlow } from "./stripe-flows";

/** A Stripe customer portal session (card, cancel, invoices) that returns to the dashboard. */
export async function createPortalSession(deps: BillingDeps, input: { customerId: string; returnUrl: string; flow?: PortalFlow; subscriptionId?: string | null }) {
  const params: Stripe.BillingPortal.SessionCreateParams = { customer: input.customerId, return_url: input.returnUrl };
  if (input.flow === "payment_method_update") params.flow_data = { type: "payment_method_update" };
  if (input.flow === "subscription_cancel" && input.subscriptionId) {
    params.flow_data = { type: "subscription_cancel", subscription_cancel: { subscription: input.subscriptionId } };
  }
  const s = await (await stripeClient(deps)).billingPortal.sessions.create(params);
  return { id: s.id, url: s.url };
}
