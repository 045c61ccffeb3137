import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { PERIOD_LABELS, formatMoney } from "../fee";
import type { PlacementPageData } from "../page-data";
import { PlacementFields } from "./placement-fields";
import { StatusBadge } from "./status-badge";

const m = (amount: number, currency: string) => formatMoney(Math.round(amount * 100), currency);

/** /placements/{id}: the fee as computed, the course (invoiced, paid, fell through) and the edit form; each a plain form. */
export function PlacementPage({ shell, data }: { shell: Shell; data: PlacementPageData }) {
  const p = data.placement;
  const fee = p.feeType === "percent" ? `${p.feePercent}% of ${m(p.annualSalary, p.currency)} a year` : "fixed";
  return (
    <AppShell shell={shell} title="Placement">
      <p className="text-sm">
        <a className="underline" href="/placements">
          Placements
        </a>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-semibold">{p.candidateName ?? `Candidate #${p.candidateId}`}</h1>
        <StatusBadge status={p.status} />
      </div>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        <a className="underline" href={`/jobs/${p.jobId}`}>
          {p.jobTitle}
        </a>
        {p.clientName ? ` · ${p.clientName}` : ""}
      </p>
      <section className="card card-body mt-4" aria-label="Fee">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="placement-fee">
          <dt className="text-slate-500">Fee</dt>
          <dd className="font-semibold tabular-nums">{`${m(p.fee, p.currency)} (${fee})`}</dd>
          <dt className="text-slate-500">Salary</dt>
          <dd className="tabular-nums">{`${m(p.salary, p.currency)} ${PERIOD_LABELS[p.salaryPeriod]}`}</dd>
          <dt className="text-slate-500">Starts</dt>
          <dd>{p.startDate}</dd>
          <dt className="text-slate-500">Invoice date</dt>
          <dd>{p.invoiceDate}</dd>
          <dt className="text-slate-500">Guarantee</dt>
          <dd>{`${p.guaranteeDays} days, until ${p.guaranteeUntil}`}</dd>
          {p.invoicedOn ? (
            <>
              <dt className="text-slate-500">Invoiced</dt>
              <dd>{p.invoicedOn}</dd>
            </>
          ) : null}
          {p.paidOn ? (
            <>
              <dt className="text-slate-500">Paid</dt>
              <dd>{p.paidOn}</dd>
            </>
          ) : null}
          {p.fellThroughOn ? (
            <>
              <dt className="text-slate-500">Fell through</dt>
              <dd>{`${p.fellThroughOn}: ${p.refundPercent}% refunded (${m(p.refund, p.currency)}), ${m(p.netFee, p.currency)} kept`}</dd>
            </>
          ) : null}
          <dt className="text-slate-500">Split</dt>
          <dd>{p.splits.map((s) => `${s.name} ${s.percent}% (${m(s.amount, p.currency)})`).join(" · ")}</dd>
        </dl>
      </section>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <form method="post" action={`/placements/${p.id}`} className="card card-body grid gap-2">
          <input type="hidden" name="action" value="invoiced" />
          <label className="label" htmlFor="pl-invoiced-on">
            Invoiced on
          </label>
          <input className="input" id="pl-invoiced-on" name="on" type="date" required defaultValue={p.invoicedOn ?? data.today} />
          <button className="btn-outline" type="submit">
            Mark invoiced
          </button>
        </form>
        <form method="post" action={`/placements/${p.id}`} className="card card-body grid gap-2">
          <input type="hidden" name="action" value="paid" />
          <label className="label" htmlFor="pl-paid-on">
            Paid on
          </label>
          <input className="input" id="pl-paid-on" name="on" type="date" required defaultValue={p.paidOn ?? data.today} />
          <button className="btn-outline" type="submit">
            Mark paid
          </button>
        </form>
        <form method="post" action={`/placements/${p.id}`} className="card card-body grid gap-2">
          <input type="hidden" name="action" value="fell-through" />
          <label className="label" htmlFor="pl-fell-on">
            Candidate left on
          </label>
          <input className="input" id="pl-fell-on" name="on" type="date" required defaultValue={p.fellThroughOn ?? data.today} />
          <label className="label" htmlFor="pl-refund">
            Refund share (%)
          </label>
          <input className="input" id="pl-refund" name="refundPercent" inputMode="decimal" required defaultValue={p.refundPercent == null ? "100" : String(p.refundPercent)} />
          <button className="btn-destructive" type="submit">
            Fell through
          </button>
        </form>
      </div>
      <form method="post" action={`/placements/${p.id}`} className="card card-body mt-4 grid max-w-2xl gap-4" aria-label="Edit placement">
        <h2 className="card-title">Edit</h2>
        <PlacementFields
          v={{
            startDate: p.startDate,
            salary: String(p.salary),
            currency: p.currency,
            salaryPeriod: p.salaryPeriod,
            feeType: p.feeType,
            feePercent: p.feePercent == null ? "" : String(p.feePercent),
            feeAmount: p.feeType === "fixed" ? String(p.fee) : "",
            invoiceDate: p.invoiceDate,
            guaranteeDays: String(p.guaranteeDays),
            splits: p.splits.map((s) => ({ userId: s.userId, percent: String(s.percent) })),
          }}
          members={data.members}
        />
        <div>
          <button className="btn-primary" type="submit">
            Save placement
          </button>
        </div>
      </form>
    </AppShell>
  );
}
