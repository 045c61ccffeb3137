import { z } from "zod";

/** The participant as the API and the dashboard see it (part2 §3). */
export interface Participant {
  id: number;
  uniqueId: string | null;
  name: string | null;
  emailAddress: string | null;
  city: string | null;
  jobTitle: string | null;
  roleApplied: string | null;
  linkedinUrl: string | null;
  industry: string | null;
  visaStatus: string | null;
  salaryExpectation: string | null;
  availability: string | null;
  stages: number;
  prequalifier: string | null;
  assessment: string | null;
  voiceTranscript: string | null;
  jobId: number | null;
  campaignId: number | null;
  createdAt: string;
  lastUpdated: string;
  shortlistId: number | null;
  /** Made by the developer or test pages: shown with a badge, removable in one action. */
  isTest: boolean;
  /**
   * Only in a list filtered by job: why a candidate whose role does not match the job is
   * listed ("applied via campaign X").
   */
  matchReason?: string;
}

/** The fields a visitor flow (prequalifier, assessment, voice) or a sync may set. */
export interface ParticipantFields {
  uniqueId: string;
  name?: string | null;
  emailAddress?: string | null;
  city?: string | null;
  jobTitle?: string | null;
  roleApplied?: string | null;
  linkedinUrl?: string | null;
  industry?: string | null;
  visaStatus?: string | null;
  salaryExpectation?: string | null;
  availability?: string | null;
  stages?: number;
  prequalifier?: string | null;
  assessment?: string | null;
  voiceTranscript?: string | null;
  jobId?: number | null;
  campaignId?: number | null;
  isTest?: boolean;
}

export interface ListQuery {
  search?: string;
  role?: string;
  location?: string;
  jobId?: number;
  /** Leave out candidates already in a shortlist (the dashboard's All Candidates list). */
  excludeShortlisted?: boolean;
  page?: number;
  limit?: number;
}

export interface ParticipantPage {
  participants: Participant[];
  pagination: { total: number; page: number; limit: number };
  /** With excludeShortlisted and a search: how many matches are hidden because they are in a shortlist. */
  shortlistedMatches?: number;
}

export interface DatabaseStats {
  totalCandidates: number;
  byLocation: { location: string; count: number }[];
  byRole: { role: string; count: number }[];
  recentActivity: { date: string; count: number }[];
  lastUpdated: string;
}

export const MAX_LIMIT = 100;
const optionalText = z.string().trim().max(200).optional().transform((v) => v || undefined);
// The workspace's buckets are checked by the service (they are settings of the workspace).
const bucket = () =>
  z
    .string()
    .max(40, "Unknown bucket")
    .optional()
    .transform((v) => (v && v !== "all" ? v : undefined));

export const ListParticipantsInput = z.object({
  search: optionalText,
  role: bucket(),
  location: bucket(),
  jobId: z.coerce.number().int().positive().optional(),
  excludeShortlisted: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  limit: z.coerce.number().int().min(1, "Limit must be between 1 and 100").max(MAX_LIMIT, "Limit must be between 1 and 100").default(20),
});

export const IdParam = z.object({ id: z.coerce.number().int().positive("Not found") });
