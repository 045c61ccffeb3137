import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";
import { campaigns, jobs } from "../jobs/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// The pipeline (issue 38). Owned by features/applications.
/** A workspace's stages in order; `kind` "rejected" is the one closing stage that needs a reason. */
export const pipelineStages = sqliteTable(
  "pipeline_stages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    kind: text("kind", { enum: ["open", "rejected"] })
      .notNull()
      .default("open"),
  },
  (t) => [index("pipeline_stages_workspace_idx").on(t.workspaceId, t.position)],
);

/** Per-workspace pipeline settings: the reasons offered for Rejected (JSON list; null = defaults). */
export const pipelineSettings = sqliteTable("pipeline_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  rejectReasons: text("reject_reasons"),
});

/** A candidate's application to a job: one per person and job. */
export const applications = sqliteTable(
  "applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    stageId: integer("stage_id")
      .notNull()
      .references(() => pipelineStages.id),
    rejectedReason: text("rejected_reason"),
    // The member the application is theirs (issue 58): who added it or first moved it; a placement's
    // split defaults to them and a recruiter's reports count theirs.
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    movedAt: integer("moved_at", { mode: "timestamp_ms" }).notNull().default(now),
    // Where the applicant came from (issue 56 item 5): ?source=, utm_source, a campaign, a feed; null: unknown.
    source: text("source"),
    // The campaign the candidate arrived through (participants.campaign_id), kept on each of their
    // applications in the transaction that opens one, moves it to another record, or changes it
    // (decision 59): the sources report reads it here instead of looking up every candidate.
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    // The careers form's answers to the job's screening questions (JSON list of {question, answer}).
    answers: text("answers"),
    // What the recruiter should look at (JSON list, e.g. a knock-out answer); never rejects by itself.
    flags: text("flags"),
    // Every stage it was ever moved to, ids ascending and comma-separated ("12,13,15"): the log of
    // stage changes summed up, written with each move in its transaction (reached.ts), so reports
    // and the jobs page count how far applications got without reading the log (decision 57).
    reached: text("reached").notNull().default(""),
    // Every finished stay, "stageId:ms" comma-separated (a move into a stage until the next move):
    // written with each move from the log, so time in stage reads one row per application.
    stays: text("stays").notNull().default(""),
  },
  (t) => [
    uniqueIndex("applications_job_participant_idx").on(t.jobId, t.participantId),
    index("applications_board_idx").on(t.workspaceId, t.jobId, t.stageId),
    index("applications_participant_idx").on(t.workspaceId, t.participantId),
    // The reports' period scan reads only this index: the filters, the group keys and how far each got.
    index("applications_report_idx").on(t.workspaceId, t.createdAt, t.jobId, t.ownerUserId, t.stageId, t.source, t.campaignId, t.reached, t.stays),
    index("applications_source_idx").on(t.workspaceId, t.source),
  ],
);

/** Every stage change of an application (the funnel's days in stage and conversions read it). */
export const applicationMoves = sqliteTable(
  "application_moves",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    fromStageId: integer("from_stage_id"),
    toStageId: integer("to_stage_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    at: integer("at", { mode: "timestamp_ms" }).notNull().default(now),
    // When the stay this move began ended: the `at` of the application's next move in (at, id)
    // order, null while it lasts. Written with the next move (reached.ts); time in stage reads it.
    leftAt: integer("left_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("application_moves_stays_idx").on(t.workspaceId, t.applicationId, t.at, t.id, t.toStageId, t.leftAt)],
);

/** Stage e-mails (item 5): a subject and body with {{variables}}, optionally sent on entering a stage. */
export const emailTemplates = sqliteTable(
  "email_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    stageId: integer("stage_id").references(() => pipelineStages.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("email_templates_workspace_idx").on(t.workspaceId, t.stageId)],
);
