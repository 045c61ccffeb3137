import { Logo } from "../../../ui/logo";
import type { SiteLinks } from "../../../ui/links";
import { dollars, MEDIA_ADDONS, PLANS } from "../plans";
import { BillingNotConfigured, PlanCard } from "../ui/plan-card";

/**
 * /pricing: the plans, reached by the login page's Sign Up link when MARKETING_URL is
 * this server. Plain forms (no script): each posts to /billing/checkout and is answered
 * with a redirect to Stripe's hosted page. Paying without an account creates one.
 */
export function PricingPage({ links, enabled, signedInAs, checkout }: { links: SiteLinks; enabled: boolean; signedInAs: string | null; checkout?: string }) {
  return (
    <div className="min-h-screen bg-gradient-to-br from-brand-50 via-white to-slate-100">
      <header className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Logo href={signedInAs ? "/dashboard" : links.home} />
        {signedInAs ? (
          <a href="/dashboard" className="btn-outline btn-sm">
            Dashboard
          </a>
        ) : (
          <a href="/login" className="btn-outline btn-sm">
            Sign in
          </a>
        )}
      </header>
      <main className="mx-auto max-w-6xl px-4 pb-16">
        <div className="mx-auto max-w-2xl py-10 text-center">
          <h1 className="text-3xl font-bold text-slate-900">Plans &amp; Pricing</h1>
          <p className="mt-2 text-slate-600">Cut hiring time and cost by 98%. Monthly plans in USD; start with a 7-day free trial of Starter.</p>
          {!signedInAs ? (
            <p className="mt-2 text-sm text-slate-500">New to Frank? Choose a plan: your account is created when the payment completes, and we e-mail you a link to set your password.</p>
          ) : null}
        </div>
        {checkout === "success" ? (
          <p className="mx-auto mb-6 max-w-2xl rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900" role="status">
            Payment received. {signedInAs ? "Your subscription is being activated." : "Check your email for a link to set your password, then sign in."}
          </p>
        ) : checkout === "cancelled" ? (
          <p className="mx-auto mb-6 max-w-2xl rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" role="status">
            Checkout canceled. Nothing was charged.
          </p>
        ) : null}
        {!enabled ? (
          <div className="mx-auto mb-6 max-w-2xl">
            <BillingNotConfigured />
          </div>
        ) : null}
        <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan}>
              <form method="post" action="/billing/checkout">
                <input type="hidden" name="plan" value={plan.id} />
                <button type="submit" className={`${plan.popular ? "btn-primary" : "btn-outline"} w-full`} disabled={!enabled}>
                  {plan.buttonText}
                </button>
              </form>
            </PlanCard>
          ))}
        </div>
        <section id="media" className="card mx-auto mt-10 max-w-3xl p-6">
          <h2 className="text-lg font-semibold text-slate-900">LinkedIn media add-ons</h2>
          <p className="mt-1 text-sm text-slate-600">Top up the LinkedIn media budget of your plan. Your allowance and campaigns are in the Media tab of your profile.</p>
          <div className="mt-4 flex flex-wrap gap-2">
            {MEDIA_ADDONS.map((a) => (
              <span key={a} className="badge-secondary text-sm">
                +{dollars(a)}
              </span>
            ))}
          </div>
        </section>
        <p className="mt-8 text-center text-sm text-slate-500">
          Already have an account?{" "}
          <a className="font-medium text-brand-600 hover:underline" href="/login">
            Sign in
          </a>
        </p>
      </main>
    </div>
  );
}
