import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

// The careers site's settings (issue 56 item 2) and a job's application form (item 4), as the API
// (GET/PUT /api/careers, GET/PUT /api/jobs/{id}/application-form) and the Settings pages take them.

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/;
const SLUG_MESSAGE = "Lower-case letters, digits and dashes, at most 50 (e.g. acme-recruiting)";
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const CareersInput = z.object({
  slug: z
    .string({ error: "Choose the site's address" })
    .trim()
    .toLowerCase()
    .regex(SLUG, SLUG_MESSAGE)
    // /careers/applications/{token} is the applicant's own page.
    .refine((v) => v !== "applications", "This address is reserved: choose another"),
  intro: text(2000),
  privacyNotice: text(20000),
  feedEmail: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, "Not an e-mail address"),
});
export type CareersSettings = z.infer<typeof CareersInput>;

export const CareersView = z.object({
  site: z
    .object({
      slug: z.string(),
      url: z.string(),
      intro: z.string().nullable(),
      privacyNotice: z.string().nullable(),
      feedEmail: z.string().nullable(),
      logoUrl: z.string().nullable(),
      sitemapUrl: z.string(),
      feedUrl: z.string(),
      rssUrl: z.string(),
    })
    .nullable(),
});
export type CareersSite = NonNullable<z.infer<typeof CareersView>["site"]>;

export const FIELD_MODES = ["required", "optional", "off"] as const;
export type FieldMode = (typeof FIELD_MODES)[number];
/** The standard fields besides name and e-mail (always asked, always required). */
export const STANDARD_FIELDS = ["phone", "linkedin", "cv", "note"] as const;
export type StandardField = (typeof STANDARD_FIELDS)[number];
export const FIELD_LABELS: Record<StandardField, string> = { phone: "Phone", linkedin: "LinkedIn profile", cv: "CV", note: "A note to the recruiter" };
export const DEFAULT_FIELDS: Record<StandardField, FieldMode> = { phone: "optional", linkedin: "optional", cv: "required", note: "optional" };

const mode = z.enum(FIELD_MODES, { error: "required, optional or off" });
const QuestionInput = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,40}$/i, "An id is letters, digits, _ and -")
      .optional(),
    label: z.string().trim().min(1, "Write the question").max(300, "At most 300 characters"),
    kind: z.enum(["yes_no", "choice", "text"], { error: "kind is yes_no, choice or text" }),
    options: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    mode: mode.default("required"),
    // The answer that flags the application for the recruiter (it never rejects by itself).
    knockout: z.string().trim().max(100).nullish(),
  })
  .refine((q) => q.kind !== "choice" || (q.options?.length ?? 0) >= 2, { message: "A choice needs at least two options", path: ["options"] })
  .refine((q) => q.kind !== "yes_no" || !q.knockout || ["yes", "no"].includes(q.knockout.toLowerCase()), {
    message: "A yes/no question's knock-out answer is yes or no",
    path: ["knockout"],
  })
  .refine((q) => q.kind !== "choice" || !q.knockout || (q.options ?? []).includes(q.knockout), { message: "The knock-out answer is one of the options", path: ["knockout"] });
export const FormInput = z.object({
  fields: z.object({ phone: mode, linkedin: mode, cv: mode, note: mode }).partial().optional(),
  questions: z.array(QuestionInput).max(20, "At most 20 questions").optional(),
});
export type Question = { id: string; label: string; kind: "yes_no" | "choice" | "text"; options: string[]; mode: FieldMode; knockout: string | null };
export type ApplicationForm = { fields: Record<StandardField, FieldMode>; questions: Question[] };
export const FormView = z.object({
  form: z.object({
    fields: z.object({ phone: mode, linkedin: mode, cv: mode, note: mode }),
    questions: z.array(z.object({ id: z.string(), label: z.string(), kind: z.enum(["yes_no", "choice", "text"]), options: z.array(z.string()), mode, knockout: z.string().nullable() })),
  }),
});

export const SlugParam = z.object({ slug: z.string().max(60) });
export const SlugJobParams = z.object({ slug: z.string().max(60), id: positiveId() });
// A query value as typed: one string (a comma is part of it, a repeated key keeps the first), bounded; anything else is ignored.
const queryText = (max: number) =>
  z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(",") : v),
      z
        .string()
        .catch("")
        .transform((v) => v.slice(0, max)),
    )
    .optional();
export const ListQuery = z.object({
  q: queryText(100),
  location: queryText(100),
  remote: queryText(20),
  type: queryText(20),
  source: queryText(60),
  utm_source: queryText(60),
  sent: queryText(2),
});
export const TokenParam = z.object({ token: z.string().max(100) });
