/**
 * Interview slots: generation, validation and display. Pure (only Intl), so the Schedule
 * Interview island, the server's validation and the tests share this one copy.
 *
 * A slot travels as UTC ISO-8601 ({ startTime, endTime }) with the recruiter's IANA time
 * zone named beside it. Wall-clock choices (date, hour, minute) are read in that zone, so
 * a window of 09:00–17:00 means 09:00–17:00 in Melbourne even across a daylight-saving change.
 */
import { addDays, dateIn, isValidTimeZone, MINUTE, parseDate, wallClock, zonedToUtc } from "./zones";

// One import for the island and the server: zone arithmetic and display live beside this file.
export { addDays, dateIn, isValidTimeZone, parseDate, zonedToUtc } from "./zones";
export * from "./slot-format";

export const DURATIONS = [30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 60;
export const MINUTE_CHOICES = [0, 15, 30, 45] as const;
export const HOUR_CHOICES = Array.from({ length: 24 }, (_, h) => h);
export const DEFAULT_WINDOW = { start: { hour: 9, minute: 0 }, end: { hour: 17, minute: 0 } };
/** Dates are selectable from today to today + 60 days (in the recruiter's zone). */
const MAX_DAYS_AHEAD = 60;
/** Slots start every hour from the window start. */
const SLOT_STEP_MINUTES = 60;
/** Upper bound on slots per session (60 days × 24 hours would be 1,464). */
const MAX_SLOTS = 500;

export interface TimeSlot {
  startTime: string;
  endTime: string;
}
interface WallTime {
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

const WINDOW_PASSED = "Today's window has already passed";
const WINDOW_TOO_SHORT = "The availability window is shorter than the interview duration.";

/** Why a window gave no slot that is still ahead: every one already started (today), or none fits at all. */
export function noSlotsReason(req: SlotRequest): string {
  return generateSlots(req).length ? WINDOW_PASSED : WINDOW_TOO_SHORT;
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
