import { z } from "zod";
import { canonicalZone, UNKNOWN_ZONE } from "../../lib/time-zone";
import { parseDate } from "./zones";

/** Shapes of GET/PUT /api/availability (issue 36); the rules they carry are offer-slots.ts's. */

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const TIME_FORMAT = "Times must be HH:MM, from 00:00 to 24:00";
export const RANGE_ORDER = "Each range must end after it starts";
export const RANGES_OVERLAP = "Ranges on one day must not overlap";
export const DAY_RANGE = "Day must be 0 (Sunday) to 6 (Saturday)";
export const DATE_FORMAT = "Dates must be YYYY-MM-DD";
export const DATE_TWICE = "Each date may have one override";
export const BUFFER_RANGE = "Buffers must be whole minutes from 0 to 480";
export const NOTICE_RANGE = "Minimum notice must be whole minutes from 0 to 43200 (30 days)";
export const CAP_RANGE = "The daily limit must be empty (no limit) or a whole number from 1 to 50";

const time = z.string({ error: TIME_FORMAT }).regex(HHMM, TIME_FORMAT);
const Range = z.object({ start: time, end: time }).refine((r) => r.end > r.start, { message: RANGE_ORDER, path: ["end"] });
const Weekly = Range.safeExtend({ day: z.number({ error: DAY_RANGE }).int(DAY_RANGE).min(0, DAY_RANGE).max(6, DAY_RANGE) });

/** True when two of the ranges overlap (touching is fine: 09:00–12:00 and 12:00–17:00). */
function rangesOverlap(ranges: { start: string; end: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((r, i) => i > 0 && r.start < sorted[i - 1]!.end);
}

export const AvailabilityInput = z
  .object({
    timeZone: z
      .string({ error: UNKNOWN_ZONE })
      .refine((v) => canonicalZone(v) !== null, UNKNOWN_ZONE)
      .transform((v) => canonicalZone(v)!)
      .optional(),
    weekly: z
      .array(Weekly, { error: "weekly must be a list of {day, start, end}" })
      .max(70, "At most 70 weekly ranges")
      .refine((w) => [0, 1, 2, 3, 4, 5, 6].every((d) => !rangesOverlap(w.filter((r) => r.day === d))), RANGES_OVERLAP)
      .optional(),
    overrides: z
      .array(
        z.object({
          date: z.string({ error: DATE_FORMAT }).refine((d) => parseDate(d) !== null, DATE_FORMAT),
          ranges: z
            .array(Range, { error: "ranges must be a list of {start, end} (empty: a day off)" })
            .max(10, "At most 10 ranges on one date")
            .refine((r) => !rangesOverlap(r), RANGES_OVERLAP),
        }),
        { error: "overrides must be a list of {date, ranges}" },
      )
      .max(400, "At most 400 date overrides")
      .refine((o) => new Set(o.map((x) => x.date)).size === o.length, DATE_TWICE)
      .optional(),
    bufferBeforeMinutes: z.number({ error: BUFFER_RANGE }).int(BUFFER_RANGE).min(0, BUFFER_RANGE).max(480, BUFFER_RANGE).optional(),
    bufferAfterMinutes: z.number({ error: BUFFER_RANGE }).int(BUFFER_RANGE).min(0, BUFFER_RANGE).max(480, BUFFER_RANGE).optional(),
    minimumNoticeMinutes: z.number({ error: NOTICE_RANGE }).int(NOTICE_RANGE).min(0, NOTICE_RANGE).max(43_200, NOTICE_RANGE).optional(),
    maxInterviewsPerDay: z.number({ error: CAP_RANGE }).int(CAP_RANGE).min(1, CAP_RANGE).max(50, CAP_RANGE).nullable().optional(),
  })
  .strict();
export type AvailabilityInput = z.infer<typeof AvailabilityInput>;

export const AvailabilityQuery = z.object({ userId: z.coerce.number({ error: "userId must be a member's id" }).int().positive("userId must be a member's id").optional() });

const RangeOut = z.object({ start: z.string(), end: z.string() });
export const AvailabilityAnswer = z.object({
  timeZone: z.string(),
  weekly: z.array(RangeOut.extend({ day: z.number().int() })),
  overrides: z.array(z.object({ date: z.string(), ranges: z.array(RangeOut) })),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  minimumNoticeMinutes: z.number().int(),
  maxInterviewsPerDay: z.number().int().nullable(),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswer>;
