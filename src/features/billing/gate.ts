import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { makeShell } from "../../ui/shell";
import type { AccessGate } from "../auth/guard";
import { subscriptionGate } from "./service";
import { billingReturnToast } from "./return-toast";
import { SubscriptionRequiredPage } from "./pages/subscription-required-page";

/**
 * Billing's side of the server's subscription gate (installed by app.ts into the auth
 * guard): who may pass, and the page a refused request gets, which opens the profile
 * dialog on its Billing tab (it has Log out, so nobody is trapped).
 */
export function billingAccessGate(deps: Deps): AccessGate {
  return {
    allows: (user) => subscriptionGate(deps, user).hasSubscription,
    refusedPage: (user, request) =>
      renderPage({ title: "Subscription Required", status: 402, toast: billingReturnToast(Object.fromEntries(new URL(request.url).searchParams)), body: SubscriptionRequiredPage({ shell: { ...makeShell(deps, user), gated: true } }) }),
  };
}
