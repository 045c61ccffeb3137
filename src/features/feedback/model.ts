import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

export const RECOMMENDATIONS = ["strong_no", "no", "yes", "strong_yes"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { strong_no: "Strong no", no: "No", yes: "Yes", strong_yes: "Strong yes" };
export const DEFAULT_CRITERIA = ["Skills", "Communication", "Motivation"];

const recommendation = z.enum(RECOMMENDATIONS, { error: "Choose a recommendation: Strong no, No, Yes or Strong yes" });
const rating = z.coerce.number({ error: "Ratings are 1 to 5" }).int("Ratings are 1 to 5").min(1, "Ratings are 1 to 5").max(5, "Ratings are 1 to 5");
const notes = z
  .string()
  .trim()
  .max(10_000, "Notes must be at most 10000 characters")
  .nullish()
  .transform((v) => v || null);

export const FeedbackInput = z.object({ recommendation, ratings: z.record(z.string(), rating, { error: "Ratings are 1 to 5" }).default({}), notes });
export type FeedbackFields = z.infer<typeof FeedbackInput>;

const FeedbackView = z.object({
  id: z.number().int(),
  interviewId: z.string(),
  candidateId: z.number().int(),
  jobId: z.number().int().nullable(),
  reviewer: z.object({ name: z.string().nullable(), email: z.string(), member: z.boolean() }),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  ratings: z.record(z.string(), z.number()),
  notes: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackView>;
export const FeedbackList = z.object({ feedback: z.array(FeedbackView), summary: z.string() });
export const OneFeedback = z.object({ feedback: FeedbackView });
export const TokenParam = z.object({ token: z.string().max(100) });
export const CriteriaInput = z.object({
  criteria: z
    .array(z.string().trim().min(1, "A criterion needs a name").max(60, "A criterion must be at most 60 characters"), { error: "Criteria must be a list" })
    .min(1, "Give at least one criterion")
    .max(12, "At most 12 criteria"),
});
export const CriteriaView = z.object({ jobId: z.number().int(), criteria: z.array(z.string()) });
export const JobParam = z.object({ jobId: positiveId() });
