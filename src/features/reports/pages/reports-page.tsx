import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { GROUPS, REPORTS, REPORT_TITLES, type Report, type ReportQuery } from "../model";
import type { filterChoices } from "../service";
import { BarChart } from "./bar-chart";

type Choices = ReturnType<typeof filterChoices>;

/** The address of a report with the page's filters (links between reports keep them). */
function reportHref(q: ReportQuery, period: { from: string; to: string }, over: Partial<Record<string, string>> = {}, path = "/reports") {
  const p = new URLSearchParams();
  const v: Record<string, string | undefined> = {
    report: q.report,
    from: period.from,
    to: period.to,
    clientId: q.clientId?.toString(),
    jobId: q.jobId?.toString(),
    recruiterId: q.recruiterId?.toString(),
    source: q.source,
    by: q.by === "none" ? undefined : q.by,
    finished: q.finished ? "1" : undefined,
    ...over,
  };
  for (const [k, x] of Object.entries(v)) if (x) p.set(k, x);
  return `${path}?${p}`;
}

const Select = ({ name, label, value, options, none }: { name: string; label: string; value?: number | string; options: { id: number | string; name: string }[]; none: string }) => (
  <label className="grid gap-1">
    <span>{label}</span>
    <select className="input" name={name} defaultValue={value === undefined ? "" : String(value)}>
      <option value="">{none}</option>
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  </label>
);

/** /reports: one report at a time, its chart and table, the filters in the address, and its CSV. */
export function ReportsPage({ shell, report, q, period, choices }: { shell: Shell; report: Report; q: ReportQuery; period: { from: string; to: string }; choices: Choices }) {
  return (
    <AppShell shell={shell} title="Reports">
      <h1 className="text-2xl font-semibold">Reports</h1>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{choices.seesAll ? "The agency's numbers." : "Your own numbers: your applications, interviews and placements."}</p>
      <nav aria-label="Reports" className="mt-4 flex flex-wrap gap-2 text-sm">
        {REPORTS.map((r) => (
          <a key={r} href={reportHref(q, period, { report: r })} aria-current={r === q.report ? "page" : undefined} className={r === q.report ? "btn-primary btn-sm" : "btn-outline btn-sm"}>
            {REPORT_TITLES[r]}
          </a>
        ))}
      </nav>
      <form method="get" action="/reports" className="card card-body mt-4 flex flex-wrap items-end gap-3 text-sm" aria-label="Filters">
        <input type="hidden" name="report" value={q.report} />
        <label className="grid gap-1">
          <span>From</span>
          <input className="input" type="date" name="from" defaultValue={period.from} />
        </label>
        <label className="grid gap-1">
          <span>To</span>
          <input className="input" type="date" name="to" defaultValue={period.to} />
        </label>
        <Select name="clientId" label="Client" value={q.clientId} options={choices.clients} none="All clients" />
        <Select name="jobId" label="Job" value={q.jobId} options={choices.jobs} none="All jobs" />
        {choices.seesAll ? <Select name="recruiterId" label="Recruiter" value={q.recruiterId} options={choices.members} none="Everyone" /> : null}
        <label className="grid gap-1">
          <span>Source</span>
          <input className="input" name="source" defaultValue={q.source ?? ""} placeholder="Any" maxLength={200} />
        </label>
        {q.report === "funnel" || q.report === "revenue" ? (
          <Select
            name="by"
            label="By"
            value={q.by === "none" ? "" : q.by}
            options={GROUPS.filter((g) => g !== "none" && (q.report === "funnel" || g === "client" || g === "recruiter")).map((g) => ({ id: g, name: g[0]!.toUpperCase() + g.slice(1) }))}
            none={q.report === "revenue" ? "Month" : "Pipeline stage"}
          />
        ) : null}
        {q.report === "funnel" ? (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="finished" value="1" defaultChecked={q.finished} />
            <span>Only finished (placed or rejected)</span>
          </label>
        ) : null}
        <button className="btn-primary" type="submit">
          Show
        </button>
        <a className="btn-outline" href={reportHref(q, period, {}, "/reports.csv")} download>
          Download CSV
        </a>
      </form>
      <section className="mt-4 grid gap-4" aria-label={report.title}>
        <figure className="card card-body min-w-0">
          <figcaption className="card-title">{report.title}</figcaption>
          <div className="mt-2 overflow-x-auto">
            <BarChart chart={report.chart} title={report.title} />
          </div>
          {report.notes.map((n) => (
            <p key={n} className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              {n}
            </p>
          ))}
        </figure>
        <div className="card min-w-0 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="report-table">
            <caption className="sr-only">{report.title}</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                {report.columns.map((c) => (
                  <th key={c} scope="col" className="px-3 py-2">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.length ? (
                report.rows.map((r, i) => (
                  <tr key={i} className="border-t border-slate-200 dark:border-slate-700">
                    {r.map((v, k) =>
                      k === 0 ? (
                        <th key={k} scope="row" className="px-3 py-1.5 font-normal">
                          {v ?? "–"}
                        </th>
                      ) : (
                        <td key={k} className="px-3 py-1.5 tabular-nums">
                          {v ?? "–"}
                        </td>
                      ),
                    )}
                  </tr>
                ))
              ) : (
                <tr>
                  <td className="px-3 py-2 text-slate-500" colSpan={report.columns.length}>
                    Nothing in this period.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </AppShell>
  );
}
