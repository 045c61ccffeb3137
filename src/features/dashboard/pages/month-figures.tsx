import { formatMoney } from "../../placements/fee";
import type { DashboardData } from "../service";

/** This month's placements and fees (a recruiter's own) and the jobs still open, beside today's cards. */
export function MonthFigures({ month }: { month: DashboardData["month"] }) {
  const fees = month.fees.length ? month.fees.map((f) => formatMoney(f.cents, f.currency)).join(" · ") : formatMoney(0, "EUR");
  return (
    <section aria-label="This month" className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="month-figures">
      <a href="/placements" className="card card-body hover:bg-slate-50 dark:hover:bg-slate-800">
        <span className="text-xs text-slate-500 dark:text-slate-400">Placements this month</span>
        <span className="text-2xl font-semibold tabular-nums">{month.placements}</span>
      </a>
      <a href="/reports?report=revenue" className="card card-body hover:bg-slate-50 dark:hover:bg-slate-800">
        <span className="text-xs text-slate-500 dark:text-slate-400">Fees this month</span>
        <span className="text-2xl font-semibold tabular-nums">{fees}</span>
      </a>
      <a href="/jobs" className="card card-body hover:bg-slate-50 dark:hover:bg-slate-800">
        <span className="text-xs text-slate-500 dark:text-slate-400">Open jobs</span>
        <span className="text-2xl font-semibold tabular-nums">{month.openJobs}</span>
      </a>
    </section>
  );
}
