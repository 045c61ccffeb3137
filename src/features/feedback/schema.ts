import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";
import { jobs } from "../jobs/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// Interview feedback (item 6). Owned by features/feedback.
/** The criteria a job's scorecard rates 1–5 (JSON list; no row = Skills, Communication, Motivation). */
export const jobScorecards = sqliteTable("job_scorecards", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  criteria: text("criteria").notNull(),
});

/**
 * One interviewer's scorecard for one interview: asked when the interview ends (a private link,
 * hashed, 30 days), filled by a member or a client contact. `recommendation` is null until given.
 */
export const interviewFeedback = sqliteTable(
  "interview_feedback",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    meetingId: integer("meeting_id").notNull(),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    reviewerUserId: integer("reviewer_user_id").references(() => users.id, { onDelete: "set null" }),
    reviewerEmail: text("reviewer_email").notNull(),
    reviewerName: text("reviewer_name"),
    tokenHash: text("token_hash").unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    recommendation: text("recommendation", { enum: ["strong_no", "no", "yes", "strong_yes"] }),
    ratings: text("ratings").notNull().default("{}"),
    notes: text("notes"),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("interview_feedback_reviewer_idx").on(t.meetingId, t.reviewerEmail), index("interview_feedback_participant_idx").on(t.workspaceId, t.participantId)],
);
