/**
 * Time-zone arithmetic for slots: wall-clock readings, zone offsets (cached per zone and
 * quarter-hour), dates in a zone. Pure (only Intl).
 */
export const MINUTE = 60_000;
export const DAY = 86_400_000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const QUARTER_HOUR = 15 * 60_000;
const OFFSET_CACHE_LIMIT = 20_000;
const offsetCache = new Map<string, Map<number, number>>();
let offsetsCached = 0;

/**
 * The zone's offset from UTC (local − UTC, ms) at an instant. Offsets are whole quarter
 * hours and change only on quarter-hour boundaries, so one formatToParts per zone and
 * quarter hour is enough; the result is cached (bounded) because pages format the same
 * slots again. One map per zone keyed by number: no key string is built per call.
 */
export function cachedOffset(t: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(t / QUARTER_HOUR);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    offset = offsetAt(t, timeZone);
    if (++offsetsCached > OFFSET_CACHE_LIMIT) {
      offsetCache.clear();
      offsetCache.set(timeZone, (zone = new Map()));
      offsetsCached = 1;
    }
    zone.set(quarter, offset);
  }
  return offset;
}

export const toMs = (instant: string | Date | number) => (typeof instant === "number" ? instant : typeof instant === "string" ? new Date(instant).getTime() : instant.getTime());

/** The wall-clock reading of an instant in a zone. */
export function wallClock(instant: Date | number, timeZone: string) {
  const t = toMs(instant);
  const d = new Date(t + cachedOffset(t, timeZone));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

function wallClockSlow(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  const hour = parts.hour === 24 ? 0 : parts.hour!;
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClockSlow(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

export const pad = (n: number) => String(n).padStart(2, "0");

export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * The instant at which the zone's clocks show date hour:minute. Null when that reading
 * does not exist (skipped by a daylight-saving change); the earlier one when it occurs twice.
 */
export function zonedToUtc(date: string, hour: number, minute: number, timeZone: string): Date | null {
  const d = parseDate(date);
  if (!d) return null;
  const naive = Date.UTC(d.year, d.month - 1, d.day, hour, minute);
  const offsets = new Set([offsetAt(naive - DAY / 2, timeZone), offsetAt(naive, timeZone), offsetAt(naive + DAY / 2, timeZone)]);
  const matches = [...offsets]
    .map((o) => naive - o)
    .filter((t) => {
      const w = wallClock(t, timeZone);
      return w.year === d.year && w.month === d.month && w.day === d.day && w.hour === hour && w.minute === minute;
    })
    .sort((a, b) => a - b);
  return matches.length ? new Date(matches[0]!) : null;
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function dateIn(instant: Date | number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

export function addDays(date: string, days: number): string {
  const d = parseDate(date)!;
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}
