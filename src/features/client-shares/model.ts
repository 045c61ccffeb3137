import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

/** What a share may show of a candidate. E-mail and phone only when ticked (never by default). */
export const SHARE_FIELDS = ["name", "role", "city", "summary", "note", "cv", "email", "phone"] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];
export const DEFAULT_SHARE_FIELDS: ShareField[] = ["name", "role", "city", "summary", "note", "cv"];
export const FIELD_LABELS: Record<ShareField, string> = {
  name: "Name",
  role: "Role",
  city: "City",
  summary: "Summary",
  note: "Your note per candidate",
  cv: "CV",
  email: "E-mail",
  phone: "Phone",
};
export const DEFAULT_EXPIRY_DAYS = 14;
export const MAX_EXPIRY_DAYS = 90;

export const INTERVIEW_DURATIONS = [30, 45, 60, 90, 120] as const;
export const DEFAULT_INTERVIEW_DURATION = 60;
/** The times a contact may pick: at most 3, from the free starts of the next 14 days, on the half hour. */
export const MAX_PICKS = 3;
export const PICK_WINDOW_DAYS = 14;
export const PICK_STEP_MINUTES = 30;

const CHOOSE_CONTACT = "Choose at least one client contact";

export const ShareInput = z.object({
  contactIds: z.array(z.coerce.number().int().positive(), { error: CHOOSE_CONTACT }).min(1, CHOOSE_CONTACT).max(20, "At most 20 contacts at once"),
  fields: z
    .array(z.enum(SHARE_FIELDS, { error: (i) => `Unknown field: ${String(i.input).slice(0, 40)}. Fields are: ${SHARE_FIELDS.join(", ")}` }))
    .max(SHARE_FIELDS.length)
    .optional(),
  // A date (YYYY-MM-DD, the end of that day in UTC) or a full ISO time; default 14 days from now.
  expiresAt: z.string().trim().max(40).nullish(),
  // An answer moves the candidate's applications for the client's jobs (Interested, Ask for an interview: to Interview; Not now: Rejected).
  moveApplications: z.boolean().optional(),
  // After "Ask for an interview" the contact picks up to 3 times from the sharer's free slots of the next two weeks.
  allowScheduling: z.boolean().optional(),
  // The length of the interview the contact picks times for (minutes; default 60).
  interviewDuration: z.coerce
    .number()
    .int()
    .refine((d) => (INTERVIEW_DURATIONS as readonly number[]).includes(d), "The interview's length must be 30, 45, 60, 90 or 120 minutes")
    .optional(),
});
export type ShareFields = z.infer<typeof ShareInput>;

const VERDICTS = ["interested", "not_now"] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<Verdict, string> = { interested: "Interested", not_now: "Not now" };

/** The client's answer about one candidate (the page's form, no JavaScript). */
export const AnswerInput = z.object({
  verdict: z.enum(VERDICTS, { error: "Choose Interested or Not now" }).nullish(),
  comment: z
    .string()
    .trim()
    .max(2000, "A comment must be at most 2000 characters")
    .nullish()
    .transform((v) => v || null),
  interview: z.boolean().optional(),
});
export type Answer = z.infer<typeof AnswerInput>;

const ShareView = z.object({
  id: z.number().int(),
  shortlistId: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable(), clientId: z.number().int(), clientName: z.string() }),
  fields: z.array(z.enum(SHARE_FIELDS)),
  moveApplications: z.boolean(),
  allowScheduling: z.boolean(),
  interviewDuration: z.number().int(),
  status: z.enum(["active", "expired", "revoked"]),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  firstViewedAt: z.string().nullable(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Share = z.infer<typeof ShareView>;
export const OneShare = z.object({ share: ShareView });
export const ShareList = z.object({ shares: z.array(ShareView) });
export const SharesMade = z.object({ shares: z.array(ShareView) });

const AnswerView = z.object({
  shareId: z.number().int(),
  candidateId: z.number().int(),
  contactName: z.string(),
  clientName: z.string(),
  verdict: z.enum(VERDICTS).nullable(),
  comment: z.string().nullable(),
  interviewRequestedAt: z.string().nullable(),
  /** The interview times the contact picked (at most 3), and the zone they saw them in. */
  pickedTimes: z.array(z.object({ start: z.string(), end: z.string() })),
  pickedTimeZone: z.string().nullable(),
  /** The scheduling session that offered the picked times to the candidate (null: not yet). */
  offeredSessionId: z.number().int().nullable(),
  answeredAt: z.string(),
});
export type AnswerRow = z.infer<typeof AnswerView>;
export const AnswerList = z.object({ answers: z.array(AnswerView) });

export const TokenParam = z.object({ token: z.string().max(100) });
export const TokenCandidateParam = z.object({ token: z.string().max(100), candidateId: positiveId() });
export const TokenFileParam = z.object({ token: z.string().max(100), fileId: positiveId() });

/** The times page's form (no JavaScript): the ticked starts (epoch ms) and the zone they were shown in. */
export const PickInput = z.object({
  starts: z.array(z.coerce.number().int().positive(), { error: "Choose at least one time" }).min(1, "Choose at least one time").max(MAX_PICKS, `Choose at most ${MAX_PICKS} times`),
  timeZone: z.string().trim().max(64),
});
export type Picks = z.infer<typeof PickInput>;
export const PickTimesQuery = z.object({ tz: z.string().max(64).optional() });
export const ShareCandidateParam = z.object({ id: positiveId(), candidateId: positiveId() });
