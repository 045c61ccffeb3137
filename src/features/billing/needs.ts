import type Stripe from "stripe";
import type { Deps } from "../../deps";
import { RateLimiter, limitSpace } from "../../lib/rate-limit";

/** Signed-out checkouts (sign-up from the pricing page) each create a Stripe session: limited per address. */
const CHECKOUT_WINDOW_MS = 15 * 60 * 1000;

/** What billing keeps for the life of the app: the Stripe client (made on first use), its price ids, the checkout limit. */
export function billingState(deps: Deps) {
  return {
    stripe: { client: null as Promise<Stripe> | null, priceIds: new Map<string, string>() },
    checkoutLimiter: new RateLimiter(20, CHECKOUT_WINDOW_MS, () => deps.clock.now().getTime(), limitSpace(deps, "checkout")),
  };
}

/** The infrastructure and billing's state. */
export type BillingDeps = Deps & ReturnType<typeof billingState>;
