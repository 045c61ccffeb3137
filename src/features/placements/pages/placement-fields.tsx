import { PERIOD_LABELS, SALARY_PERIODS } from "../fee";
import { SPLIT_ROWS } from "../model";

export interface FieldValues {
  startDate: string;
  salary?: string;
  currency: string;
  salaryPeriod: string;
  feeType: string;
  feePercent?: string;
  feeAmount?: string;
  invoiceDate?: string;
  guaranteeDays: string;
  splits: { userId: number; percent: string }[];
}

const Field = ({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) => (
  <div>
    <label className="label" htmlFor={id}>
      {label}
    </label>
    {children}
    {hint ? <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p> : null}
  </div>
);

/** The fields of a placement (new and edit forms): salary, fee, dates, guarantee and the split. */
export function PlacementFields({ v, members }: { v: FieldValues; members: { id: number; name: string }[] }) {
  const rows = Array.from({ length: Math.max(3, Math.min(SPLIT_ROWS, v.splits.length + 1)) }, (_, i) => v.splits[i]);
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="pl-start" label="Start date">
          <input className="input" id="pl-start" name="startDate" type="date" required defaultValue={v.startDate} />
        </Field>
        <Field id="pl-invoice" label="Invoice date" hint="Blank: the start date.">
          <input className="input" id="pl-invoice" name="invoiceDate" type="date" defaultValue={v.invoiceDate ?? ""} />
        </Field>
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="label">Salary</legend>
        <Field id="pl-salary" label="Salary amount">
          <input className="input" id="pl-salary" name="salary" inputMode="decimal" required placeholder="60000" defaultValue={v.salary ?? ""} />
        </Field>
        <Field id="pl-currency" label="Currency">
          <input className="input uppercase" id="pl-currency" name="currency" required maxLength={3} pattern="[A-Za-z]{3}" defaultValue={v.currency} />
        </Field>
        <Field id="pl-period" label="Period">
          <select className="input" id="pl-period" name="salaryPeriod" defaultValue={v.salaryPeriod}>
            {SALARY_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="label">Fee</legend>
        <Field id="pl-fee-type" label="Charged as">
          <select className="input" id="pl-fee-type" name="feeType" defaultValue={v.feeType}>
            <option value="percent">% of the annual salary</option>
            <option value="fixed">A fixed amount</option>
          </select>
        </Field>
        <Field id="pl-fee-percent" label="Percentage" hint="For % of the annual salary (a year is 12 months, 52 weeks, 260 days or 2,080 hours).">
          <input className="input" id="pl-fee-percent" name="feePercent" inputMode="decimal" defaultValue={v.feePercent ?? ""} />
        </Field>
        <Field id="pl-fee-amount" label="Fixed amount" hint="For a fixed fee, in the salary's currency.">
          <input className="input" id="pl-fee-amount" name="feeAmount" inputMode="decimal" defaultValue={v.feeAmount ?? ""} />
        </Field>
      </fieldset>
      <Field id="pl-guarantee" label="Guarantee (days)" hint="A candidate who leaves within it: the placement falls through, with a refund share.">
        <input className="input max-w-[10rem]" id="pl-guarantee" name="guaranteeDays" type="number" min={0} max={3650} defaultValue={v.guaranteeDays} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="label">Split between members (adds up to 100%)</legend>
        {rows.map((s, i) => (
          <div key={i} className="grid grid-cols-[1fr_7rem] gap-2">
            <select className="input" name={`split${i + 1}User`} aria-label={`Member ${i + 1}`} defaultValue={s ? String(s.userId) : ""}>
              <option value="">—</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
            <input className="input" name={`split${i + 1}Percent`} aria-label={`Share of member ${i + 1} (%)`} inputMode="decimal" defaultValue={s?.percent ?? ""} />
          </div>
        ))}
      </fieldset>
    </div>
  );
}
