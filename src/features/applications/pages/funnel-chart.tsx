import type { Funnel } from "../funnel";

const pct = (x: number | null) => (x === null ? "–" : `${Math.round(x * 100)}%`);
const days = (x: number | null) => (x === null ? "–" : `${x} d`);

/**
 * The funnel as a server-drawn SVG (no script): one bar per stage as wide as the applications
 * that reached it, the count, the conversion to the next stage and the median days in it. The
 * same numbers are in a table for screen readers (the picture itself is one labelled image).
 */
export function FunnelChart({ funnel, title }: { funnel: Funnel; title: string }) {
  const rowH = 28;
  const width = 640;
  const labelW = 120;
  const barMax = 300;
  const top = Math.max(1, ...funnel.stages.map((s) => s.reached));
  const height = funnel.stages.length * rowH + 24;
  const summary = `${funnel.total} applications; ${funnel.rejected} rejected; median ${days(funnel.medianDaysToPlaced)} from application to ${funnel.placedName}`;
  return (
    <figure className="card card-body min-w-0 max-w-full" data-testid="funnel">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {/* At its drawn width on a phone (the labels stay readable); the box scrolls sideways instead,
          so it takes keyboard focus (arrow keys scroll it) and is named for those who reach it. */}
      <div
        className="mt-2 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="region"
        aria-label={`${title}: chart, scrolls sideways`}
        data-testid="funnel-scroll"
      >
        <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full min-w-[36rem] max-w-2xl" role="img" aria-hidden="true" focusable="false">
          {funnel.stages.map((s, i) => {
            const y = i * rowH + 4;
            const w = Math.max(2, Math.round((s.reached / top) * barMax));
            return (
              <g key={s.name}>
                <text x={0} y={y + 17} fontSize={13} fill="currentColor">
                  {s.name}
                </text>
                <rect x={labelW} y={y} width={w} height={rowH - 8} rx={3} fill="#6366f1" opacity={0.35 + 0.65 * (1 - i / Math.max(1, funnel.stages.length))} />
                <text x={labelW + w + 6} y={y + 15} fontSize={12} fill="currentColor">
                  {`${s.reached} reached · ${s.now} now · ${s.conversion === null ? "" : `${pct(s.conversion)} on · `}${days(s.medianDays)}`}
                </text>
              </g>
            );
          })}
          <text x={0} y={height - 4} fontSize={12} fill="currentColor">
            {summary}
          </text>
        </svg>
      </div>
      {/* In a visually hidden box: a table itself ignores the 1 px width and widened phone pages. */}
      <div className="sr-only">
        <table>
          <caption>{`${title}: ${summary}`}</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Reached</th>
              <th scope="col">Now</th>
              <th scope="col">Conversion to the next stage</th>
              <th scope="col">Median days in stage</th>
            </tr>
          </thead>
          <tbody>
            {funnel.stages.map((s) => (
              <tr key={s.name}>
                <th scope="row">{s.name}</th>
                <td>{s.reached}</td>
                <td>{s.now}</td>
                <td>{pct(s.conversion)}</td>
                <td>{days(s.medianDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
