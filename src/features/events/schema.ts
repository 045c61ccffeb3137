import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

/**
 * One row per state change of a workspace (decision 0029), written in the change's transaction
 * by features/events/record.ts alone. The activity log and the candidate's timeline are views of
 * it; webhook deliveries are jobs of it.
 * - `actor`: "user", "api_key", "candidate", "system" or "calendar"; `user_id` is the member who
 *   acted (for an API key, its owner), `actor_key_id` the key.
 * - `subject_type` + `subject_id`: what changed ("candidate" 12, "webhook" 3, "settings" "site").
 * - `data`: JSON, never personal data (field names, ids, counts), so erasure need not rewrite it.
 */
export const events = sqliteTable(
  "events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    actor: text("actor", { enum: ["user", "api_key", "candidate", "system", "calendar"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    actorKeyId: integer("actor_key_id"),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    kind: text("kind").notNull(),
    summary: text("summary"),
    data: text("data").notNull().default("{}"),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index("events_workspace_idx").on(t.workspaceId, t.id),
    index("events_user_idx").on(t.workspaceId, t.userId, t.id),
    index("events_subject_idx").on(t.workspaceId, t.subjectType, t.subjectId, t.id),
  ],
);
