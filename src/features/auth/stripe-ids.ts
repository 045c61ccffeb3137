import type { Deps } from "../../deps";
import { authPorts, type StripeIds } from "./ports";

export type { StripeIds, StripeIdsReader } from "./ports";

/**
 * The Stripe ids GET /api/auth/me and the profile report (part1 §3). They are billing's
 * (billing_customers, billing_subscriptions); app.ts wires billing's reader as auth's port, so
 * auth answers with them without importing billing, as with the access gate (guard.ts).
 */
export function stripeIdsOf(deps: Deps, userId: number): StripeIds {
  return authPorts.of(deps).stripeIds(userId);
}
