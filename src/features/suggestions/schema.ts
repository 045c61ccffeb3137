import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// Every output of an automated tool about a candidate (issue 57 item 3), owned by features/suggestions:
// what made it, from which input, what it said, and what a person did with it. Erased with the
// candidate (ON DELETE CASCADE); older ones than the workspace's retention are removed daily.
export const suggestions = sqliteTable(
  "suggestions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    // matching | cv_fields | assistant_actions | screening_summaries
    feature: text("feature").notNull(),
    // What it is about within the feature ("job:12", "action:<id>"), so one output is kept once.
    subject: text("subject").notNull(),
    // "rules", or the model's name.
    madeBy: text("made_by").notNull(),
    promptVersion: text("prompt_version"),
    inputHash: text("input_hash").notNull(),
    // JSON: the output as it was shown.
    output: text("output").notNull(),
    // none | accepted | dismissed | changed
    decision: text("decision").notNull().default("none"),
    reason: text("reason"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("suggestions_participant_idx").on(t.workspaceId, t.participantId, t.id),
    index("suggestions_subject_idx").on(t.workspaceId, t.feature, t.subject, t.participantId),
    index("suggestions_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** The workspace's switches per automated feature and how long suggestions are kept. No row = all on, 6 months. */
export const assistantSettings = sqliteTable("assistant_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  matching: integer("matching", { mode: "boolean" }).notNull().default(true),
  cvFields: integer("cv_fields", { mode: "boolean" }).notNull().default(true),
  assistantActions: integer("assistant_actions", { mode: "boolean" }).notNull().default(true),
  screeningSummaries: integer("screening_summaries", { mode: "boolean" }).notNull().default(true),
  retentionMonths: integer("retention_months").notNull().default(6),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});
