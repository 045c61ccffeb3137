import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// A CV (or other document) on a candidate (issue 39), owned by features/candidate-files. The bytes
// live in the data folder (files/<workspace>/<key>, mode 0600); the type is sniffed from them.
export const participantFiles = sqliteTable(
  "participant_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    // The name as uploaded (shown and offered on download; never used as a path).
    name: text("name").notNull(),
    // pdf | docx | txt, from the bytes.
    type: text("type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    // The text read from it in the job queue after the upload: pending | done | empty (no text, a scan) | failed.
    textStatus: text("text_status").notNull().default("pending"),
    text: text("text"),
    // Why the text was not read when a limit was passed ("This PDF has 16,000 pages; …"), shown on the file.
    textError: text("text_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("participant_files_participant_idx").on(t.workspaceId, t.participantId)],
);
