// The fee maths of a placement (issue 58), pure so the service, the form and tests share one copy.
// Money is in minor units (cents) of the salary's currency; percentages in basis points (1% = 100).

export const SALARY_PERIODS = ["year", "month", "week", "day", "hour"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** How many of a period make a year: 52 weeks of 5 days of 8 hours. */
const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { year: 1, month: 12, week: 52, day: 260, hour: 2080 };

export const PERIOD_LABELS: Record<SalaryPeriod, string> = { year: "per year", month: "per month", week: "per week", day: "per day", hour: "per hour" };

/** The annual salary of an amount paid per period. */
export const annualCents = (salaryCents: number, period: SalaryPeriod): number => salaryCents * PERIODS_PER_YEAR[period];

export type FeeRule = { type: "percent"; basisPoints: number } | { type: "fixed"; cents: number };

/** The fee: a share of the annual salary (rounded to the cent, half away from zero) or the fixed sum. */
export function feeCents(salaryCents: number, period: SalaryPeriod, rule: FeeRule): number {
  if (rule.type === "fixed") return rule.cents;
  return Math.round((annualCents(salaryCents, period) * rule.basisPoints) / 10_000);
}

/** The share of the fee given back when the candidate leaves within the guarantee. */
export const refundCents = (fee: number, refundBasisPoints: number): number => Math.round((fee * refundBasisPoints) / 10_000);

/**
 * Each member's part of an amount by their basis points, in cents that add up to the amount
 * exactly: each gets the floor of their share, and the cents left go to the largest remainders.
 */
export function splitAmount(amount: number, shares: { userId: number; basisPoints: number }[]): Map<number, number> {
  const parts = shares.map((s) => {
    const exact = (amount * s.basisPoints) / 10_000;
    return { userId: s.userId, cents: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  let left = amount - parts.reduce((n, p) => n + p.cents, 0);
  for (const p of [...parts].sort((a, b) => b.rest - a.rest || a.userId - b.userId)) {
    if (left <= 0) break;
    p.cents++;
    left--;
  }
  return new Map(parts.map((p) => [p.userId, p.cents]));
}

/** "55,000.50" or 55000.5 → 5500050 cents; null when it is not an amount. */
export function parseMoney(v: unknown): number | null {
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(/[\s,_']/g, "") : "";
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** "20" or 12.5 → basis points (2000, 1250); null unless 0–100 with at most two decimals. */
export function parsePercent(v: unknown): number | null {
  const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim().replace(/%$/, "").trim() : "";
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const [whole, frac = ""] = s.split(".");
  const bp = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

export const centsToAmount = (cents: number): number => Math.round(cents) / 100;
export const basisPointsToPercent = (bp: number): number => bp / 100;

/** 5500050, "EUR" → "€55,000.50" (en-GB grouping; an unknown code is written before the number). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-GB", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

/** A YYYY-MM-DD date plus some days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
