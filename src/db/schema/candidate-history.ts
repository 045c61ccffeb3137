import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "./auth";
import { participants } from "./candidates";

const now = sql`(unixepoch('subsec') * 1000)`;

/** A recruiter's note on a candidate. The author's name is copied so it outlives the user. */
export const participantNotes = sqliteTable(
  "participant_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    participantId: integer("participant_id").notNull().references(() => participants.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("participant_notes_participant_idx").on(t.workspaceId, t.participantId, t.id)],
);

/** Per-workspace candidate settings: the §9 buckets, the privacy notice and retention. Defaults apply when no row. */
export const candidateSettings = sqliteTable("candidate_settings", {
  workspaceId: integer("workspace_id").primaryKey().references(() => workspaces.id, { onDelete: "cascade" }),
  // JSON lists of bucket names (the spec's five cities and five roles by default).
  locations: text("locations"),
  roles: text("roles"),
  privacyNotice: text("privacy_notice"),
  privacyPolicyUrl: text("privacy_policy_url"),
  // Candidates with no activity for this many months are erased; null = off.
  retentionMonths: integer("retention_months"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});
