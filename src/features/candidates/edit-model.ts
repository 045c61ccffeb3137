import { z } from "zod";

const MAX_SHORT = 200;
const MAX_LONG = 100_000;

// Text a recruiter may clear: "" and null both mean "no value".
const short = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX_SHORT, `${label} must be at most ${MAX_SHORT} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
const long = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(MAX_LONG, `${label} must be at most ${MAX_LONG} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v?.trim() ? v : null));

export const stageField = z.coerce
  .number({ error: "Stage must be a number from 1 to 5" })
  .int("Stage must be a number from 1 to 5")
  .min(1, "Stage must be a number from 1 to 5")
  .max(5, "Stage must be a number from 1 to 5");

export const emailField = z.string().trim().toLowerCase().max(254, "Enter a valid e-mail address").email("Enter a valid e-mail address");
export const linkedinField = z
  .string()
  .trim()
  .max(500, "LinkedIn URL must be at most 500 characters")
  .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "LinkedIn URL must start with http:// or https://");

export const PHONE_MESSAGE = "Enter a phone number: 6 to 15 digits, with +, spaces, dashes or brackets";
/** A phone number as people write it: "+44 7700 900123", "(415) 555-0132", "0412 345 678", "+1 415 555 0132 ext. 12" is not one. */
export const phoneField = z
  .string()
  .trim()
  .max(40, PHONE_MESSAGE)
  .refine((v) => /^\+?[\d\s().\-/]+$/.test(v) && /^\d{6,15}$/.test(v.replace(/\D/g, "")), PHONE_MESSAGE);

const SUMMARY_MAX = 2000;
const SKILLS_MAX = 1000;
/** Skills as one text ("Go, Kubernetes"); a list is accepted and joined. */
export const skillsField = z.preprocess(
  (v) =>
    Array.isArray(v)
      ? v
          .map((x) => String(x).trim())
          .filter(Boolean)
          .join(", ")
      : v,
  z
    .string({ error: "Skills must be text or a list of texts" })
    .trim()
    .max(SKILLS_MAX, `Skills must be at most ${SKILLS_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
);
export const summaryField = z
  .string({ error: "Summary must be text" })
  .max(SUMMARY_MAX, `Summary must be at most ${SUMMARY_MAX} characters`)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v?.trim() ? v.trim() : null));

/** PATCH /api/participants/{id}: any subset of the §3 fields; unknown fields (id, createdAt...) are ignored. */
export const PatchParticipantInput = z
  .object({
    name: z.string({ error: "Name must be text" }).trim().min(1, "Name cannot be empty").max(MAX_SHORT, `Name must be at most ${MAX_SHORT} characters`).optional(),
    emailAddress: z.union([emailField, z.literal("").transform(() => null), z.null()]).optional(),
    city: short("City"),
    jobTitle: short("Job title"),
    roleApplied: short("Role applied"),
    linkedinUrl: z.union([linkedinField, z.literal("").transform(() => null), z.null()]).optional(),
    phone: z.union([phoneField, z.literal("").transform(() => null), z.null()]).optional(),
    industry: short("Industry"),
    visaStatus: short("Visa status"),
    salaryExpectation: short("Salary expectation"),
    availability: short("Availability"),
    stages: stageField.optional(),
    prequalifier: long("Prequalifier"),
    assessment: long("Assessment"),
    voiceTranscript: long("Voice transcript"),
    summary: summaryField,
    skills: skillsField,
    isTest: z.boolean({ error: "isTest must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change: send at least one field" });
export type PatchParticipant = z.infer<typeof PatchParticipantInput>;

/** POST /api/participants/{id}/notes: the text as `body` (also accepted as `text`, `note` or `content`). */
export const NoteInput = z
  .object({ body: z.unknown().optional(), text: z.unknown().optional(), note: z.unknown().optional(), content: z.unknown().optional() })
  .transform((v) => ({ body: v.body ?? v.text ?? v.note ?? v.content }))
  .pipe(
    z.object({
      body: z.string({ error: "Please write a note" }).trim().min(1, "Please write a note").max(10_000, "A note must be at most 10,000 characters"),
    }),
  );

export interface Note {
  id: number;
  participantId: number;
  body: string;
  /** The author's name (or e-mail) as it was when the note was written. */
  author: string;
  authorId: number | null;
  createdAt: string;
}
