// Medians and 90th percentiles of the reports, pure so tests read the same maths.

/** The median (the mean of the middle two for an even count), or null for none. */
export function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The nearest-rank percentile (p in 0–100), or null for none. */
export function percentile(xs: number[], p: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

export const DAY_MS = 86_400_000;
export const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);
export const days = (ms: number | null) => round1(ms === null ? null : ms / DAY_MS);

/** The median and the 90th percentile of one list, sorted once (as numbers) for both: the same values as median() and percentile(). */
export function medianAndP90(xs: number[]): { median: number | null; p90: number | null } {
  if (!xs.length) return { median: null, p90: null };
  const s = Float64Array.from(xs).sort();
  const m = s.length >> 1;
  return { median: s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2, p90: s[Math.min(s.length - 1, Math.max(0, Math.ceil(0.9 * s.length) - 1))]! };
}
