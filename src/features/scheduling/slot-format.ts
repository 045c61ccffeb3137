/** How slots read to people: h:mm a times, long dates and day groups in the slot's zone. Pure (only Intl). */
import { cachedOffset, dateIn, DAY, MINUTE, pad, toMs } from "./zones";

/**
 * "9:00 AM" (h:mm a) in the zone. Where the wall time happens twice (the hour the clocks go back),
 * the zone's short name or offset follows, so the two read apart: "2:30 AM GMT+11", "2:30 AM GMT+10".
 */
export function formatTime(iso: string | Date, timeZone: string): string {
  const t = toMs(iso);
  // Minutes since the zone's midnight, straight from the offset: no Date per call.
  const m = ((Math.floor((t + cachedOffset(t, timeZone)) / MINUTE) % 1440) + 1440) % 1440;
  const hour = Math.floor(m / 60);
  const h = hour % 12 === 0 ? 12 : hour % 12;
  const text = `${h}:${pad(m % 60)} ${hour < 12 ? "AM" : "PM"}`;
  return wallTimeRepeats(t, timeZone) ? `${text} ${zoneAbbreviation(new Date(t), timeZone)}` : text;
}

/** Whether another instant shows the same wall time in the zone (the clocks went back around it). */
function wallTimeRepeats(t: number, timeZone: string): boolean {
  const before = cachedOffset(t - 6 * 60 * MINUTE, timeZone);
  const after = cachedOffset(t + 6 * 60 * MINUTE, timeZone);
  if (before <= after) return false;
  const back = before - after;
  const off = cachedOffset(t, timeZone);
  return cachedOffset(t + back, timeZone) === off - back || cachedOffset(t - back, timeZone) === off + back;
}

const longDateFormatters = new Map<string, Intl.DateTimeFormat>();
/** "Monday, March 9, 2026" in the zone. */
export function formatLongDate(iso: string | Date | number, timeZone: string): string {
  let f = longDateFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", year: "numeric", month: "long", day: "numeric" });
    longDateFormatters.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

// Building an Intl.DateTimeFormat costs far more than using one: keep one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = timeZone + JSON.stringify(opts);
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat("en-US", { timeZone, ...opts })));
  return f;
}

/** "Mon, Mar 9" for compact lists. */
export function formatShortDate(iso: string | Date, timeZone: string): string {
  return formatter(timeZone, { weekday: "short", month: "short", day: "numeric" }).format(new Date(iso));
}

/** The zone's short name at an instant ("AEDT", "GMT+11", "EST"). */
export function zoneAbbreviation(iso: string | Date, timeZone: string): string {
  const p = formatter(timeZone, { timeZoneName: "short" }).formatToParts(new Date(iso));
  return p.find((x) => x.type === "timeZoneName")?.value ?? timeZone;
}

// A day's heading depends only on the zone and the local day, and Intl's format costs a few
// µs a call: kept per zone and day (bounded).
const headings = new Map<string, string>();
function dayHeading(t: number, day: number, timeZone: string): string {
  const key = `${timeZone}|${day}`;
  let h = headings.get(key);
  if (h === undefined) {
    if (headings.size > 5_000) headings.clear();
    headings.set(key, (h = formatLongDate(t, timeZone)));
  }
  return h;
}

// Slot times are ISO-8601 UTC strings of one format, so plain string order is time order
// (and much cheaper than localeCompare, which goes through the collator).
const byStartTime = (a: { startTime: string }, b: { startTime: string }) => (a.startTime < b.startTime ? -1 : a.startTime > b.startTime ? 1 : 0);

/** Slots grouped by their day in the zone, in order; each group headed by its long date. */
export function groupByDay<S extends { startTime: string }>(slots: S[], timeZone: string): { date: string; heading: string; slots: S[] }[] {
  // Keyed by the local day number; the date text and heading are built once per day.
  const groups = new Map<number, { date: string; heading: string; slots: S[] }>();
  for (const s of [...slots].sort(byStartTime)) {
    const t = toMs(s.startTime);
    const day = Math.floor((t + cachedOffset(t, timeZone)) / DAY);
    let g = groups.get(day);
    if (!g) groups.set(day, (g = { date: dateIn(t, timeZone), heading: dayHeading(t, day, timeZone), slots: [] }));
    g.slots.push(s);
  }
  return [...groups.values()];
}

// "Tuesday 24 November" per zone and local day, built once (Intl is the costly part).
const spokenDays = new Map<string, string>();
function spokenDay(t: number, timeZone: string): string {
  const key = `${timeZone}|${Math.floor((t + cachedOffset(t, timeZone)) / DAY)}`;
  let s = spokenDays.get(key);
  if (s === undefined) {
    if (spokenDays.size > 5_000) spokenDays.clear();
    const parts = formatter(timeZone, { weekday: "long", day: "numeric", month: "long" }).formatToParts(new Date(t));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    spokenDays.set(key, (s = `${part("weekday")} ${part("day")} ${part("month")}`));
  }
  return s;
}

/**
 * A slot as a screen reader should say it: "9:00 AM to 10:00 AM, Tuesday 24 November".
 * The visible text is two bare times, which reads as "9:00 AM 10:00 AM".
 */
export function slotLabel(start: string | Date, end: string | Date, timeZone: string): string {
  return `${formatTime(start, timeZone)} to ${formatTime(end, timeZone)}, ${spokenDay(toMs(start), timeZone)}`;
}
