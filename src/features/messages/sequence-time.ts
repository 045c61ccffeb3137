// Pure: when a sequence's step falls due.

/** `days` after `from`, counting only Monday to Friday (UTC) when `business`; the time of day kept. */
export function dueAfter(from: Date, days: number, business: boolean): Date {
  const d = new Date(from);
  if (!business) return new Date(d.getTime() + days * 86_400_000);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  // A step due on a weekend (zero days from a Saturday) waits for Monday.
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
