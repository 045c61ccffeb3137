import type { ReactNode } from "react";
import { dollars, type Plan } from "../plans";

/** One plan of the catalogue; the caller supplies the purchase control (form or button). */
export function PlanCard({ plan, children, current = false }: { plan: Plan; children: ReactNode; current?: boolean }) {
  return (
    <div
      className={`relative flex flex-col rounded-xl border bg-white p-5 shadow-sm ${current ? "border-green-500 ring-2 ring-green-100" : plan.popular ? "border-brand-500 ring-2 ring-brand-100" : "border-slate-200"}`}
      data-plan={plan.id}
      data-current={current ? "true" : undefined}
    >
      {current ? <span className="badge-success absolute -top-2.5 left-5">Current Plan</span> : plan.popular ? <span className="badge-default absolute -top-2.5 left-5">Most Popular</span> : null}
      <h3 className="text-base font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-1 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold text-slate-900">{dollars(plan.price)}</span>
        <span className="text-sm text-slate-500">{plan.interval ? ` / ${plan.interval}` : " one-time"}</span>
      </p>
      {plan.mediaPrice ? <p className="mt-1 text-xs text-slate-500">Includes {dollars(plan.mediaPrice)} LinkedIn media per month</p> : null}
      <ul className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <span className="text-green-600" aria-hidden="true">
              ✓
            </span>
            {f}
          </li>
        ))}
      </ul>
      <div className="mt-5">{children}</div>
    </div>
  );
}

export function BillingNotConfigured() {
  return (
    <p className="rounded-md border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900" data-testid="billing-not-configured">
      Billing is not configured on this server.
    </p>
  );
}
