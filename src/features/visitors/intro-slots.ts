/**
 * Intro-call slots from a weekly availability. Pure (Intl only, through the scheduling
 * module's zone helpers), so the page, the booking check and the tests share it.
 */
import { addDays, dateIn, parseDate, zonedToUtc, type TimeSlot } from "../scheduling/slots";

export interface WeeklyWindow {
  /** 0 = Sunday … 6 = Saturday, in the recruiter's zone. */
  day: number;
  start: string;
  end: string;
}

/** How far ahead a candidate may book, and the shortest notice. */
export const INTRO_DAYS_AHEAD = 14;
const INTRO_MIN_NOTICE_MS = 2 * 3_600_000;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function weekday(date: string): number {
  const d = parseDate(date)!;
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/**
 * Back-to-back slots of `duration` minutes inside each window, on the next `days` days of
 * the zone, starting no earlier than now + notice. Wall-clock times are read in the zone,
 * so 09:00 stays 09:00 across a daylight-saving change; a skipped start is left out.
 * The slots are shared between calls (see daySlots): read them, do not change them.
 */
export function weeklySlots(opts: { weekly: WeeklyWindow[]; timeZone: string; duration: number; now: Date; days?: number; noticeMs?: number }): TimeSlot[] {
  const earliest = opts.now.getTime() + (opts.noticeMs ?? INTRO_MIN_NOTICE_MS);
  const all = daySlots(opts.weekly, opts.timeZone, opts.duration, dateIn(opts.now, opts.timeZone), opts.days ?? INTRO_DAYS_AHEAD);
  // Sorted by start: skip the ones sooner than the notice.
  let i = 0;
  while (i < all.length && Date.parse(all[i]!.startTime) < earliest) i++;
  return all.slice(i);
}

// Every visit of /scheduleacall asks for the same days until the date changes, and reading
// wall-clock times in a zone (Intl) is the costly part: the day's slots are kept, per
// availability and first date, and only the notice is applied per call.
const generated = new Map<string, TimeSlot[]>();
const GENERATED_MAX = 200;

function daySlots(weekly: WeeklyWindow[], timeZone: string, duration: number, first: string, days: number): TimeSlot[] {
  const key = `${timeZone}|${duration}|${first}|${days}|${weekly.map((w) => `${w.day} ${w.start}-${w.end}`).join(",")}`;
  let slots = generated.get(key);
  if (!slots) {
    slots = generate(weekly, timeZone, duration, first, days);
    if (generated.size >= GENERATED_MAX) generated.clear();
    generated.set(key, slots);
  }
  return slots;
}

function generate(weekly: WeeklyWindow[], timeZone: string, duration: number, first: string, days: number): TimeSlot[] {
  const out = new Map<string, TimeSlot>();
  for (let i = 0; i <= days; i++) {
    const date = addDays(first, i);
    const dow = weekday(date);
    for (const w of weekly) {
      if (w.day !== dow) continue;
      const begin = minutes(w.start);
      const end = minutes(w.end);
      // Read the zone twice per window: when no clock change falls inside it (nearly always),
      // every slot is the window's start plus elapsed minutes.
      const from = zonedToUtc(date, Math.floor(begin / 60), begin % 60, timeZone);
      const to = zonedToUtc(date, Math.floor(end / 60), end % 60, timeZone);
      const steady = from && to && to.getTime() - from.getTime() === (end - begin) * 60_000;
      for (let m = begin; m + duration <= end; m += duration) {
        const start = steady ? new Date(from.getTime() + (m - begin) * 60_000) : zonedToUtc(date, Math.floor(m / 60), m % 60, timeZone);
        if (!start) continue;
        const iso = start.toISOString();
        out.set(iso, { startTime: iso, endTime: new Date(start.getTime() + duration * 60_000).toISOString() });
      }
    }
  }
  return [...out.values()].sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/** Leaves out the slots that overlap any busy interval. */
export function withoutBusy<S extends TimeSlot>(slots: S[], busy: { start: Date | number; end: Date | number }[]): S[] {
  if (!busy.length) return slots.slice();
  const b = busy.map((x) => [new Date(x.start).getTime(), new Date(x.end).getTime()] as const);
  return slots.filter((s) => {
    const start = Date.parse(s.startTime);
    const end = Date.parse(s.endTime);
    return !b.some(([bs, be]) => start < be && bs < end);
  });
}
