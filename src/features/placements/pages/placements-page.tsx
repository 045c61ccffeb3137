import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { formatMoney } from "../fee";
import type { PlacementsPageData } from "../page-data";
import { StatusBadge } from "./status-badge";

const cents = (amount: number) => Math.round(amount * 100);

/** /placements: the placements (a recruiter's own), filters in the address, and who waits for one. */
export function PlacementsPage({ shell, data }: { shell: Shell; data: PlacementsPageData }) {
  return (
    <AppShell shell={shell} title="Placements">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">Placements</h1>
        <a className="text-sm underline" href="/reports?report=revenue">
          Revenue report
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{data.seesAll ? "Every placement of the agency, newest start first." : "The placements you share in, newest start first."}</p>
      <form method="get" action="/placements" className="mt-4 flex flex-wrap items-end gap-2 text-sm">
        <label className="grid gap-1">
          <span>Started from</span>
          <input className="input" type="date" name="from" defaultValue={data.filter.from ?? ""} />
        </label>
        <label className="grid gap-1">
          <span>to</span>
          <input className="input" type="date" name="to" defaultValue={data.filter.to ?? ""} />
        </label>
        {data.seesAll ? (
          <label className="grid gap-1">
            <span>Recruiter</span>
            <select className="input" name="recruiterId" defaultValue={data.filter.recruiterId ? String(data.filter.recruiterId) : ""}>
              <option value="">Everyone</option>
              {data.members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button className="btn-outline" type="submit">
          Show
        </button>
      </form>
      {data.toRecord.length ? (
        <section className="card card-body mt-4" aria-label="Waiting for their placement">
          <h2 className="card-title">Placed, details to record</h2>
          <ul className="mt-2 grid gap-1 text-sm">
            {data.toRecord.map((r) => (
              <li key={r.id}>
                <a className="underline" href={`/placements/new?application=${r.id}`}>{`${r.candidateName} · ${r.jobTitle}`}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="card mt-4 overflow-x-auto">
        {data.placements.length ? (
          <table className="w-full text-left text-sm" data-testid="placement-list">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="px-3 py-2">Candidate</th>
                <th className="px-3 py-2">Job</th>
                <th className="hidden px-3 py-2 sm:table-cell">Start</th>
                <th className="px-3 py-2 text-right">Fee</th>
                <th className="px-3 py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.placements.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-3 py-2">
                    <a className="underline" href={`/placements/${p.id}`}>
                      {p.candidateName ?? `Candidate #${p.candidateId}`}
                    </a>
                  </td>
                  <td className="px-3 py-2">{`${p.jobTitle}${p.clientName ? ` · ${p.clientName}` : ""}`}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{p.startDate}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(cents(p.netFee), p.currency)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge status={p.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="card-body text-sm text-slate-500">No placements yet. Move a candidate to the last stage of a job's board to record one.</p>
        )}
      </div>
    </AppShell>
  );
}
