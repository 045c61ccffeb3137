import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";
import { SALARY_PERIODS, parseMoney, parsePercent } from "./fee";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .refine((v) => DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${what} must be a date like 2027-01-31`);
/** An optional date: "" from a form is none. */
const optionalDate = (what: string) => z.preprocess((v) => (v === "" ? undefined : v), date(what).optional());
const money = (what: string) =>
  z.union([z.number(), z.string()], { error: `${what} is required` }).transform((v, ctx) => {
    const cents = parseMoney(v);
    if (cents === null) ctx.addIssue({ code: "custom", message: `${what} must be an amount like 55000 or 55000.50` });
    return cents ?? 0;
  });
const percent = (what: string) =>
  z.union([z.number(), z.string()], { error: `${what} is required` }).transform((v, ctx) => {
    const bp = parsePercent(v);
    if (bp === null) ctx.addIssue({ code: "custom", message: `${what} must be a percentage from 0 to 100` });
    return bp ?? 0;
  });
const blankIsNone = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === "" || v === null ? undefined : v), s.optional());

const Split = z.object({ userId: positiveId("Choose a member"), percent: percent("A split's share") });

/** The fields of a placement, as the API and the form send them (amounts in the currency's units). */
const fields = {
  startDate: date("Start date"),
  salary: money("Salary"),
  currency: z
    .string({ error: "Currency is required" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Currency must be a three-letter code like EUR"),
  salaryPeriod: z.enum(SALARY_PERIODS, { error: `Salary period must be one of ${SALARY_PERIODS.join(", ")}` }).default("year"),
  feeType: z.enum(["percent", "fixed"], { error: "Fee must be percent or fixed" }),
  feePercent: blankIsNone(percent("Fee percentage")),
  feeAmount: blankIsNone(money("Fixed fee")),
  invoiceDate: optionalDate("Invoice date"),
  guaranteeDays: z.coerce
    .number({ error: "Guarantee must be a number of days" })
    .int("Guarantee must be a whole number of days")
    .min(0, "Guarantee cannot be negative")
    .max(3650, "Guarantee must be at most 3650 days")
    .default(0),
  splits: z.array(Split).min(1, "Add at least one member to the split").max(20, "At most 20 members share a fee").optional(),
};

export const CreatePlacementInput = z.object({ applicationId: positiveId("Choose an application"), ...fields });
export type CreatePlacement = z.infer<typeof CreatePlacementInput>;

/** What a PATCH may change: the fields, and the placement's course (invoiced, paid, fallen through; null undoes). */
export const UpdatePlacementInput = z.object({
  startDate: fields.startDate.optional(),
  salary: fields.salary.optional(),
  currency: fields.currency.optional(),
  salaryPeriod: z.enum(SALARY_PERIODS, { error: `Salary period must be one of ${SALARY_PERIODS.join(", ")}` }).optional(),
  feeType: fields.feeType.optional(),
  feePercent: fields.feePercent,
  feeAmount: fields.feeAmount,
  invoiceDate: optionalDate("Invoice date"),
  guaranteeDays: z.coerce
    .number({ error: "Guarantee must be a number of days" })
    .int("Guarantee must be a whole number of days")
    .min(0, "Guarantee cannot be negative")
    .max(3650, "Guarantee must be at most 3650 days")
    .optional(),
  splits: fields.splits,
  invoicedOn: date("Invoiced on").nullable().optional(),
  paidOn: date("Paid on").nullable().optional(),
  fellThroughOn: date("Fell through on").nullable().optional(),
  refundPercent: blankIsNone(percent("Refund share")),
});
export type UpdatePlacement = z.infer<typeof UpdatePlacementInput>;

/** The plain form's rows of the split: split1User/split1Percent … split6User/split6Percent (blank rows skipped). */
export const SPLIT_ROWS = 6;
export function splitsFromForm(body: Record<string, unknown>): { userId: unknown; percent: unknown }[] | undefined {
  const rows: { userId: unknown; percent: unknown }[] = [];
  for (let i = 1; i <= SPLIT_ROWS; i++) {
    const userId = body[`split${i}User`];
    const pct = body[`split${i}Percent`];
    if ((userId === undefined || userId === "") && (pct === undefined || pct === "")) continue;
    rows.push({ userId, percent: pct });
  }
  return rows.length ? rows : undefined;
}

export const PlacementStatus = z.enum(["expected", "invoiced", "paid", "fallen_through"]);
export type PlacementStatus = z.infer<typeof PlacementStatus>;

const PlacementView = z.object({
  id: z.number().int(),
  applicationId: z.number().int(),
  candidateId: z.number().int(),
  candidateName: z.string().nullable(),
  jobId: z.number().int(),
  jobTitle: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  startDate: z.string(),
  salary: z.number(),
  currency: z.string(),
  salaryPeriod: z.enum(SALARY_PERIODS),
  annualSalary: z.number(),
  feeType: z.enum(["percent", "fixed"]),
  feePercent: z.number().nullable(),
  fee: z.number(),
  invoiceDate: z.string(),
  guaranteeDays: z.number().int(),
  guaranteeUntil: z.string(),
  status: PlacementStatus,
  invoicedOn: z.string().nullable(),
  paidOn: z.string().nullable(),
  fellThroughOn: z.string().nullable(),
  refundPercent: z.number().nullable(),
  refund: z.number(),
  netFee: z.number(),
  splits: z.array(z.object({ userId: z.number().int(), name: z.string(), percent: z.number(), amount: z.number() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Placement = z.infer<typeof PlacementView>;

export const PlacementList = z.object({ placements: z.array(PlacementView) });
export const OnePlacement = z.object({ placement: PlacementView });
export const PlacementsQuery = z.object({
  from: optionalDate("From"),
  to: optionalDate("To"),
  clientId: blankIsNone(positiveId("Unknown client")),
  jobId: blankIsNone(positiveId("Unknown job")),
  recruiterId: blankIsNone(positiveId("Unknown member")),
  applicationId: blankIsNone(positiveId("Unknown application")),
});
export type PlacementsFilter = z.infer<typeof PlacementsQuery>;
export const NewPlacementQuery = z.object({ application: blankIsNone(positiveId("Unknown application")) });
