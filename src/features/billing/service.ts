import type { Deps } from "../../deps";
import type { BillingDeps } from "./needs";
import type { users } from "../../db/schema";
import * as repo from "./repo";
import { billingEnabled } from "./stripe";
import { workspaceOwners } from "../team/service";
import type { BillingResponse } from "./types";

type User = typeof users.$inferSelect;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** GET /api/auth/billing (part1 §3), read from the tables the webhook keeps. */
export function getBilling(deps: BillingDeps, user: User): BillingResponse {
  const enabled = billingEnabled(deps);
  const cur = repo.currentSubscription(repo.subscriptionsOfUser(deps.db, user.id));
  const customerId = repo.stripeIdsOfUser(deps.db, user.id).stripeCustomerId;
  const customerRow = customerId ? repo.findCustomer(deps.db, customerId) : undefined;
  return {
    enabled,
    hasSubscription: !!cur && repo.LIVE_STATUSES.has(cur.status),
    trialAvailable: !repo.hadTrial(deps.db, user.id, customerId ?? null),
    subscription: cur
      ? {
          kind: cur.kind,
          planId: cur.planId,
          status: cur.status,
          cancelAtPeriodEnd: cur.cancelAtPeriodEnd,
          trialStart: iso(cur.trialStart),
          trialEnd: iso(cur.trialEnd),
          currentPeriodStart: iso(cur.currentPeriodStart),
          currentPeriodEnd: iso(cur.currentPeriodEnd),
          plan: { productName: cur.productName, amount: cur.amount, currency: cur.currency, interval: cur.interval },
          receiptUrl: cur.receiptUrl,
        }
      : null,
    invoices: repo.invoicesOfUser(deps.db, user.id).map((i) => ({
      id: i.stripeInvoiceId,
      number: i.number,
      status: i.status,
      created: iso(i.created),
      paidAt: iso(i.paidAt),
      amount: i.amount,
      currency: i.currency,
      invoiceUrl: i.invoiceUrl,
    })),
    customer: customerId ? { id: customerId, created: iso(customerRow?.created) } : null,
  };
}

/**
 * The account's Stripe ids for the answers that carry them (GET /api/auth/me, the profile;
 * part1 §3). Auth asks through the provider app.ts installs (auth/stripe-ids.ts).
 */
export function stripeIdsOf(deps: Deps, userId: number) {
  return repo.stripeIdsOfUser(deps.db, userId);
}

/**
 * What the page frame needs to know for the gate (part1 §4): a subscription exists when
 * billing's mirror has a live one. Without billing configured the gate never blocks.
 */
export function subscriptionGate(deps: BillingDeps, user: User): { billingEnabled: boolean; hasSubscription: boolean } {
  if (!billingEnabled(deps)) return { billingEnabled: false, hasSubscription: true };
  // The subscription is the workspace's (issue 18): every member passes when an owner has one.
  const payers = user.role === "owner" ? [user] : [user, ...workspaceOwners(deps, user.workspaceId)];
  return { billingEnabled: true, hasSubscription: payers.some((u) => userHasSubscription(deps, u)) };
}

function userHasSubscription(deps: Deps, user: User): boolean {
  const cur = repo.currentSubscription(repo.subscriptionsOfUser(deps.db, user.id));
  return !!cur && repo.LIVE_STATUSES.has(cur.status);
}
