import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

// What makes a job publishable (issue 56 item 1): the fields of PATCH /api/jobs/{id} and of the
// job's Publishing page, and how GET /api/jobs shows them.
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"] as const;
export const REMOTE_KINDS = ["on_site", "hybrid", "remote"] as const;
export const SALARY_PERIODS = ["hour", "day", "week", "month", "year"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export type RemoteKind = (typeof REMOTE_KINDS)[number];
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export const EMPLOYMENT_LABELS: Record<EmploymentType, string> = { full_time: "Full time", part_time: "Part time", contract: "Contract", temporary: "Temporary", internship: "Internship" };
export const REMOTE_LABELS: Record<RemoteKind, string> = { on_site: "On site", hybrid: "Hybrid", remote: "Remote" };
export const PERIOD_LABELS: Record<SalaryPeriod, string> = { hour: "per hour", day: "per day", week: "per week", month: "per month", year: "per year" };

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);
const country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "A country is its two-letter ISO code (AU, GB, US…)")
  .transform((v) => v.toUpperCase());
const when = z
  .string()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), "A date such as 2027-03-31")
  .transform((v) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59Z` : v));

const SalaryInput = z
  .object({
    min: z.number().nonnegative("At least 0").nullish(),
    max: z.number().nonnegative("At least 0").nullish(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, "A currency is its three-letter ISO code (AUD, EUR…)")
      .transform((v) => v.toUpperCase()),
    period: z.enum(SALARY_PERIODS, { error: "Period is hour, day, week, month or year" }),
  })
  .refine((s) => s.min != null || s.max != null, { message: "Give a minimum, a maximum or both", path: ["min"] })
  .refine((s) => s.min == null || s.max == null || s.min <= s.max, { message: "The minimum is above the maximum", path: ["max"] });
export type Salary = { min: number | null; max: number | null; currency: string; period: SalaryPeriod };

/** The posting's fields in PATCH /api/jobs/{id} (each optional; null clears). */
export const PostingInput = z.object({
  published: z.boolean().optional(),
  closed: z.boolean().optional(),
  validThrough: when.nullish(),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: `Employment type is one of ${EMPLOYMENT_TYPES.join(", ")}` }).nullish(),
  remote: z.enum(REMOTE_KINDS, { error: "Remote is on_site, hybrid or remote" }).optional(),
  remoteCountries: z.array(country).max(50).optional(),
  city: text(100).optional(),
  region: text(100).optional(),
  country: country.nullish(),
  postalCode: text(20).optional(),
  salary: SalaryInput.nullish(),
  showClient: z.boolean().optional(),
  ownerId: positiveId("Invalid member").nullish(),
});
export type PostingPatch = z.infer<typeof PostingInput>;

export const PostingView = z.object({
  status: z.enum(["draft", "open", "closed"]),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  validThrough: z.string().nullable(),
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
  remote: z.enum(REMOTE_KINDS),
  remoteCountries: z.array(z.string()),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  salary: z.object({ min: z.number().nullable(), max: z.number().nullable(), currency: z.string(), period: z.enum(SALARY_PERIODS) }).nullable(),
  showClient: z.boolean(),
  ownerId: z.number().int().nullable(),
  descriptionHtml: z.string(),
  updatedAt: z.string(),
});
export type Posting = z.infer<typeof PostingView>;
