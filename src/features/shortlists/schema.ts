import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

export const shortlists = sqliteTable(
  "shortlists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
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
    shortlistId: integer("shortlist_id")
      .notNull()
      .references(() => shortlists.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    addedAt: integer("added_at", { mode: "timestamp_ms" }).notNull().default(now),
    // The recruiter's note about this candidate for this shortlist (a client may be shown it).
    note: text("note"),
  },
  (t) => [primaryKey({ columns: [t.shortlistId, t.participantId] }), index("shortlist_members_participant_idx").on(t.participantId)],
);
