import { useEffect, useRef, useState } from "react";
import { api } from "../../../client/api";
import { POLL_STATS_MS, usePoll } from "../components/polling";
import { useSelectedJob } from "../components/island-events";
import type { DatabaseStats } from "../../candidates/model";
import type { DatabaseStatsAnswer } from "../../../client/answers";

function Bars({ title, rows }: { title: string; rows: { name: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <div>
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <ul className="space-y-1.5">
        {rows.map((r) => (
          <li key={r.name} className="text-sm">
            <div className="flex justify-between">
              <span>{r.name}</span>
              <span className="tabular-nums text-slate-600">{r.count}</span>
            </div>
            <div className="mt-0.5 h-1.5 rounded bg-slate-100">
              <div className="h-1.5 rounded bg-brand-500" style={{ width: `${(r.count / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString("en-AU", { weekday: "short", timeZone: "UTC" });

/** Analytics card: total, top 5 locations and roles, the last 7 of the 30 days of activity; follows the job filter. */
export default function DashboardAnalytics({ stats: initial }: { stats: DatabaseStats }) {
  const [stats, setStats] = useState(initial);
  const job = useSelectedJob();
  const load = () => {
    api<DatabaseStatsAnswer>(`/api/database/stats${job ? `?jobId=${job.id}` : ""}`)
      .then(setStats)
      .catch(() => {});
  };
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false); // the server rendered the unfiltered figures
    load();
  }, [job?.id]);
  usePoll(load, POLL_STATS_MS, [job?.id]);

  const week = stats.recentActivity.slice(-7);
  const peak = Math.max(1, ...week.map((d) => d.count));
  return (
    <section className="card h-full" aria-labelledby="analytics-title">
      <div className="card-header">
        <h2 id="analytics-title" className="card-title">
          Analytics
        </h2>
        <p className="text-sm text-slate-500">{job ? `Candidates matching ${job.title}` : "All candidates"}</p>
      </div>
      <div className="card-body space-y-4">
        <div className="flex items-baseline gap-2">
          <span className="text-3xl font-semibold tabular-nums" data-testid="total-candidates">
            {stats.totalCandidates}
          </span>
          <span className="text-sm text-slate-500">candidates</span>
        </div>
        <div className="grid grid-cols-2 gap-4">
          <Bars title="Top locations" rows={stats.byLocation.slice(0, 5).map((r) => ({ name: r.location, count: r.count }))} />
          <Bars title="Top roles" rows={stats.byRole.slice(0, 5).map((r) => ({ name: r.role, count: r.count }))} />
        </div>
        <div>
          <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Last 7 days</h3>
          <div className="flex h-20 items-end gap-1.5" aria-label="New candidates in the last 7 days">
            {week.map((d) => (
              <div key={d.date} className="flex flex-1 flex-col items-center gap-1" title={`${d.date}: ${d.count}`}>
                <span className="text-[10px] tabular-nums text-slate-500">{d.count}</span>
                <div className="w-full rounded-t bg-brand-500" style={{ height: `${Math.max(2, (d.count / peak) * 48)}px` }} />
                <span className="text-[10px] text-slate-500">{weekday(d.date)}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
