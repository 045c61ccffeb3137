import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";
import { jobs } from "../jobs/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// Matching candidates to jobs (issue 57), owned by features/matching.
/** A job's criteria as the recruiter saved them (JSON list). No row: proposed from the description on read. */
export const jobCriteria = sqliteTable("job_criteria", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  criteria: text("criteria").notNull(),
  // rules | model | recruiter: who wrote the list last.
  source: text("source").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** "Not a fit": a candidate hidden from a job's suggestions, with the recruiter's reason. */
export const matchDismissals = sqliteTable(
  "match_dismissals",
  {
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.participantId] }), index("match_dismissals_participant_idx").on(t.workspaceId, t.participantId)],
);

/**
 * The model's judgment of one candidate against one job's criteria (written by the judge task),
 * valid while its input hash (criteria and candidate text) is the current one.
 */
export const matchJudgments = sqliteTable(
  "match_judgments",
  {
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    inputHash: text("input_hash").notNull(),
    model: text("model").notNull(),
    // JSON: per criterion id, { status, quote, source }, quotes checked against the source text.
    verdicts: text("verdicts").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.participantId] }), index("match_judgments_participant_idx").on(t.workspaceId, t.participantId)],
);
