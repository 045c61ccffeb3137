import type { Deps } from "../../deps";

/**
 * The Stripe ids GET /api/auth/me and the profile report (part1 §3). They are billing's
 * (billing_customers, billing_subscriptions); app.ts installs billing's reader here, so auth
 * answers with them without importing billing, as with the access gate (guard.ts).
 */
export interface StripeIds {
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}
export type StripeIdsReader = (userId: number) => StripeIds;

const readers = new WeakMap<Deps, StripeIdsReader>();

export function installStripeIds(deps: Deps, reader: StripeIdsReader) {
  readers.set(deps, reader);
}

/** The account's ids, or none when no billing is wired in (an app built without it). */
export function stripeIdsOf(deps: Deps, userId: number): StripeIds {
  return readers.get(deps)?.(userId) ?? { stripeCustomerId: null, stripeSubscriptionId: null };
}
