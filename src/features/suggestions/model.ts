import { z } from "zod";
import { Checkbox } from "../../lib/route-schemas";

/** The automated features a workspace can switch off (Settings → Assistant). */
export const ASSISTANT_FEATURES = ["matching", "cvFields", "assistantActions", "screeningSummaries"] as const;
export type AssistantFeature = (typeof ASSISTANT_FEATURES)[number];
export const FEATURE_LABELS: Record<AssistantFeature, string> = {
  matching: "Matching candidates to jobs",
  cvFields: "Proposals of a candidate's fields from a CV",
  assistantActions: "The assistant's actions in the chat",
  screeningSummaries: "Screening summaries",
};

export const MIN_RETENTION_MONTHS = 6;

export const AssistantSettingsView = z.object({
  matching: z.boolean(),
  cvFields: z.boolean(),
  assistantActions: z.boolean(),
  screeningSummaries: z.boolean(),
  retentionMonths: z.number().int(),
  // Whether a language model is configured on this server (else the rules do the work).
  modelConfigured: z.boolean(),
});
export type AssistantSettings = z.infer<typeof AssistantSettingsView>;

const months = z.coerce
  .number({ error: `Keep suggestions at least ${MIN_RETENTION_MONTHS} months` })
  .int(`Keep suggestions at least ${MIN_RETENTION_MONTHS} months`)
  .min(MIN_RETENTION_MONTHS, `Keep suggestions at least ${MIN_RETENTION_MONTHS} months`)
  .max(120, "At most 120 months");
export const AssistantSettingsInput = z.object({
  matching: z.boolean().optional(),
  cvFields: z.boolean().optional(),
  assistantActions: z.boolean().optional(),
  screeningSummaries: z.boolean().optional(),
  retentionMonths: months.optional(),
});
export type AssistantSettingsChange = z.infer<typeof AssistantSettingsInput>;
/** The settings form: an unticked box is absent, so every switch is read as on or off. */
export const AssistantSettingsForm = z.object({
  matching: Checkbox,
  cvFields: Checkbox,
  assistantActions: Checkbox,
  screeningSummaries: Checkbox,
  retentionMonths: months,
});

const DECISIONS = ["none", "accepted", "dismissed", "changed"] as const;
export type Decision = (typeof DECISIONS)[number];

const SuggestionView = z.object({
  id: z.number().int(),
  feature: z.string(),
  subject: z.string(),
  madeBy: z.string(),
  promptVersion: z.string().nullable(),
  inputHash: z.string(),
  output: z.unknown(),
  createdAt: z.string(),
  decision: z.object({ status: z.enum(DECISIONS), reason: z.string().nullable(), by: z.number().int().nullable(), at: z.string().nullable() }),
  inWords: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionView>;
export const SuggestionList = z.object({ suggestions: z.array(SuggestionView) });
