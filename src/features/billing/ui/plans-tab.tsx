import { useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import { PLANS, planNotAvailable } from "../plans";
import { BillingNotConfigured, PlanCard } from "./plan-card";

/** Plans tab: the fixed catalogue; a purchase opens Stripe's hosted page in a new tab. */
export function PlansTab({ enabled }: { enabled: boolean }) {
  const [pending, setPending] = useState<string | null>(null);

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

  return (
    <div className="space-y-4">
      {!enabled ? <BillingNotConfigured /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan}>
            <button type="button" className={`${plan.popular ? "btn-primary" : "btn-outline"} w-full`} disabled={!enabled || pending !== null} onClick={() => buy(plan.id)}>
              {pending === plan.id ? "Opening checkout..." : plan.buttonText}
            </button>
          </PlanCard>
        ))}
      </div>
    </div>
  );
}
