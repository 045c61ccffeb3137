import { badRequest } from "../../lib/errors";
import { type Availability } from "./offer-slots";
import { TIME_FORMAT } from "./availability-model";

/**
 * The Settings → Availability form without JavaScript (issue 36 item 1): one text field a
 * weekday ("09:00-12:00, 13:00-17:00"; empty: not available), one line an override date
 * ("2026-12-24 09:00-12:00" or "2026-12-24 off"), numbers for the rest. Turned into the API's
 * shape here and then checked by the same schema as PUT /api/availability.
 */

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
/** The week as the form lists it: Monday first. */
export const FORM_DAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export type AvailabilityForm = Record<string, string | undefined>;

const rangeText = (r: { start: string; end: string }) => `${r.start}-${r.end}`;

/** The form's fields for an availability. */
export function toForm(a: Availability): AvailabilityForm {
  const f: AvailabilityForm = {
    timeZone: a.timeZone,
    overrides: a.overrides.map((o) => `${o.date} ${o.ranges.length ? o.ranges.map(rangeText).join(", ") : "off"}`).join("\n"),
    bufferBeforeMinutes: String(a.bufferBeforeMinutes),
    bufferAfterMinutes: String(a.bufferAfterMinutes),
    minimumNoticeMinutes: String(a.minimumNoticeMinutes),
    maxInterviewsPerDay: a.maxInterviewsPerDay === null ? "" : String(a.maxInterviewsPerDay),
  };
  for (const d of FORM_DAYS)
    f[`day${d}`] = a.weekly
      .filter((r) => r.day === d)
      .map(rangeText)
      .join(", ");
  return f;
}

function ranges(text: string, field: string): { start: string; end: string }[] {
  const out: { start: string; end: string }[] = [];
  for (const part of text
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    // Accepts "9:00-17:00", "09:00 – 17:00" and "09.00-17.00".
    const m = /^(\d{1,2})[:.](\d{2})\s*[-–—]\s*(\d{1,2})[:.](\d{2})$/.exec(part);
    if (!m) throw badRequest(`${TIME_FORMAT}, e.g. 09:00-12:00, 13:00-17:00`, { [field]: `${TIME_FORMAT}, e.g. 09:00-12:00, 13:00-17:00` });
    out.push({ start: `${m[1]!.padStart(2, "0")}:${m[2]}`, end: `${m[3]!.padStart(2, "0")}:${m[4]}` });
  }
  return out;
}

const OVERRIDE_LINE = "Write each date on its own line: 2026-12-24 09:00-12:00, or 2026-12-25 off";
const whole = (v: string | undefined) => (v === undefined || v.trim() === "" ? undefined : /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);

/** The posted form as the API's input (not yet checked: AvailabilityInput does that). */
export function fromForm(f: AvailabilityForm): Record<string, unknown> {
  const weekly = FORM_DAYS.flatMap((day) => ranges(f[`day${day}`] ?? "", `day${day}`).map((r) => ({ day, ...r })));
  const overrides = (f.overrides ?? "")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const m = /^(\S+)\s+(.+)$/.exec(line);
      if (!m) throw badRequest(OVERRIDE_LINE, { overrides: OVERRIDE_LINE });
      return { date: m[1]!, ranges: /^(off|none|-)$/i.test(m[2]!.trim()) ? [] : ranges(m[2]!, "overrides") };
    });
  const cap = whole(f.maxInterviewsPerDay);
  return {
    timeZone: f.timeZone,
    weekly,
    overrides,
    bufferBeforeMinutes: whole(f.bufferBeforeMinutes) ?? 0,
    bufferAfterMinutes: whole(f.bufferAfterMinutes) ?? 0,
    minimumNoticeMinutes: whole(f.minimumNoticeMinutes) ?? 0,
    maxInterviewsPerDay: cap ?? null,
  };
}
