import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, index } from "drizzle-orm/sqlite-core";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Every e-mail the app sends is written here in the same transaction as the change that
 * causes it; a worker delivers the stored rows afterwards (src/lib/mail.ts). A row being
 * sent carries a lease (lease_until), so no two workers, in one process or two, take it.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null for mail that belongs to no workspace yet (e.g. sign-up through payment).
    workspaceId: integer("workspace_id"),
    // The interview the e-mail is about, if any, and what it says (booked, moved, ...).
    meetingId: integer("meeting_id"),
    kind: text("kind"),
    audience: text("audience"),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    // Emptied of secret links once delivered or given up (see redactDelivered).
    html: text("html").notNull(),
    text: text("text").notNull(),
    // JSON list of {filename, contentType, content} attachments (e.g. an .ics invitation).
    attachments: text("attachments"),
    // JSON {method, content}: an iMIP invitation, sent as the text/calendar part mail clients apply.
    icalEvent: text("ical_event"),
    replyTo: text("reply_to"),
    // pending | sent | retrying | failed | skipped (no SMTP configured)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.nextAttemptAt), index("outbox_meeting_idx").on(t.meetingId)],
);

/**
 * Outside work other than e-mail (calendar events, later webhooks): written in the same
 * transaction as the change, done by a worker with the same lease and backoff as the outbox.
 */
export const workQueue = sqliteTable(
  "work_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    // JSON arguments of the handler registered for `kind`.
    payload: text("payload").notNull(),
    // pending | done | retrying | failed
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull().default(sql`0`),
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("work_queue_due_idx").on(t.status, t.nextAttemptAt)],
);
