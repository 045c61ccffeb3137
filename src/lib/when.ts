/**
 * The one way Frank writes a date or a moment for a person to read (issue 60): in the reader's
 * zone, month first as the booking pages and the spec write dates ("Jan 4, 2027"), with the
 * zone's short name after a time ("Jan 4, 2027, 10:00 AM GMT+11"). Pure (Intl only), so
 * server pages, islands and e-mails share it. Formatters are built once per zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: "date" | "dateTime", timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const date: Intl.DateTimeFormatOptions = { timeZone, year: "numeric", month: "short", day: "numeric" };
    f = new Intl.DateTimeFormat("en-US", kind === "date" ? date : { ...date, hour: "numeric", minute: "2-digit", timeZoneName: "short" });
    if (formatters.size > 500) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

type Instant = string | number | Date;
const safeZone = (timeZone: string | null | undefined) => timeZone || "UTC";

/** "Jan 4, 2027": the day an instant falls on in the zone. */
export function formatDate(at: Instant, timeZone: string | null | undefined): string {
  return formatter("date", safeZone(timeZone)).format(new Date(at));
}

/** "Jan 4, 2027, 10:00 AM GMT+11": an instant in the zone, the zone named. */
export function formatDateTime(at: Instant, timeZone: string | null | undefined): string {
  return formatter("dateTime", safeZone(timeZone)).format(new Date(at));
}

/** "Jan 4, 2027" for a calendar date written YYYY-MM-DD (no zone: the date is the date). */
export function formatDay(date: string): string {
  return formatter("date", "UTC").format(new Date(`${date}T00:00:00Z`));
}
