import type { BillingResponse } from "../types";
import { money } from "../plans";
import { BillingNotConfigured } from "./plan-card";
import { formatDate as dateIn, statusBadge, trialBox, trialExpiredMessage } from "./status";
import { PortalButton, ResumeButton } from "./billing-actions";

/** Billing tab: status badges, plan, amount, period, trial box and invoices (part1 §2, §4). */
export function BillingTab({
  enabled,
  timeZone,
  billing,
  onPlans,
  onChanged,
}: {
  enabled: boolean;
  timeZone: string;
  billing: BillingResponse | null;
  onPlans: () => void;
  onChanged: (b: BillingResponse) => void;
}) {
  if (!enabled) return <BillingNotConfigured />;
  if (!billing) return <p className="text-sm text-slate-500">Loading billing...</p>;
  const sub = billing.subscription;
  const formatDate = (iso: string | null | undefined) => dateIn(iso, timeZone);
  if (!sub) {
    return (
      <div className="rounded-lg border border-slate-200 p-5 text-center" data-testid="no-subscription">
        <p className="font-medium text-slate-900">No active subscription</p>
        <p className="mt-1 text-sm text-slate-500">Choose a plan to start using Frank. Starter comes with a 7-day free trial.</p>
        <button type="button" className="btn-primary mt-4" onClick={onPlans}>
          View Plans
        </button>
      </div>
    );
  }
  const badge = statusBadge(sub.status);
  const trial = trialBox(sub);
  return (
    <div className="space-y-5">
      <div className="rounded-lg border border-slate-200 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{sub.plan.productName ?? "Subscription"}</span>
          <span className={badge.className} data-testid="subscription-status">
            {badge.label}
          </span>
          {sub.cancelAtPeriodEnd ? <span className="badge-warning">Cancels at Period End</span> : null}
        </div>
        <p className="mt-2 text-2xl font-bold text-slate-900">
          {money(sub.plan.amount, sub.plan.currency ?? "usd")}
          <span className="text-sm font-normal text-slate-500">{sub.plan.interval ? ` / ${sub.plan.interval}` : " one-time"}</span>
        </p>
        {sub.currentPeriodStart ? (
          <p className="mt-1 text-sm text-slate-500">
            {sub.currentPeriodEnd ? `Current period: ${formatDate(sub.currentPeriodStart)} – ${formatDate(sub.currentPeriodEnd)}` : `Since ${formatDate(sub.currentPeriodStart)}`}
          </p>
        ) : null}
        {billing.customer?.created ? <p className="mt-1 text-xs text-slate-500">Customer since {formatDate(billing.customer.created)}</p> : null}
        {sub.cancelAtPeriodEnd ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900" data-testid="cancel-at-period-end">
            <span className="flex-1">Your subscription is canceled and ends on {formatDate(sub.currentPeriodEnd)}.</span>
            <ResumeButton onResumed={onChanged} />
          </div>
        ) : null}
        {sub.kind === "lifetime" ? (
          sub.receiptUrl ? (
            <a className="btn-outline btn-sm mt-3 inline-flex" href={sub.receiptUrl} target="_blank" rel="noopener noreferrer">
              View Receipt
            </a>
          ) : null
        ) : (
          <div className="mt-4 flex flex-wrap gap-2" data-testid="billing-actions">
            <PortalButton flow="payment_method_update" className="btn-outline btn-sm">
              Update Payment Method
            </PortalButton>
            {!sub.cancelAtPeriodEnd && sub.status !== "canceled" ? (
              <PortalButton flow="subscription_cancel" className="btn-outline btn-sm">
                Cancel subscription
              </PortalButton>
            ) : null}
            <PortalButton className="btn-ghost btn-sm">Invoices and billing details</PortalButton>
          </div>
        )}
      </div>
      {trial === "active" ? (
        <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900" data-testid="trial-box">
          <p className="font-semibold">Free Trial Active</p>
          <p className="mt-1">Your free trial ends on {formatDate(sub.trialEnd)}. Billing starts after the trial.</p>
        </div>
      ) : trial === "expired" ? (
        <div className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900" data-testid="trial-box">
          <p className="font-semibold">Trial Expired - Payment Required</p>
          <p className="mt-1">{trialExpiredMessage(sub.trialEnd, timeZone)}</p>
          {/* part1 §4: this button goes to the Plans tab (the card itself is changed from the billing actions above). */}
          <button type="button" className="btn-destructive mt-3" onClick={onPlans}>
            Update Payment Method
          </button>
        </div>
      ) : null}
      <div>
        <h4 className="mb-2 text-sm font-semibold text-slate-900">Invoices</h4>
        {billing.invoices.length ? (
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1">Date</th>
                <th>Number</th>
                <th>Amount</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {billing.invoices.map((inv) => (
                <tr key={inv.id} className="border-t border-slate-100">
                  <td className="py-1.5">{formatDate(inv.paidAt ?? inv.created)}</td>
                  <td>{inv.number ?? "–"}</td>
                  <td>{money(inv.amount, inv.currency)}</td>
                  <td>{inv.status ?? "–"}</td>
                  <td className="text-right">
                    {inv.invoiceUrl ? (
                      <a className="text-brand-600 hover:underline" href={inv.invoiceUrl} target="_blank" rel="noopener noreferrer">
                        View
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-slate-500">No invoices yet.</p>
        )}
      </div>
    </div>
  );
}
