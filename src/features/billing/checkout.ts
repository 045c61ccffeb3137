import type { BillingDeps } from "./needs";
import type { users } from "../../db/schema";
import { AppError, tooManyRequests } from "../../lib/errors";
import { findPlan, planNotAvailable, type Plan } from "./plans";
import { retryOnBusy, sqliteCode } from "../../db/busy";
import * as repo from "./repo";
import * as stripe from "./stripe";

type User = typeof users.$inferSelect;

export function planNotAvailableError(plan: string) {
  return new AppError("plan_not_available", 400, planNotAvailable(plan).description, { plan: planNotAvailable(plan).description });
}

export const ALREADY_SUBSCRIBED = "You already have a subscription. Change your plan from the Plans tab instead of checking out again.";
export const LIFETIME_MEMBER = "You have a lifetime membership: there is no plan to buy.";

/** 409 when the account already has a live subscription (active, trialing, past_due) or a lifetime membership. */
function refuseSecondPurchase(deps: BillingDeps, user: User) {
  const cur = repo.currentSubscription(repo.subscriptionsOfUser(deps.db, user.id));
  if (!cur || !repo.LIVE_STATUSES.has(cur.status)) return;
  if (cur.kind === "lifetime") throw new AppError("lifetime_member", 409, LIFETIME_MEMBER);
  throw new AppError("already_subscribed", 409, ALREADY_SUBSCRIBED);
}

/**
 * POST /api/billing/checkout: a Stripe Checkout Session for one plan of the catalogue.
 * A signed-in user gets (or reuses) a Stripe customer tied to the account; a visitor
 * from the pricing page pays first and gets the account from the webhook.
 */
export async function startCheckout(deps: BillingDeps, planId: string, user: User | null, ip: string): Promise<{ url: string; id: string }> {
  const plan = findPlan(planId);
  if (!plan) throw planNotAvailableError(planId);
  if (!stripe.billingEnabled(deps)) throw stripe.billingOff();
  if (!user) {
    const hit = deps.checkoutLimiter.hit(ip);
    if (!hit.ok) throw tooManyRequests(hit.retryAfter);
  }
  // One subscription per account: a second checkout would charge twice (part1 §4).
  if (user) refuseSecondPurchase(deps, user);
  // Stripe down, slow or hanging: a clear 503 within the deadline, never a generic 500.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(stripe.paymentUnavailable()), stripe.CHECKOUT_DEADLINE_MS)));
  try {
    return await Promise.race([checkoutWithStripe(deps, plan, user), deadline]);
  } catch (e) {
    if (sqliteCode(e)) throw e; // the database's own trouble (a full disk is a 507)
    if (e instanceof AppError) {
      if (e.code === "payment_unavailable") deps.log.error("stripe did not answer in time", { plan: plan.id });
      throw e;
    }
    deps.log.error("stripe checkout failed", { plan: plan.id, error: e instanceof Error ? e.message : String(e) });
    if (stripe.providerDown(e)) throw stripe.paymentUnavailable();
    throw new AppError("checkout_failed", 502, "Checkout could not be started, please try again");
  } finally {
    clearTimeout(timer);
  }
}

async function checkoutWithStripe(deps: BillingDeps, plan: Plan, user: User | null): Promise<{ url: string; id: string }> {
  const app = deps.config.APP_URL;
  let price: string;
  try {
    price = await stripe.priceFor(deps, plan);
  } catch (e) {
    if (stripe.providerDown(e)) throw e;
    deps.log.error("stripe price lookup failed", { plan: plan.id, error: e instanceof Error ? e.message : String(e) });
    throw planNotAvailableError(plan.id);
  }
  let customerId: string | null = null;
  let trialUsed = false;
  if (user) {
    customerId = repo.stripeIdsOfUser(deps.db, user.id).stripeCustomerId;
    if (!customerId) {
      const c = await stripe.createCustomer(deps, { email: user.email, name: user.name, userId: user.id });
      // The customer exists at Stripe now: wait for the write lock rather than make another one.
      const link = { stripeCustomerId: c.id, userId: user.id, workspaceId: user.workspaceId, email: user.email, created: c.created };
      await retryOnBusy(deps.db.$client, () => deps.db.transaction(() => repo.linkCustomer(deps.db, link), { behavior: "immediate" }));
      customerId = c.id;
    } else {
      // Stripe is the source of truth: a payment made a moment ago may not have reached us
      // as a webhook yet. Refuse on its word too, and give the trial only once.
      const seen = await stripe.customerSubscriptions(deps, customerId).catch(() => null);
      if (seen?.live) throw new AppError("already_subscribed", 409, ALREADY_SUBSCRIBED);
      if (seen?.hadTrial) trialUsed = true;
      // One payable page at a time: an earlier, still open Checkout of this customer would
      // start a second subscription if paid in another tab.
      await stripe.expireOpenCheckouts(deps, customerId).catch((e) => deps.log.error("stripe: expiring open checkouts failed", { error: e instanceof Error ? e.message : String(e) }));
    }
  }
  const back = user ? `${app}/dashboard` : `${app}/pricing`;
  return stripe.createCheckoutSession(deps, {
    plan,
    price,
    customerId,
    userId: user?.id ?? null,
    trial: !user || (!trialUsed && !repo.hadTrial(deps.db, user.id, customerId)),
    successUrl: `${back}?checkout=success`,
    cancelUrl: `${back}?checkout=cancelled`,
  });
}
