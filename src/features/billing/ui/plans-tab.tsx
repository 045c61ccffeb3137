import { useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import { PLANS, planNotAvailable, type Plan } from "../plans";
import type { BillingResponse } from "../types";
import { BillingNotConfigured, PlanCard } from "./plan-card";

/** What the Plans tab offers for one plan, given the account's subscription (one per account). */
export type PlanOffer = "buy" | "current" | "change" | "unavailable";

function planOffer(plan: Plan, billing: BillingResponse | null): PlanOffer {
  const sub = billing?.hasSubscription ? billing.subscription : null;
  if (!sub) return "buy";
  if (sub.planId === plan.id) return "current";
  // A lifetime member is offered no plan; a subscriber changes plans (the lifetime needs a cancel first).
  if (sub.kind === "lifetime" || !plan.interval) return "unavailable";
  return "change";
}

/**
 * Plans tab: the fixed catalogue. Without a subscription a purchase opens Stripe's hosted
 * page in a new tab; with one the current plan is marked and the others are a plan change
 * (Stripe prorates it); a lifetime member is offered nothing.
 */
export function PlansTab({ enabled, billing, onChanged }: { enabled: boolean; billing: BillingResponse | null; onChanged: (b: BillingResponse) => void }) {
  const [pending, setPending] = useState<string | null>(null);
  const lifetime = billing?.hasSubscription && billing.subscription?.kind === "lifetime";

  async function buy(plan: string) {
    // Open the tab now, inside the click, so popup blockers allow it; point it at Stripe once known.
    const tab = window.open("", "_blank");
    setPending(plan);
    try {
      const { url } = await api<{ url: string }>("/api/billing/checkout", { body: { plan }, noLogoutOn401: true });
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, "_blank", "noopener");
      }
    } catch (e) {
      tab?.close();
      const body = e instanceof ApiError ? e.body : null;
      if (body?.code === "plan_not_available") toast({ ...planNotAvailable(plan), variant: "destructive" });
      else toast({ title: "Checkout failed", description: body?.message ?? "Could not start the checkout. Please try again.", variant: "destructive" });
    } finally {
      setPending(null);
    }
  }

  async function change(plan: Plan) {
    if (!window.confirm(`Change to the ${plan.name} plan? Stripe prorates the difference on your next invoice.`)) return;
    setPending(plan.id);
    try {
      const b = await api<BillingResponse>("/api/billing/change-plan", { body: { plan: plan.id }, noLogoutOn401: true });
      onChanged(b);
      toast({ title: "Plan Changed", description: `You are now on the ${plan.name} plan.`, variant: "success" });
    } catch (e) {
      const body = e instanceof ApiError ? e.body : null;
      toast({ title: "Plan change failed", description: body?.message ?? "Could not change the plan. Please try again.", variant: "destructive" });
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-4">
      {!enabled ? <BillingNotConfigured /> : null}
      {lifetime ? (
        <p className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="lifetime-note">
          You have a lifetime membership: there is no plan to buy.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {PLANS.map((plan) => {
          const offer = planOffer(plan, billing);
          const label =
            pending === plan.id
              ? offer === "change"
                ? "Changing plan..."
                : "Opening checkout..."
              : offer === "current"
                ? "Current"
                : offer === "change"
                  ? "Change"
                  : offer === "unavailable"
                    ? "Not available"
                    : plan.trialDays && billing && !billing.trialAvailable
                      ? `Choose ${plan.name}`
                      : plan.buttonText;
          return (
            <PlanCard key={plan.id} plan={plan} current={offer === "current"}>
              <button
                type="button"
                className={`${offer === "current" || (offer === "buy" && plan.popular) ? "btn-primary" : "btn-outline"} w-full`}
                disabled={!enabled || pending !== null || offer === "current" || offer === "unavailable"}
                aria-current={offer === "current" ? "true" : undefined}
                onClick={() => (offer === "change" ? change(plan) : buy(plan.id))}
              >
                {label}
              </button>
            </PlanCard>
          );
        })}
      </div>
    </div>
  );
}
