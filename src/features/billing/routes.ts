import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Server } from "bun";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { AppError } from "../../lib/errors";
import { renderPage, type Toast } from "../../lib/render";
import { takeFlash } from "../../lib/flash";
import { posted, seeOther, type FormFailure, type FormInput } from "../../lib/route-options";
import { siteLinks } from "../../ui/links";
import { sessionToken } from "../auth/guard";
import { sessionUser, type SignedIn } from "../auth/service";
import { BillingAnswer, CheckoutAnswer, CheckoutForm, CheckoutInput, PortalAnswer, PortalInput, PricingQuery, WebhookAnswer } from "./model";
import { changePlan, openPortal, resumeSubscription } from "./subscription-service";
import { getBilling } from "./service";
import { startCheckout } from "./checkout";
import { handleWebhook } from "./webhook";
import { billingEnabled } from "./stripe";
import { planNotAvailable } from "./plans";
import { PricingPage } from "./pages/pricing-page";
import { requirePermission } from "../auth/permissions";

/** Stripe unreachable or not set up: the pricing page says so itself (the form option shows only answers below 500). */
const SHOWN_ON_PRICING = new Set(["billing_not_configured", "payment_unavailable"]);

/** Billing API (subscriptions, checkout, portal), the Stripe webhook, and the pricing page that the Sign Up link reaches. */
export function billingRoutes(deps: Deps, web: Web) {
  const ipOf = (request: Request, server: Server<unknown> | null) => clientIp(request, server, deps.config.TRUST_PROXY);
  // Signed in, only an owner buys for the workspace; a visitor signs up through it.
  const checkout = (me: SignedIn | null, plan: string, request: Request, server: Server<unknown> | null) => {
    if (me) requirePermission(me.user, "billing.manage");
    return startCheckout(deps, plan, me?.user ?? null, ipOf(request, server));
  };

  // The one subscription: PUT changes its plan (Stripe prorates), resume undoes a cancel at period end.
  const owner = new Elysia({ tags: ["Billing"] })
    .use(web.guard)
    .guard({ accountCan: "billing.manage" })
    .get("/api/auth/billing", ({ me }) => getBilling(deps, me.user), { response: { 200: BillingAnswer }, detail: { summary: "The workspace's subscription, invoices and customer" } })
    .post("/api/billing/change-plan", ({ me, body }) => changePlan(deps, me.user, body.plan), {
      body: CheckoutInput,
      response: { 200: BillingAnswer },
      detail: { summary: "Change the subscription's plan (same as PUT /api/billing/subscription)" },
    })
    .put("/api/billing/subscription", ({ me, body }) => changePlan(deps, me.user, body.plan), {
      body: CheckoutInput,
      response: { 200: BillingAnswer },
      detail: { summary: "Change the subscription's plan (Stripe prorates)" },
    })
    .post("/api/billing/resume", ({ me }) => resumeSubscription(deps, me.user), { response: { 200: BillingAnswer }, detail: { summary: "Undo a cancel at the period's end" } })
    .post("/api/billing/portal", ({ me, body }) => openPortal(deps, me.user, body.flow), {
      body: PortalInput,
      response: { 200: PortalAnswer },
      detail: { summary: "A Stripe customer portal link (optionally straight to one flow)" },
    });

  const open = new Elysia({ tags: ["Billing"] })
    .use(web.guard)
    .post("/api/billing/checkout", async ({ me, body, request, server }) => ({ url: (await checkout(me, body.plan, request, server)).url }), {
      withUser: true,
      body: CheckoutInput,
      response: { 200: CheckoutAnswer },
      detail: { summary: "Start a Stripe Checkout for a plan (signed in: the owner; or a visitor signing up)" },
    })
    .post(
      "/api/stripe/webhook",
      async ({ request }) => handleWebhook(deps, await request.text(), request.headers.get("stripe-signature")),
      // The signature covers the exact bytes: keep the body unparsed. Stripe posts from its own site.
      { parse: "none", crossSite: true, response: { 200: WebhookAnswer }, detail: { summary: "Stripe's events (signed with STRIPE_WEBHOOK_SECRET)" } },
    );

  // The pricing forms are answered with a redirect to Stripe's hosted page, and CSP's
  // form-action covers redirects: allow that one origin on this page.
  const checkoutOrigin = deps.config.STRIPE_API_BASE ? new URL(deps.config.STRIPE_API_BASE).origin : "https://checkout.stripe.com";
  const pricingCsp = ({ set }: { set: { headers: Record<string, string | number | undefined> } }) => {
    const csp = String(set.headers["content-security-policy"] ?? "");
    if (csp) set.headers["content-security-policy"] = csp.replace("form-action 'self'", `form-action 'self' ${checkoutOrigin}`);
  };

  const pricing = (me: SignedIn | null | undefined, opts: { status?: number; toast?: Toast | null; checkout?: string } = {}) =>
    renderPage({
      title: "Plans & Pricing",
      status: opts.status,
      toast: opts.toast,
      body: PricingPage({ links: siteLinks(deps.config), enabled: billingEnabled(deps), signedInAs: me?.user.email ?? null, checkout: opts.checkout }),
    });
  const checkoutFailed = (f: Pick<FormFailure, "status" | "code" | "message">, input: FormInput) => {
    const plan = posted(input, "plan", 50);
    const toast: Toast =
      f.code === "plan_not_available" ? { ...planNotAvailable(plan || "selected"), variant: "destructive" } : { title: "Checkout failed", description: f.message, variant: "destructive" };
    return pricing(sessionUser(deps, sessionToken(input.request)), { status: f.status, toast });
  };

  const pages = new Elysia()
    .use(web.guard)
    .get("/pricing", ({ me, query, cookie }) => pricing(me, { toast: takeFlash(cookie), checkout: query.checkout }), { withUser: true, query: PricingQuery, transform: pricingCsp })
    // The pricing page's buttons post here without JavaScript: 303 to Stripe's hosted page.
    .post(
      "/billing/checkout",
      async (ctx) => {
        const { me, body, request, server } = ctx;
        try {
          return seeOther((await checkout(me, body.plan, request, server)).url);
        } catch (e) {
          if (!(e instanceof AppError) || !SHOWN_ON_PRICING.has(e.code)) throw e;
          return checkoutFailed(e, { body: ctx.body, params: {}, query: {}, request });
        }
      },
      { withUser: true, body: CheckoutForm, transform: pricingCsp, form: { render: checkoutFailed } },
    );

  return new Elysia().use(owner).use(open).use(pages);
}
