import type { Deps } from "../../deps";
import type { UserRow } from "../auth/repo";
import type { StripeIds } from "../auth/needs";
import { billingAccessGate } from "./gate";
import { stripeIdsOf, subscriptionGate } from "./service";

/**
 * What auth needs of billing, built before auth (billing's pages need auth's guard, so they come
 * after it): the subscription gate inside the guard, the frame's billing state, and the Stripe ids
 * GET /api/auth/me reports.
 */
export function billingAccess(deps: Deps) {
  return {
    accessGate: (shell: Parameters<typeof billingAccessGate>[1]) => billingAccessGate(deps, shell),
    frame: (user: UserRow) => subscriptionGate(deps, user),
    stripeIds: (userId: number): StripeIds => stripeIdsOf(deps, userId),
  };
}
