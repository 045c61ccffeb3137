import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { campaigns, jobs } from "../jobs/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/** A candidate. Column names are the spec's database names (part2 §3, debug pages). */
export const participants = sqliteTable(
  "participants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // The visitor id (prequalifier_id cookie) of the candidate who filled the prequalifier.
    uniqueId: text("unique_id"),
    name: text("name"),
    emailAddress: text("email_address"),
    city: text("city"),
    jobTitle: text("job_title"),
    roleApplied: text("role_applied"),
    linkedinUrl: text("linkedin_url"),
    // As written (international or local); search also reads its digits alone (migration 0038).
    phone: text("phone"),
    industry: text("industry"),
    visaStatus: text("visa_status"),
    salaryExpectation: text("salary_expectation"),
    availability: text("availability"),
    stages: integer("stages").notNull().default(1),
    prequalifier: text("prequalifier"),
    assessment: text("assessment"),
    voiceTranscript: text("voice_transcript"),
    // What a CV says of the person (issue 39): a short summary (up to three lines) and skills, comma-separated.
    summary: text("summary"),
    skills: text("skills"),
    // Derived on every write by candidates/classify.ts (the §9 buckets), so filters and stats use an index.
    roleCategory: text("role_category").notNull().default("Other"),
    locationCategory: text("location_category").notNull().default("Other"),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    // Made by the developer and test pages (seed, /shortlist-test, chat events): badged, removable in one action.
    isTest: integer("is_test", { mode: "boolean" }).notNull().default(false),
    // The one row per workspace that stands for erased candidates, so their interviews keep a
    // candidate (foreign keys) without any personal data; never listed, searched or counted.
    erased: integer("erased", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    lastUpdated: integer("last_updated", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("participants_workspace_idx").on(t.workspaceId, t.id),
    index("participants_created_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("participants_unique_id_idx").on(t.workspaceId, t.uniqueId),
    index("participants_role_idx").on(t.workspaceId, t.roleCategory, t.id),
    index("participants_location_idx").on(t.workspaceId, t.locationCategory, t.id),
    // Both filters at once, and counts that never read the (wide) rows.
    index("participants_role_location_idx").on(t.workspaceId, t.roleCategory, t.locationCategory, t.id),
    index("participants_updated_idx").on(t.workspaceId, t.lastUpdated),
    index("participants_email_idx").on(t.workspaceId, t.emailAddress),
    // The candidates page's sort by name (a page in name order without sorting the workspace).
    index("participants_name_idx").on(t.workspaceId, t.name),
    // The other sorts of the candidates page (city, role, stage): a page in either direction
    // read off the index (repo.ts sortedPage); without them, 142 ms at 100,000 candidates.
    index("participants_city_idx").on(t.workspaceId, t.city),
    index("participants_role_applied_idx").on(t.workspaceId, t.roleApplied),
    index("participants_stage_idx").on(t.workspaceId, t.stages),
    // The sources report's look-up of each candidate's campaign (reports/repo.ts, INDEXED BY): the
    // narrow index, not the wide rows, for 100,000 candidates a year.
    index("participants_campaign_idx").on(t.id, t.campaignId),
  ],
);

/**
 * Candidate counts per workspace, UTC day of creation, role bucket and location bucket,
 * kept by triggers on participants (migration participants_search). The dashboard's stats
 * and unfiltered totals read this instead of counting 100,000 rows.
 */
export const participantStats = sqliteTable(
  "participant_stats",
  {
    workspaceId: integer("workspace_id").notNull(),
    day: integer("day").notNull(),
    roleCategory: text("role_category").notNull(),
    locationCategory: text("location_category").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day, t.roleCategory, t.locationCategory] })],
);

/**
 * The same counts without the day: one row per workspace, role bucket and location bucket (a few
 * dozen per workspace), kept by triggers on participants (migration participants_search_terms).
 * The totals of the list's filters and of the stats read these few rows instead of summing a
 * year of days (13,000 rows at a million candidates: 4–9 ms after every change).
 */
export const participantBucketCounts = sqliteTable(
  "participant_bucket_counts",
  {
    workspaceId: integer("workspace_id").notNull(),
    roleCategory: text("role_category").notNull(),
    locationCategory: text("location_category").notNull(),
    n: integer("n").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.roleCategory, t.locationCategory] })],
);

/** A recruiter's note on a candidate. The author's name is copied so it outlives the user. */
export const participantNotes = sqliteTable(
  "participant_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("participant_notes_participant_idx").on(t.workspaceId, t.participantId, t.id)],
);

/** Per-workspace candidate settings: the §9 buckets, the privacy notice and retention. Defaults apply when no row. */
export const candidateSettings = sqliteTable("candidate_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  // JSON lists of bucket names (the spec's five cities and five roles by default).
  locations: text("locations"),
  roles: text("roles"),
  privacyNotice: text("privacy_notice"),
  privacyPolicyUrl: text("privacy_policy_url"),
  // Candidates with no activity for this many months are erased; null = off.
  retentionMonths: integer("retention_months"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});
