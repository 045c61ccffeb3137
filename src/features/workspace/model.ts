import { z } from "zod";

/**
 * What the workspace's section pages read from the address and the bulk form (docs/decisions/0020).
 * A GET form sends its empty fields too ("All jobs" is jobId=), so the query values are strings
 * that the loaders read (an empty one is no filter) with the candidates' own list rules.
 */
const value = z.string().optional();

/** The statuses an interview can have (part2 §4), in the order the filter lists them. */
export const INTERVIEW_STATUSES = ["scheduled", "pending", "completed", "canceled", "no_show"] as const;

export const CandidatesPageQuery = z.object({
  search: value,
  role: value,
  location: value,
  jobId: value,
  source: value,
  excludeShortlisted: value,
  page: value,
  limit: value,
  sort: value,
  dir: value,
});

export const InterviewsPageQuery = z.object({ week: value, tz: value, interviewer: value, status: value });

const ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive()).max(1000, "At most 1000 candidates at once"));

/** POST /candidates/bulk: the list's checked rows (ids) and the action chosen below it. */
export const BulkInput = z.object({
  action: z.enum(["shortlist", "schedule", "email", "stage", "export", "delete"], { error: "Choose an action" }),
  stage: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1, "Choose a stage").max(5, "Choose a stage").optional()),
  confirmDelete: z.string().optional(),
  ids,
  shortlistId: z.preprocess((v) => (v === "" || v === undefined ? undefined : v), z.coerce.number().int().positive().optional()),
  newShortlist: z.string().trim().max(100).optional(),
  back: z.string().optional(),
});
export type Bulk = z.infer<typeof BulkInput>;
