import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import type { Shell } from "../../ui/shell";
import type { UserRow } from "../auth/repo";
import type { AccessGate } from "../auth/guard";
import { subscriptionGate } from "./service";
import { billingReturnToast } from "./return-toast";
import { SubscriptionRequiredPage } from "./pages/subscription-required-page";

/**
 * Billing's side of the server's subscription gate (handed by app.ts to the auth guard): who may pass, and the page a refused request gets, which opens the profile
 * dialog on its Billing tab (it has Log out, so nobody is trapped).
 */
export function billingAccessGate(deps: Deps, shell: (user: UserRow) => Shell): AccessGate {
  return {
    allows: (user) => subscriptionGate(deps, user).hasSubscription,
    refusedPage: (user, request) =>
      renderPage({
        title: "Subscription Required",
        status: 402,
        toast: billingReturnToast(Object.fromEntries(new URL(request.url).searchParams)),
        body: SubscriptionRequiredPage({ shell: { ...shell(user), gated: true } }),
      }),
  };
}
