import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

import { tasks } from "./tasks";

/**
 * What an e-mail says (owned by src/lib/mail.ts): written in the same transaction as the change
 * that causes it, together with its `tasks` row, which holds its delivery state (pending, sent =
 * done, retrying, failed, skipped when no SMTP is set). Bodies lose their secret links once the
 * task is finished, or an hour after a skipped one was written (decision 0028).
 */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    taskId: integer("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    // Null for mail that belongs to no workspace yet (e.g. sign-up through payment).
    workspaceId: integer("workspace_id"),
    // The interview the e-mail is about, if any, and what it says (booked, moved, ...).
    meetingId: integer("meeting_id"),
    kind: text("kind"),
    audience: text("audience"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    // JSON list of {filename, contentType, content} attachments (e.g. an .ics invitation).
    attachments: text("attachments"),
    // JSON {method, content}: an iMIP invitation, sent as the text/calendar part mail clients apply.
    icalEvent: text("ical_event"),
    replyTo: text("reply_to"),
    // Set once the bodies were emptied of secret links.
    redactedAt: integer("redacted_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("mail_messages_task_idx").on(t.taskId), index("mail_messages_meeting_idx").on(t.meetingId), index("mail_messages_workspace_idx").on(t.workspaceId, t.id)],
);
