import type { Chart } from "../model";

const fmt = (v: number) => (Number.isInteger(v) ? v.toLocaleString("en-GB") : v.toLocaleString("en-GB", { maximumFractionDigits: 1 }));

/** A horizontal bar chart drawn on the server (no script): one row per category, a bar per series or one stacked bar. */
export function BarChart({ chart, title }: { chart: Chart; title: string }) {
  const labelW = 170;
  const width = 720;
  const barMax = width - labelW - 90;
  const barH = chart.stacked ? 18 : Math.max(6, Math.floor(18 / chart.series.length) + 2);
  const rowH = (chart.stacked ? barH : barH * chart.series.length) + 10;
  const totals = chart.categories.map((_, i) => (chart.stacked ? chart.series.reduce((n, s) => n + (s.values[i] ?? 0), 0) : Math.max(...chart.series.map((s) => s.values[i] ?? 0))));
  const top = Math.max(1, ...totals);
  const legendH = 22;
  const height = Math.max(1, chart.categories.length) * rowH + legendH + 6;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full min-w-[30rem] max-w-4xl"
      role="img"
      aria-label={`${title} (${chart.unit}); the numbers are in the table`}
      data-testid="report-chart"
    >
      {chart.series.map((s, k) => (
        <g key={s.name}>
          <rect x={k * 150} y={2} width={12} height={12} fill={s.color} />
          <text x={k * 150 + 16} y={12} fontSize={12} fill="currentColor">
            {s.name}
          </text>
        </g>
      ))}
      {chart.categories.length ? null : (
        <text x={0} y={legendH + 16} fontSize={13} fill="currentColor">
          Nothing in this period.
        </text>
      )}
      {chart.categories.map((cat, i) => {
        const y = legendH + i * rowH;
        let x = labelW;
        return (
          <g key={`${cat}-${i}`}>
            <text x={0} y={y + 14} fontSize={12} fill="currentColor">
              {cat.length > 26 ? `${cat.slice(0, 25)}…` : cat}
            </text>
            {chart.series.map((s, k) => {
              const v = s.values[i] ?? 0;
              const w = Math.round((v / top) * barMax);
              const bar = chart.stacked ? (
                <rect key={s.name} x={x} y={y + 2} width={w} height={barH} fill={s.color} />
              ) : (
                <rect key={s.name} x={labelW} y={y + 2 + k * barH} width={Math.max(1, w)} height={barH - 2} fill={s.color} />
              );
              x += chart.stacked ? w : 0;
              return bar;
            })}
            <text x={labelW + Math.round((totals[i]! / top) * barMax) + 6} y={y + 14} fontSize={11} fill="currentColor">
              {fmt(totals[i]!)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
