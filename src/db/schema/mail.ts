import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";

// Every e-mail the app sends is written here first; delivery over SMTP updates its state.
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for mail that belongs to no workspace yet (e.g. sign-up through payment).
    workspaceId: integer("workspace_id"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    // JSON list of {filename, contentType, content} attachments (e.g. an .ics invitation).
    attachments: text("attachments"),
    // pending | sent | failed | skipped (no SMTP configured)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("outbox_status_idx").on(t.status)],
);
