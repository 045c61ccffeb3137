/**
 * Interview slots: generation, validation and display. Pure (only Intl), so the Schedule
 * Interview island, the server's validation and the tests share this one copy.
 *
 * A slot travels as UTC ISO-8601 ({ startTime, endTime }) with the recruiter's IANA time
 * zone named beside it. Wall-clock choices (date, hour, minute) are read in that zone, so
 * a window of 09:00–17:00 means 09:00–17:00 in Melbourne even across a daylight-saving change.
 */

export const DURATIONS = [30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 60;
export const MINUTE_CHOICES = [0, 15, 30, 45] as const;
export const HOUR_CHOICES = Array.from({ length: 24 }, (_, h) => h);
export const DEFAULT_WINDOW = { start: { hour: 9, minute: 0 }, end: { hour: 17, minute: 0 } };
/** Dates are selectable from today to today + 60 days (in the recruiter's zone). */
export const MAX_DAYS_AHEAD = 60;
/** Slots start every hour from the window start. */
export const SLOT_STEP_MINUTES = 60;
/** Upper bound on slots per session (60 days × 24 hours would be 1,464). */
export const MAX_SLOTS = 500;

export interface TimeSlot {
  startTime: string;
  endTime: string;
}
export interface WallTime {
  hour: number;
  minute: number;
}
export interface SlotRequest {
  /** Calendar dates, YYYY-MM-DD, in timeZone. */
  dates: string[];
  start: WallTime;
  end: WallTime;
  duration: number;
  timeZone: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

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
function cachedOffset(t: number, timeZone: string): number {
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

const toMs = (instant: string | Date | number) => (typeof instant === "number" ? instant : typeof instant === "string" ? new Date(instant).getTime() : instant.getTime());

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

const pad = (n: number) => String(n).padStart(2, "0");

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

/** First and last selectable dates: today … today + 60 days in the recruiter's zone. */
export function selectableRange(now: Date, timeZone: string): { first: string; last: string } {
  const first = dateIn(now, timeZone);
  return { first, last: addDays(first, MAX_DAYS_AHEAD) };
}

export function isSelectableDate(date: string, now: Date, timeZone: string): boolean {
  if (!parseDate(date)) return false;
  const { first, last } = selectableRange(now, timeZone);
  return date >= first && date <= last;
}

const minutesOf = (w: WallTime) => w.hour * 60 + w.minute;

/**
 * Slots on each date: starting every hour from the window start, each `duration` long,
 * none ending after the window end. A start the clocks skip (spring forward) is left out;
 * lengths are real elapsed minutes, so a slot never grows or shrinks at a DST change.
 */
export function generateSlots(req: SlotRequest): TimeSlot[] {
  const out: TimeSlot[] = [];
  const seen = new Set<string>();
  const startMin = minutesOf(req.start);
  const endMin = minutesOf(req.end);
  for (const date of [...new Set(req.dates)].sort()) {
    if (!parseDate(date)) continue;
    // A window ending at 00:00 means the end of the day.
    const windowEnd = endMin === 0 && startMin > 0 ? zonedToUtc(addDays(date, 1), 0, 0, req.timeZone) : zonedToUtc(date, req.end.hour, req.end.minute, req.timeZone);
    if (!windowEnd) continue;
    for (let m = startMin; m < 24 * 60; m += SLOT_STEP_MINUTES) {
      const start = zonedToUtc(date, Math.floor(m / 60), m % 60, req.timeZone);
      if (!start) continue;
      const end = new Date(start.getTime() + req.duration * MINUTE);
      if (end.getTime() > windowEnd.getTime()) break;
      const key = start.toISOString();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ startTime: key, endTime: end.toISOString() });
    }
  }
  return out.sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** Adds slots to a list without duplicates, keeping it ordered. */
export function mergeSlots(existing: TimeSlot[], added: TimeSlot[]): TimeSlot[] {
  const byStart = new Map(existing.map((s) => [s.startTime, s]));
  for (const s of added) if (!byStart.has(s.startTime)) byStart.set(s.startTime, s);
  return [...byStart.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/**
 * The server's check of slots sent by a client: each one `duration` long, starting on a
 * quarter hour of the zone, on a selectable date, not in the past, none repeated.
 * Returns the first problem, or null.
 */
export function slotProblem(slots: TimeSlot[], opts: { duration: number; timeZone: string; now: Date }): string | null {
  if (!isValidTimeZone(opts.timeZone)) return "Unknown time zone";
  if (!(DURATIONS as readonly number[]).includes(opts.duration)) return "Duration must be 30, 45, 60, 90 or 120 minutes";
  if (slots.length === 0) return "Missing information: Please select a candidate and add time slots";
  if (slots.length > MAX_SLOTS) return `At most ${MAX_SLOTS} time slots per session`;
  const seen = new Set<number>();
  for (const s of slots) {
    const start = Date.parse(s.startTime);
    const end = Date.parse(s.endTime);
    if (!Number.isFinite(start) || !Number.isFinite(end)) return "Time slots need a valid start and end time";
    if (end - start !== opts.duration * MINUTE) return "Each time slot must last the chosen duration";
    if (start < opts.now.getTime()) return "Time slots must be in the future";
    const w = wallClock(start, opts.timeZone);
    if (w.minute % 15 !== 0 || w.second !== 0 || start % 1000 !== 0) return "Time slots must start on a quarter hour";
    if (!isSelectableDate(dateIn(start, opts.timeZone), opts.now, opts.timeZone)) return "Dates must be within the next 60 days";
    if (seen.has(start)) return "Time slots must not repeat";
    seen.add(start);
  }
  return null;
}

// ---- Display -------------------------------------------------------------------------

/** "9:00 AM" (h:mm a) in the zone. */
export function formatTime(iso: string | Date, timeZone: string): string {
  const t = toMs(iso);
  // Minutes since the zone's midnight, straight from the offset: no Date per call.
  const m = (((Math.floor((t + cachedOffset(t, timeZone)) / MINUTE) % 1440) + 1440) % 1440);
  const hour = Math.floor(m / 60);
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${pad(m % 60)} ${hour < 12 ? "AM" : "PM"}`;
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
