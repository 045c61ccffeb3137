import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// A CV dropped on /candidates that is not a candidate yet (issue 39 item 6), owned by
// features/candidate-drafts. Its file is kept like a candidate's (files/<workspace>/<key>, 0600)
// and moves to the candidate the recruiter confirms; discarding removes the row and the bytes.
export const participantDrafts = sqliteTable(
  "participant_drafts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    // reading (its text and proposal are being made in the job queue) | ready | failed (the text could not be read)
    status: text("status").notNull().default("reading"),
    fileName: text("file_name").notNull(),
    // pdf | docx | txt, from the bytes.
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    // The text read from the file: pending | done | empty (a scan) | failed; the text itself.
    textStatus: text("text_status").notNull().default("pending"),
    text: text("text"),
    // Why the text was not read, or no fields were proposed, when a limit was passed; shown on the draft.
    textError: text("text_error"),
    // JSON of the proposed fields (name, email, phone, city, role, linkedin, summary, skills).
    proposal: text("proposal"),
    // rules | model: who proposed them.
    proposedBy: text("proposed_by"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("participant_drafts_workspace_idx").on(t.workspaceId, t.id)],
);
