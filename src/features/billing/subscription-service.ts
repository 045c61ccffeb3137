import type { Deps } from "../../deps";
import type { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { findPlan } from "./plans";
import { planNotAvailableError } from "./checkout";
import * as repo from "./repo";
import { recordEvent } from "../events/record";
import * as stripe from "./stripe";
import { getBilling } from "./service";
import type { BillingResponse } from "./types";

type User = typeof users.$inferSelect;

// Changes to the one subscription an account has: a plan change (Stripe prorates it), the
// customer portal (card, cancel, invoices) and undoing a cancel-at-period-end. Each answers
// with the billing state, written from what Stripe returns so the tab shows it at once;
// the webhook that follows writes the same state again.

function liveSubscription(deps: Deps, user: User): repo.SubscriptionRow {
  const cur = repo.currentSubscription(repo.subscriptionsOfUser(deps.db, user.id));
  if (!cur || !repo.LIVE_STATUSES.has(cur.status)) throw new AppError("no_subscription", 409, "You have no subscription to change. Choose a plan to subscribe.");
  return cur;
}

/** The subscription as Stripe now has it, and the member's change in the activity log, in one transaction. */
function store(deps: Deps, state: stripe.SubscriptionState, user: User, kind: string, summary: string) {
  deps.db.transaction((tx) => {
    repo.upsertSubscription(tx, state);
    recordEvent(deps, tx, { workspaceId: user.workspaceId, actor: { userId: user.id }, subject: { type: "billing", id: null }, kind, summary });
  });
}

async function stripeCall<T>(deps: Deps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (e instanceof AppError) throw e;
    deps.log.error(`stripe ${what} failed`, { error: e instanceof Error ? e.message : String(e) });
    throw new AppError("stripe_unavailable", 502, "Stripe could not be reached. Please try again.");
  }
}

/** POST /api/billing/change-plan: the live subscription moves to another monthly plan, with proration. */
export async function changePlan(deps: Deps, user: User, planId: string): Promise<BillingResponse> {
  const plan = findPlan(planId);
  if (!plan) throw planNotAvailableError(planId);
  if (!stripe.billingEnabled(deps)) throw stripe.billingOff();
  const cur = liveSubscription(deps, user);
  if (cur.kind === "lifetime") throw new AppError("lifetime_member", 409, "You have a lifetime membership: there is no plan to change.");
  if (!plan.interval) throw new AppError("plan_change_refused", 409, "Cancel your subscription before buying the lifetime membership.");
  if (cur.planId === plan.id) throw new AppError("same_plan", 409, `You are already on the ${plan.name} plan.`);
  const price = await stripeCall(deps, "price lookup", () => stripe.priceFor(deps, plan));
  const sub = await stripeCall(deps, "plan change", () => stripe.changeSubscriptionPrice(deps, cur.stripeId, price, plan));
  store(deps, stripe.subscriptionState(sub), user, "billing.plan_changed", `${cur.planId ?? "?"} → ${plan.id}`);
  return getBilling(deps, user);
}

/** POST /api/billing/resume: keeps a subscription that was set to cancel at the period's end. */
export async function resumeSubscription(deps: Deps, user: User): Promise<BillingResponse> {
  if (!stripe.billingEnabled(deps)) throw stripe.billingOff();
  const cur = liveSubscription(deps, user);
  if (cur.kind !== "subscription" || !cur.cancelAtPeriodEnd) throw new AppError("not_cancelling", 409, "Your subscription is not set to cancel.");
  const sub = await stripeCall(deps, "resume", () => stripe.resumeSubscription(deps, cur.stripeId));
  store(deps, stripe.subscriptionState(sub), user, "billing.resumed", "Subscription kept");
  return getBilling(deps, user);
}

/** POST /api/billing/portal: a Stripe customer portal session that returns to the dashboard. */
export async function openPortal(deps: Deps, user: User, flow: stripe.PortalFlow | undefined): Promise<{ url: string }> {
  if (!stripe.billingEnabled(deps)) throw stripe.billingOff();
  const customerId = repo.stripeIdsOfUser(deps.db, user.id).stripeCustomerId;
  if (!customerId) throw new AppError("no_customer", 409, "There is no billing account yet. Choose a plan first.");
  const cur = repo.currentSubscription(repo.subscriptionsOfUser(deps.db, user.id));
  const subscriptionId = cur?.kind === "subscription" && repo.LIVE_STATUSES.has(cur.status) ? cur.stripeId : null;
  if (flow === "subscription_cancel" && !subscriptionId) throw new AppError("no_subscription", 409, "You have no subscription to cancel.");
  const session = await stripeCall(deps, "portal session", () => stripe.createPortalSession(deps, { customerId, subscriptionId, flow, returnUrl: `${deps.config.APP_URL}/dashboard?portal=return` }));
  return { url: session.url };
}
