import type { Funnel } from "../funnel";

const pct = (x: number | null) => (x === null ? "–" : `${Math.round(x * 100)}%`);
const days = (x: number | null) => (x === null ? "–" : `${x} day${x === 1 ? "" : "s"}`);

/**
 * The funnel, drawn by the server in HTML (no script): one bar per stage as wide as the
 * applications that reached it, then its figures in words (reached, there now, the share that
 * went on to the next stage, the median time in it). The figures wrap under the bar on a phone
 * instead of running off the picture, and a screen reader reads the same list.
 */
export function FunnelChart({ funnel, title }: { funnel: Funnel; title: string }) {
  const top = Math.max(1, ...funnel.stages.map((s) => s.reached));
  const summary = `${funnel.total} applications; ${funnel.rejected} rejected; median ${days(funnel.medianDaysToPlaced)} from application to ${funnel.placedName}`;
  return (
    <figure className="card card-body min-w-0 max-w-full" data-testid="funnel">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      <ol className="mt-2 grid max-w-3xl gap-2 text-sm" aria-label={title}>
        {funnel.stages.map((s, i) => {
          const next = funnel.stages[i + 1];
          const figures = [
            `${s.reached} reached`,
            `${s.now} here now`,
            ...(s.conversion === null || !next ? [] : [`${pct(s.conversion)} went on to ${next.name}`]),
            ...(s.medianDays === null ? [] : [`median ${days(s.medianDays)} here`]),
          ].join(" · ");
          return (
            <li key={s.name} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-x-2 sm:grid-cols-[8rem_minmax(0,1fr)]" data-funnel-stage={s.name}>
              <span className="truncate font-medium">{s.name}</span>
              <span className="block h-3 rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true">
                <span
                  className="block h-3 rounded bg-indigo-500"
                  style={{ width: `${Math.max(1, Math.round((s.reached / top) * 100))}%`, opacity: 0.35 + 0.65 * (1 - i / Math.max(1, funnel.stages.length)) }}
                />
              </span>
              <span className="col-start-2 text-xs text-slate-600 dark:text-slate-300" data-funnel-figures>
                {figures}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-testid="funnel-summary">
        {summary}
      </p>
    </figure>
  );
}
