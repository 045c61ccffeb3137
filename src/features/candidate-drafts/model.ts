import { z } from "zod";
import { emailField, linkedinField, phoneField, skillsField, summaryField } from "../candidates/edit-model";
import { ParticipantView } from "../candidates/model";
import { FileView } from "../candidate-files/model";

/** At most this many CVs in one upload (each at most 10 MB, all together at most MAX_CALL_BYTES). */
export const MAX_FILES_PER_CALL = 20;
export const MAX_CALL_BYTES = 50 * 1024 * 1024;

const text = z.string().nullable();
const DraftFieldsView = z.object({
  name: text,
  email: text,
  phone: text,
  city: text,
  role: text,
  linkedin: text,
  summary: text.describe("Up to three lines"),
  skills: text.describe("Comma-separated"),
});

const DraftView = z.object({
  id: z.number().int(),
  status: z.enum(["reading", "ready", "failed"]),
  file: z.object({ name: z.string(), type: z.enum(["pdf", "docx", "txt"]), size: z.number().int() }),
  textStatus: z.enum(["pending", "done", "empty", "failed"]),
  /** What the page says: "Reading…", "No text found in this file", "The text of this file could not be read". */
  note: z.string().nullable(),
  fields: DraftFieldsView,
  proposedBy: z.enum(["rules", "model"]).nullable(),
  /** The candidate of the workspace with the proposed e-mail: confirming merges into them. */
  mergesInto: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type Draft = z.infer<typeof DraftView>;
export const DraftList = z.object({ drafts: z.array(DraftView) });
export const OneDraft = z.object({ draft: DraftView });
export const DraftsMade = z.object({
  drafts: z.array(DraftView),
  /** Files of the upload that were refused (wrong type, too large, empty), each with why. */
  refused: z.array(z.object({ name: z.string(), status: z.number().int(), message: z.string() })),
});

const short = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(200, `${label} must be at most 200 characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));
const orEmpty = <T extends z.ZodType>(f: T) => z.union([f, z.literal("").transform(() => null), z.null()]).optional();

/**
 * POST /api/participant-drafts/{id}/confirm: the fields as corrected; a field left out keeps the
 * proposal, "" or null clears it. Also accepted: emailAddress, jobTitle, linkedinUrl (the
 * candidate's own names).
 */
export const ConfirmInput = z.preprocess(
  (v) => {
    const o = v && typeof v === "object" ? { ...(v as Record<string, unknown>) } : {};
    o.email ??= o.emailAddress;
    o.role ??= o.jobTitle;
    o.linkedin ??= o.linkedinUrl;
    delete o.emailAddress;
    delete o.jobTitle;
    delete o.linkedinUrl;
    return o;
  },
  z.object({
    name: short("Name"),
    email: orEmpty(emailField),
    phone: orEmpty(phoneField),
    city: short("City"),
    role: short("Role"),
    linkedin: orEmpty(linkedinField),
    summary: summaryField,
    skills: skillsField,
  }),
);
export type ConfirmFields = z.infer<typeof ConfirmInput>;

export const Confirmed = z.object({
  /** created: a new candidate; merged: the e-mail was known, the CV went to that candidate. */
  outcome: z.enum(["created", "merged"]),
  merged: z.boolean(),
  candidate: ParticipantView,
  file: FileView,
  /** Fields of a known candidate that were empty and now hold the CV's value. */
  filled: z.array(z.string()),
  /** Fields of a known candidate that kept their own value although the CV says otherwise. */
  kept: z.array(z.string()),
});
export type ConfirmResult = z.infer<typeof Confirmed>;
export const Discarded = z.object({ deleted: z.literal(true), id: z.number().int() });
