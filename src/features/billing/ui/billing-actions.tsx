import { useState } from "react";
import { api, ApiError } from "../../../client/api";
import { toast } from "../../../client/toast";
import type { BillingResponse } from "../types";
import type { PortalFlow } from "../stripe-flows";

/**
 * Opens the Stripe customer portal (card, cancel, invoices). It is a full navigation in this
 * tab: the portal returns to /dashboard?portal=return, which shows a toast.
 */
async function openPortal(flow?: PortalFlow) {
  try {
    const { url } = await api<{ url: string }>("/api/billing/portal", { body: flow ? { flow } : {}, noLogoutOn401: true });
    location.assign(url);
  } catch (e) {
    const message = e instanceof ApiError ? e.body?.message : undefined;
    toast({ title: "Billing portal unavailable", description: message ?? "Could not open the billing portal. Please try again.", variant: "destructive" });
  }
}

export function PortalButton({ flow, className, children }: { flow?: PortalFlow; className: string; children: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await openPortal(flow);
        setBusy(false);
      }}
    >
      {busy ? "Opening..." : children}
    </button>
  );
}

/** Undoes a cancel-at-period-end. */
export function ResumeButton({ onResumed }: { onResumed: (b: BillingResponse) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn-primary btn-sm"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          onResumed(await api<BillingResponse>("/api/billing/resume", { body: {}, noLogoutOn401: true }));
          toast({ title: "Subscription Resumed", description: "Your subscription continues after this period.", variant: "success" });
        } catch (e) {
          const message = e instanceof ApiError ? e.body?.message : undefined;
          toast({ title: "Resume failed", description: message ?? "Could not resume the subscription. Please try again.", variant: "destructive" });
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? "Resuming..." : "Resume"}
    </button>
  );
}
