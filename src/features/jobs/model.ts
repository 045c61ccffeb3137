import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";
import { PostingInput, PostingView } from "./posting-model";

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const CreateJobInput = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  // Markdown (issue 56), rendered to sanitised HTML on the server.
  description: optional(20000),
  location: optional(200),
  // The agency's client (issue 38); an empty form field or null means none.
  clientId: z.preprocess((v) => (v === "" ? null : v), positiveId("Invalid client").nullish()),
  ...PostingInput.shape,
});
export type CreateJob = z.infer<typeof CreateJobInput>;
export const UpdateJobInput = z.object({
  title: CreateJobInput.shape.title.optional(),
  description: optional(20000).optional(),
  location: optional(200).optional(),
  clientId: CreateJobInput.shape.clientId,
  ...PostingInput.shape,
});
export type UpdateJob = z.infer<typeof UpdateJobInput>;

export const CreateCampaignInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  label: optional(200),
  description: optional(2000),
});
export type CreateCampaign = z.infer<typeof CreateCampaignInput>;

const JobView = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  clientId: z.number().int().nullable(),
  client: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  ...PostingView.shape,
});
export type Job = z.infer<typeof JobView>;

const CampaignView = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  name: z.string(),
  label: z.string().nullable(),
  description: z.string().nullable(),
  code: z.string(),
  campaignUrl: z.string(),
  shortUrl: z.string(),
  clickCount: z.number().int(),
  clicks: z.number().int(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignView>;

export const JobIdParam = z.object({ jobId: positiveId() });
export const JobList = z.object({ jobs: z.array(JobView) });
export const OneJob = z.object({ job: JobView });
export const CampaignList = z.object({ campaigns: z.array(CampaignView) });
export const OneCampaign = z.object({ campaign: CampaignView });
