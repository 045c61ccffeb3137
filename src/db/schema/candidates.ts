import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./auth";
import { clients } from "./clients";

const now = sql`(unixepoch('subsec') * 1000)`;

// Recruiter data: every row carries workspace_id; repos scope every query by it (db/scope.ts).
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    // The agency's client the job is for (issue 38); the clients feature refuses to delete one with jobs.
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("jobs_workspace_idx").on(t.workspaceId), index("jobs_client_idx").on(t.workspaceId, t.clientId)],
);

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    jobId: integer("job_id").notNull().references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    label: text("label"),
    description: text("description"),
    // Random, URL-safe, unique across workspaces: /prequalifier?c=CODE
    code: text("code").notNull().unique(),
    clickCount: integer("click_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("campaigns_job_idx").on(t.workspaceId, t.jobId)],
);

/** A candidate. Column names are the spec's database names (part2 §3, debug pages). */
export const participants = sqliteTable(
  "participants",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
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
  ],
);

export const shortlists = sqliteTable(
  "shortlists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // Set when the shortlist came from the chat popup (test page payload: candidateName, chatMessage).
    candidateName: text("candidate_name"),
    chatMessage: text("chat_message"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("shortlists_workspace_idx").on(t.workspaceId)],
);

export const shortlistMembers = sqliteTable(
  "shortlist_members",
  {
    shortlistId: integer("shortlist_id").notNull().references(() => shortlists.id, { onDelete: "cascade" }),
    participantId: integer("participant_id").notNull().references(() => participants.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull().default(now),
    // The recruiter's note about this candidate for this shortlist (a client may be shown it).
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.shortlistId, t.participantId] }), index("shortlist_members_participant_idx").on(t.participantId)],
);

/** One row per visitor who opened a campaign link: campaigns.click_count counts each visitor once. */
export const campaignClicks = sqliteTable(
  "campaign_clicks",
  {
    campaignId: integer("campaign_id").notNull().references(() => campaigns.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.visitorId] })],
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
