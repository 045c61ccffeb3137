/**
 * An interview's time as both people read it: in the reader's zone first, and beside it in
 * the other person's, with zone names rather than offsets:
 *   "Thu 26 Nov, 10:00–11:00 AM London (9:00–10:00 PM Melbourne)".
 * Pure (Intl only): pages, e-mails and tests share it.
 */
import { formatTime } from "./slot-format";
import { dateIn } from "./zones";

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Thu 26 Nov" in the zone. */
export function dayText(at: Date, timeZone: string): string {
  let f = dayFormats.get(timeZone);
  if (!f) dayFormats.set(timeZone, (f = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" })));
  return f.format(at).replace(",", "");
}

/** "London" for Europe/London, "New York" for America/New_York, "UTC" for UTC. */
export function zoneName(timeZone: string): string {
  return (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");
}

/** "10:00–11:00 AM", or "11:30 AM–12:30 PM" across noon (and each in full where a wall time repeats). */
function rangeText(start: Date, end: Date, timeZone: string): string {
  const a = formatTime(start, timeZone);
  const b = formatTime(end, timeZone);
  const [at, ap, az] = a.split(" ");
  const [, bp, bz] = b.split(" ");
  return ap === bp && !az && !bz ? `${at}–${b}` : `${a}–${b}`;
}

/** The time in `zone`, with the other zone beside it when it differs (and its day when that differs too). */
export function dualTimeText(start: Date, end: Date, zone: string, other?: string | null): string {
  const main = `${dayText(start, zone)}, ${rangeText(start, end, zone)} ${zoneName(zone)}`;
  if (!other || other === zone || formatTime(start, other) + dayText(start, other) === formatTime(start, zone) + dayText(start, zone)) return main;
  const otherDay = dateIn(start, other) !== dateIn(start, zone) ? `${dayText(start, other)}, ` : "";
  return `${main} (${otherDay}${rangeText(start, end, other)} ${zoneName(other)})`;
}

/** "today", "tomorrow" or "on Thu 26 Nov": when the interview is, from where the reader is, at `now`. */
export function relativeDay(start: Date, now: Date, timeZone: string): string {
  const day = dateIn(start, timeZone);
  if (day === dateIn(now, timeZone)) return "today";
  if (day === dateIn(new Date(now.getTime() + 86_400_000), timeZone)) return "tomorrow";
  return `on ${dayText(start, timeZone)}`;
}
