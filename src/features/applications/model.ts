import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

export const ApplicationView = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  jobId: z.number().int(),
  stage: z.string(),
  stageId: z.number().int(),
  rejectedReason: z.string().nullable(),
  createdAt: z.string(),
  movedAt: z.string(),
  candidate: z.object({ name: z.string().nullable(), city: z.string().nullable() }).optional(),
  job: z.object({ title: z.string() }).optional(),
});
export type Application = z.infer<typeof ApplicationView>;

export const CreateApplicationInput = z.object({ candidateId: positiveId("Choose a candidate") });
export const MoveInput = z.object({
  stage: z.union([z.string().trim().min(1, "Choose a stage").max(100, "Choose a stage"), z.number().int().positive()], { error: "Choose a stage" }),
  rejectedReason: z
    .string()
    .trim()
    .max(200, "A reason must be at most 200 characters")
    .nullish()
    .transform((v) => v || null),
});
export type Move = z.infer<typeof MoveInput>;
export const StageQuery = z.object({ stage: z.string().trim().max(100).optional() });
export const JobParam = z.object({ jobId: positiveId() });
export const ApplicationList = z.object({ applications: z.array(ApplicationView) });
export const OneApplication = z.object({ application: ApplicationView });
