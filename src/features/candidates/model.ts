import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

/** The participant as the API and the dashboard see it (part2 §3). */
// A type (not an interface) so it fits the loose response schema below, which allows more keys.
export type Participant = {
  id: number;
  uniqueId: string | null;
  name: string | null;
  emailAddress: string | null;
  city: string | null;
  jobTitle: string | null;
  roleApplied: string | null;
  linkedinUrl: string | null;
  /** As written: "+44 7700 900123", "(415) 555-0132". */
  phone: string | null;
  industry: string | null;
  visaStatus: string | null;
  salaryExpectation: string | null;
  availability: string | null;
  stages: number;
  prequalifier: string | null;
  assessment: string | null;
  voiceTranscript: string | null;
  /** A short summary of the person (up to three lines), typed or taken from a CV. */
  summary: string | null;
  /** Skills, comma-separated ("Go, Kubernetes, Postgres"). */
  skills: string | null;
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
};

/** The fields a visitor flow (prequalifier, assessment, voice) or a sync may set. */
export interface ParticipantFields {
  uniqueId: string;
  name?: string | null;
  emailAddress?: string | null;
  city?: string | null;
  jobTitle?: string | null;
  roleApplied?: string | null;
  linkedinUrl?: string | null;
  phone?: string | null;
  industry?: string | null;
  visaStatus?: string | null;
  salaryExpectation?: string | null;
  availability?: string | null;
  stages?: number;
  prequalifier?: string | null;
  assessment?: string | null;
  voiceTranscript?: string | null;
  summary?: string | null;
  skills?: string | null;
  jobId?: number | null;
  campaignId?: number | null;
  isTest?: boolean;
}

/** A candidate added in bulk (the seed, the demo, benchmarks), with its creation time when given. */
export type NewParticipant = Omit<ParticipantFields, "uniqueId"> & { uniqueId?: string | null; createdAt?: Date };

export interface ListQuery {
  search?: string;
  role?: string;
  location?: string;
  jobId?: number;
  /** Only candidates with an application from this source (issue 56: ?source=, utm_source, a feed). */
  source?: string;
  /** Leave out candidates already in a shortlist (the dashboard's All Candidates list). */
  excludeShortlisted?: boolean;
  page?: number;
  limit?: number;
}

export interface ParticipantPage {
  participants: Participant[];
  /**
   * total is exact, except for a search with more than 10,000 matches: then it is 10,000 and
   * totalIsLowerBound is true ("10,000+"); pages past it still answer.
   */
  pagination: { total: number; page: number; limit: number; totalIsLowerBound?: true };
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

const MAX_LIMIT = 100;
const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
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
  source: z.string().trim().toLowerCase().max(40, "A source is at most 40 characters").optional(),
  excludeShortlisted: z
    .enum(["true", "false", "1", "0"])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  page: z.coerce.number().int().min(1, "Page must be 1 or more").default(1),
  limit: z.coerce.number().int().min(1, "Limit must be between 1 and 100").max(MAX_LIMIT, "Limit must be between 1 and 100").default(20),
});

export const IdParam = z.object({ id: positiveId("Not found") });

// ---- Route shapes (docs/decisions/0020) -------------------------------------------------------

const text = z.string().nullable();

/**
 * The participant as answered (part2 §3). Loose: a field added to `Participant` later is answered
 * as it is rather than dropped by the response check.
 */
export const ParticipantView = z.looseObject({
  id: z.number().int(),
  uniqueId: text,
  name: text,
  emailAddress: text,
  city: text,
  jobTitle: text,
  roleApplied: text,
  linkedinUrl: text,
  phone: text,
  industry: text,
  visaStatus: text,
  salaryExpectation: text,
  availability: text,
  stages: z.number().int(),
  prequalifier: text,
  assessment: text,
  voiceTranscript: text,
  summary: text,
  skills: text,
  jobId: z.number().int().nullable(),
  campaignId: z.number().int().nullable(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  shortlistId: z.number().int().nullable(),
  isTest: z.boolean(),
  matchReason: z.string().optional(),
});

export const ParticipantPageView = z.object({
  participants: z.array(ParticipantView),
  pagination: z.object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalIsLowerBound: z.literal(true).optional().describe("Present when a search has more matches than it counts (10,000): total is then a lower bound"),
  }),
  shortlistedMatches: z.number().int().optional(),
});

const NoteView = z.object({
  id: z.number().int(),
  participantId: z.number().int(),
  body: z.string(),
  author: z.string(),
  authorId: z.number().int().nullable(),
  createdAt: z.string(),
});
export const NoteList = z.object({ notes: z.array(NoteView) });
/** POST …/notes answers the note both at the top level and as `note`. */
export const NoteCreated = NoteView.extend({ note: NoteView });

export const StatsQuery = z.object({ jobId: z.coerce.number().int().positive().optional() });
export const DatabaseStatsView = z.object({
  totalCandidates: z.number().int(),
  byLocation: z.array(z.object({ location: z.string(), count: z.number().int() })),
  byRole: z.array(z.object({ role: z.string(), count: z.number().int() })),
  recentActivity: z.array(z.object({ date: z.string(), count: z.number().int() })),
  lastUpdated: z.string(),
});

/** The test page's list: {id, firstName, lastName, position, email}. */
export const CandidateListView = z.object({
  candidates: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), position: z.string(), email: z.string() })),
  total: z.number().int(),
});

export const SeedResult = z.object({ success: z.literal(true), count: z.number().int(), message: z.string() });

export const CandidateSettingsView = z.object({
  locations: z.array(z.string()),
  roles: z.array(z.string()),
  privacyNotice: z.string(),
  privacyPolicyUrl: z.string(),
  retentionMonths: z.number().int().nullable(),
});

export const ImportQuery = z.object({
  dryRun: z
    .enum(["1", "0", "true", "false"], { error: "dryRun must be 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
  // JSON {csvHeader: fieldName}; a field name "" skips the column.
  mapping: z.string().max(10_000).optional(),
});

export const ImportResultView = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  failed: z.array(z.object({ row: z.number().int(), message: z.string() })),
  failedCount: z.number().int(),
  dryRun: z.boolean(),
});
