/**
 * The range a session offers free times in (issue 36 item 2), pure so the Schedule form and the
 * server read it alike: dates (YYYY-MM-DD in the recruiter's zone, both days included) or ISO 8601
 * times, within the dates the Schedule form allows (today … today + 60 days).
 */
import { addDays, isValidTimeZone, parseDate, zonedToUtc } from "./zones";
import { selectableRange } from "./slots";

export const NO_FREE_TIMES = "No free times in this range: check the availability in Settings → Availability and the calendar";
export const RANGE_FORMAT = "Dates must be YYYY-MM-DD or ISO 8601 times";
export const RANGE_ORDER = "The last date must not be before the first";
const RANGE_PAST = "The range must end in the future";
export const RANGE_TOO_FAR = "Dates must be within the next 60 days";

type Range = { from: number; to: number } | { problem: string; field: "from" | "to" };

function instant(v: string, timeZone: string, endOfDay: boolean): number | null {
  if (parseDate(v)) {
    const t = zonedToUtc(endOfDay ? addDays(v, 1) : v, 0, 0, timeZone);
    return t ? t.getTime() : null;
  }
  // A time needs its zone written (Z or an offset): a bare local time would be read in the server's zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) return null;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : null;
}

export function offerRange(fromText: string, toText: string, timeZone: string, now: Date): Range {
  if (!isValidTimeZone(timeZone)) return { problem: "Unknown time zone", field: "from" };
  const from = instant(fromText, timeZone, false);
  if (from === null) return { problem: RANGE_FORMAT, field: "from" };
  const to = instant(toText, timeZone, true);
  if (to === null) return { problem: RANGE_FORMAT, field: "to" };
  if (to <= from) return { problem: RANGE_ORDER, field: "to" };
  if (to <= now.getTime()) return { problem: RANGE_PAST, field: "to" };
  const last = zonedToUtc(addDays(selectableRange(now, timeZone).last, 1), 0, 0, timeZone)!.getTime();
  if (to > last) return { problem: RANGE_TOO_FAR, field: "to" };
  return { from, to };
}
