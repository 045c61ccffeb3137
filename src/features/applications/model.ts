import { z } from "zod";
import { Checkbox, positiveId } from "../../lib/route-schemas";

const ApplicationView = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  jobId: z.number().int(),
  stage: z.string(),
  stageId: z.number().int(),
  rejectedReason: z.string().nullable(),
  createdAt: z.string(),
  movedAt: z.string(),
  source: z.string().nullable(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  flags: z.array(z.string()),
  candidate: z.object({ name: z.string().nullable(), city: z.string().nullable() }).optional(),
  job: z.object({ title: z.string() }).optional(),
});
export type Application = z.infer<typeof ApplicationView>;
export type Answer = Application["answers"][number];

export const CreateApplicationInput = z.object({ candidateId: positiveId("Choose a candidate") });
export const MoveInput = z.object({
  stage: z.union([z.string().trim().min(1, "Choose a stage").max(100, "Choose a stage"), z.number().int().positive()], { error: "Choose a stage" }),
  rejectedReason: z
    .string()
    .trim()
    .max(200, "A reason must be at most 200 characters")
    .nullish()
    .transform((v) => v || null),
  // Send the e-mail template tied to the stage moved into (item 5), in the move's transaction.
  sendEmail: z.boolean({ error: "sendEmail must be true or false" }).optional(),
});
export type Move = z.infer<typeof MoveInput>;
export const MoveForm = z.object({
  stage: z.string({ error: "Choose a stage" }).trim().min(1, "Choose a stage"),
  rejectedReason: MoveInput.shape.rejectedReason,
  sendEmail: Checkbox,
});
export const BoardParams = z.object({ id: positiveId() });
export const BoardQuery = z.object({ column: z.preprocess((v) => (v === "" ? undefined : v), positiveId().optional()) });
export const MoveParams = z.object({ id: positiveId(), applicationId: positiveId() });
export const StageQuery = z.object({ stage: z.string().trim().max(100).optional() });
export const JobParam = z.object({ jobId: positiveId() });
export const ApplicationList = z.object({ applications: z.array(ApplicationView) });
export const OneApplication = z.object({ application: ApplicationView });

const stageName = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(60, "Name must be at most 60 characters");
const position = z.coerce.number({ error: "Position must be a number" }).int("Position must be a number").min(0, "Position must be 0 or more").max(100, "Position must be at most 100");
const StageView = z.object({ id: z.number().int(), name: z.string(), position: z.number().int(), kind: z.enum(["open", "rejected"]), applications: z.number().int() });
export const PipelineView = z.object({ stages: z.array(StageView), rejectReasons: z.array(z.string()) });
export const AddStageInput = z.object({ name: stageName, position: position.optional() });
export const ChangeStageInput = z.object({ name: stageName.optional(), position: z.preprocess((v) => (v === "" ? undefined : v), position.optional()) });
export const RemoveStageQuery = z.object({ moveTo: z.preprocess((v) => (v === "" ? undefined : v), positiveId("Choose a stage").optional()) });
export const ReasonsInput = z.object({
  // A list in the API; the form's textarea sends one reason per line.
  reasons: z.preprocess((v) => (typeof v === "string" ? v.split(/\r?\n/) : v), z.array(z.string().max(100, "At most 30 reasons of up to 100 characters"), { error: "Give at least one reason" })),
});

const templateText = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);
const templateStage = z.preprocess((v) => (v === "" ? null : v), positiveId("Stage not found").nullish());
export const CreateTemplateInput = z.object({ name: templateText("Name", 100), subject: templateText("Subject", 200), body: templateText("Body", 10_000), stageId: templateStage });
export const UpdateTemplateInput = z.object({
  name: templateText("Name", 100).optional(),
  subject: templateText("Subject", 200).optional(),
  body: templateText("Body", 10_000).optional(),
  stageId: templateStage,
});
const TemplateView = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  stageId: z.number().int().nullable(),
  stage: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const TemplateList = z.object({ templates: z.array(TemplateView) });
export const OneTemplate = z.object({ template: TemplateView });
export const PreviewQuery = z.object({ applicationId: positiveId("Choose an application") });
export const PreviewView = z.object({ to: z.string().nullable(), subject: z.string(), text: z.string() });
export const JobClientForm = z.object({ clientId: z.preprocess((v) => (v === "" ? null : v), positiveId("Invalid client").nullable()) });

export const BulkMoveInput = z.object({
  applicationIds: z.array(positiveId("Invalid application"), { error: "applicationIds must be a list" }).min(1, "Choose at least one application").max(500, "At most 500 applications at once"),
  stage: MoveInput.shape.stage,
  rejectedReason: MoveInput.shape.rejectedReason,
  // Ticked by default for up to 20 cards, not above (a mass e-mail should be a choice).
  sendEmail: z.boolean({ error: "sendEmail must be true or false" }).optional(),
});
export const BulkMoved = z.object({ applications: z.array(ApplicationView), emailed: z.number().int() });
