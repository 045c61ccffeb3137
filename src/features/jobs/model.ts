import { z } from "zod";

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const CreateJobInput = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  description: optional(5000),
  location: optional(200),
});
export type CreateJob = z.infer<typeof CreateJobInput>;

export const CreateCampaignInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be at most 200 characters"),
  label: optional(200),
  description: optional(2000),
});
export type CreateCampaign = z.infer<typeof CreateCampaignInput>;

export interface Job {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  createdAt: string;
}

export interface Campaign {
  id: number;
  jobId: number;
  name: string;
  label: string | null;
  description: string | null;
  code: string;
  campaignUrl: string;
  shortUrl: string;
  clickCount: number;
  clicks: number;
  createdAt: string;
}
