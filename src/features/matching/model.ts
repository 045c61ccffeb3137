import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

export const CRITERION_KINDS = ["skill", "qualification", "language", "location", "experience"] as const;
export type CriterionKind = (typeof CRITERION_KINDS)[number];

const label = z.string({ error: "Each criterion needs a label" }).trim().min(1, "Each criterion needs a label").max(100, "A label is at most 100 characters");
const term = z.string().trim().min(1, "A word is not blank").max(100, "A word is at most 100 characters");

export const CriterionInput = z.object({
  id: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9-]*$/, "An id is lowercase letters, digits and dashes")
    .optional(),
  kind: z.enum(CRITERION_KINDS, { error: "Kind is skill, qualification, language, location or experience" }),
  label,
  mustHave: z.boolean().default(false),
  weight: z.coerce.number({ error: "Weight is 1, 2 or 3" }).int("Weight is 1, 2 or 3").min(1, "Weight is 1, 2 or 3").max(3, "Weight is 1, 2 or 3").default(2),
  // The words that count as evidence (the label when none).
  terms: z.array(term).max(10, "At most 10 terms per criterion").optional(),
  // Experience: the years asked for.
  years: z.coerce.number().int().min(0).max(50).nullish(),
});
export const CriteriaInput = z.object({ criteria: z.array(CriterionInput).max(30, "At most 30 criteria") });

export const CriterionView = z.object({
  id: z.string(),
  kind: z.enum(CRITERION_KINDS),
  label: z.string(),
  mustHave: z.boolean(),
  weight: z.number().int(),
  terms: z.array(z.string()),
  years: z.number().int().nullable(),
});
export type Criterion = z.infer<typeof CriterionView>;

export const CriteriaView = z.object({
  jobId: z.number().int(),
  // rules | model: proposed from the description and not saved yet; recruiter: saved.
  source: z.enum(["rules", "model", "recruiter"]),
  criteria: z.array(CriterionView),
});

export const VERDICTS = ["met", "not_met", "unknown"] as const;
export type Verdict = (typeof VERDICTS)[number];
const VerdictView = z.object({
  criterionId: z.string(),
  label: z.string(),
  status: z.enum(VERDICTS),
  // The words quoted from the candidate's record, and where they come from ("CV", "Skills", "Prequalifier answers").
  evidence: z.object({ quote: z.string(), source: z.string() }).nullable(),
});
export type CriterionVerdict = z.infer<typeof VerdictView>;

const MatchView = z.object({
  candidate: z.object({ id: z.number().int(), name: z.string().nullable(), city: z.string().nullable(), jobTitle: z.string().nullable() }),
  score: z.number().int(),
  onJob: z.boolean(),
  // "rules", or the model that judged the criteria.
  madeBy: z.string(),
  howScored: z.string(),
  criteria: z.array(VerdictView),
});
export type Match = z.infer<typeof MatchView>;
export const MatchList = z.object({
  jobId: z.number().int(),
  notice: z.string(),
  matches: z.array(MatchView),
  // Candidates the model is still judging (their rules verdicts are shown meanwhile).
  pending: z.number().int(),
});

export const JobParam = z.object({ jobId: positiveId() });
export const MatchQuery = z.object({ limit: z.coerce.number({ error: "limit is 1 to 100" }).int("limit is 1 to 100").min(1, "limit is 1 to 100").max(100, "limit is 1 to 100").optional() });
export const JobCandidateParam = z.object({ jobId: positiveId(), candidateId: positiveId("Invalid candidate") });
export const DismissInput = z.object({
  reason: z.string({ error: "Say why they are not a fit" }).trim().min(1, "Say why they are not a fit").max(500, "A reason is at most 500 characters"),
});

export const SUGGESTION_NOTICE = "These are suggestions to help you look: nobody is rejected, moved or e-mailed because of a score. Each score shows how it was made.";
