import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/http";
import { parseInput } from "../../lib/validate";
import { AppError } from "../../lib/errors";
import { renderPage } from "../../lib/render";
import { takeFlash } from "../../lib/flash";
import { siteLinks } from "../../ui/links";
import { authGuard } from "../auth/guard";
import { CheckoutInput, PortalInput } from "./model";
import { changePlan, openPortal, resumeSubscription } from "./subscription-service";
import { getBilling } from "./service";
import { startCheckout } from "./checkout";
import { handleWebhook } from "./webhook";
import { billingEnabled } from "./stripe";
import { planNotAvailable } from "./plans";
import { PricingPage } from "./pages/pricing-page";
import { profileRoutes } from "./profile-routes";
import { requirePermission } from "../team/permissions";

/** Billing API, the Stripe webhook, and the pricing page that the Sign Up link reaches. */
export function billingRoutes(deps: Deps) {
  const ipOf = (request: Request, server: any) => clientIp(request, server, deps.config.TRUST_PROXY);

  const api = new Elysia()
    .use(authGuard(deps))
    .get("/api/auth/billing", ({ me }) => getBilling(deps, me.user), { accountCan: "billing.manage" })
    .post(
      "/api/billing/checkout",
      async ({ me, body, request, server }) => {
        const input = parseInput(CheckoutInput, body);
        // Signed in, only an owner buys for the workspace; a visitor signs up through it.
        if (me) requirePermission(me.user, "billing.manage");
        const session = await startCheckout(deps, input.plan, me?.user ?? null, ipOf(request, server));
        return { url: session.url };
      },
      { withUser: true },
    )
    // The one subscription: PUT changes its plan (Stripe prorates), resume undoes a cancel at period end.
    .post("/api/billing/change-plan", ({ me, body }) => changePlan(deps, me.user, parseInput(CheckoutInput, body).plan), { accountCan: "billing.manage" })
    .put("/api/billing/subscription", ({ me, body }) => changePlan(deps, me.user, parseInput(CheckoutInput, body).plan), { accountCan: "billing.manage" })
    .post("/api/billing/resume", ({ me }) => resumeSubscription(deps, me.user), { accountCan: "billing.manage" })
    .post("/api/billing/portal", ({ me, body }) => openPortal(deps, me.user, parseInput(PortalInput, body).flow), { accountCan: "billing.manage" })
    .post(
      "/api/stripe/webhook",
      async ({ request }) => handleWebhook(deps, await request.text(), request.headers.get("stripe-signature")),
      // The signature covers the exact bytes: keep the body unparsed. Stripe posts from its own site.
      { parse: "none", crossSite: true },
    );

  // The pricing forms are answered with a redirect to Stripe's hosted page, and CSP's
  // form-action covers redirects: allow that one origin on this page.
  const checkoutOrigin = deps.config.STRIPE_API_BASE ? new URL(deps.config.STRIPE_API_BASE).origin : "https://checkout.stripe.com";
  const pricingCsp = (set: { headers: Record<string, any> }) => {
    const csp = String(set.headers["content-security-policy"] ?? "");
    if (csp) set.headers["content-security-policy"] = csp.replace("form-action 'self'", `form-action 'self' ${checkoutOrigin}`);
  };

  const pricing = (me: { user: { email: string } } | null, opts: { status?: number; toast?: any; checkout?: string } = {}) =>
    renderPage({
      title: "Plans & Pricing",
      status: opts.status,
      toast: opts.toast,
      body: PricingPage({ links: siteLinks(deps.config), enabled: billingEnabled(deps), signedInAs: me?.user.email ?? null, checkout: opts.checkout }),
    });

  const pages = new Elysia()
    .use(authGuard(deps))
    .get(
      "/pricing",
      ({ me, query, cookie, set }) => {
        pricingCsp(set);
        return pricing(me, { toast: takeFlash(cookie as any), checkout: typeof query.checkout === "string" ? query.checkout : undefined });
      },
      { withUser: true },
    )
    // The pricing page's buttons post here without JavaScript: 303 to Stripe's hosted page.
    .post(
      "/billing/checkout",
      async ({ me, body, request, server, set }) => {
        pricingCsp(set);
        const plan = typeof (body as any)?.plan === "string" ? String((body as any).plan).slice(0, 50) : "";
        try {
          if (me) requirePermission(me.user, "billing.manage");
          const session = await startCheckout(deps, plan, me?.user ?? null, ipOf(request, server));
          return new Response(null, { status: 303, headers: { location: session.url } });
        } catch (e) {
          if (!(e instanceof AppError) || (e.status >= 500 && e.code !== "billing_not_configured" && e.code !== "payment_unavailable")) throw e;
          const toast =
            e.code === "plan_not_available" ? { ...planNotAvailable(plan || "selected"), variant: "destructive" } : { title: "Checkout failed", description: e.message, variant: "destructive" };
          return pricing(me, { status: e.status, toast });
        }
      },
      { withUser: true },
    );

  return new Elysia().use(profileRoutes(deps)).use(api).use(pages);
}
