import { z } from "zod";
import { ParticipantView } from "../candidates/model";
import { PatchParticipantInput } from "../candidates/edit-model";
import { CandidateSettingsInput } from "../candidates/settings";

// ---- Answers of /api/participants/… that span features (docs/decisions/0020) ----------------

export const DuplicateList = z.object({ duplicates: z.array(z.object({ emailAddress: z.string(), candidates: z.array(ParticipantView) })) });
export const MergeResult = z.object({ participant: ParticipantView, merged: z.array(z.number().int()) });
/** GET /api/participants/{id}/export: the person's record and each list Frank keeps about them. */
const records = z.array(z.looseObject({}));
export const CandidateExport = z.object({
  exportedAt: z.string(),
  participant: ParticipantView,
  conversations: z.array(z.unknown()),
  notes: records,
  shortlists: records,
  sessions: records,
  interviews: records,
  emails: records,
  chatEvents: records,
  history: records,
  applications: records,
  feedback: records,
  automatedTools: z.object({ title: z.string(), explanation: z.string(), items: records }),
  messages: records,
  /** Issue 55: the sequences they are or were in (the next step, or why it stopped). */
  sequences: records,
});
export const TestDataCount = z.object({ count: z.number().int() });
export const TestDataRemoved = z.object({ success: z.literal(true), removed: z.number().int() });
export const Erased = z.object({ success: z.literal(true), erased: z.number().int(), interviewsKept: z.number().int() });
export const CandidateActivity = z.object({
  participantId: z.number().int(),
  activity: z.array(
    z.object({
      type: z.enum(["applied", "applied_again", "imported", "stage", "edited", "merged", "note", "shortlist", "session", "interview", "email", "pipeline", "message"]),
      at: z.string(),
      text: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

// ---- The no-JavaScript forms of /candidates/… --------------------------------------------------

const lines = (v: unknown) =>
  typeof v === "string"
    ? v
        .split(/\r?\n/)
        .map((x) => x.trim())
        .filter(Boolean)
    : undefined;

/** /candidates/settings: buckets one per line; an empty retention field means "never". */
export const CandidateSettingsForm = z.preprocess((v) => {
  const form = v && typeof v === "object" ? (v as Record<string, unknown>) : {};
  const input: Record<string, unknown> = { locations: lines(form.locations), roles: lines(form.roles) };
  if ("privacyNotice" in form) input.privacyNotice = form.privacyNotice;
  if ("privacyPolicyUrl" in form) input.privacyPolicyUrl = form.privacyPolicyUrl;
  if ("retentionMonths" in form) input.retentionMonths = typeof form.retentionMonths === "string" && form.retentionMonths.trim() ? Number(form.retentionMonths) : null;
  return input;
}, CandidateSettingsInput);

/** /candidates/{id}: the record's fields as posted; the test-data checkbox is "on" when ticked. */
export const CandidateForm = z.preprocess((v) => {
  const form = v && typeof v === "object" ? { ...(v as Record<string, unknown>) } : {};
  if (form.isTest !== undefined) form.isTest = form.isTest === "on" || form.isTest === "true" || form.isTest === true;
  return form;
}, PatchParticipantInput);

/** /candidates/import without JavaScript: the file and the dry-run box. */
export const ImportForm = z.object({
  file: z.custom<Blob>((v) => v instanceof Blob, "Attach the CSV file in the field file").optional(),
  dryRun: z.string().optional(),
});
