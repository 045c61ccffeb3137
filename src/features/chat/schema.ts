import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/** A conversation with the assistant. It belongs to one user; public_id is the spec's sessionId. */
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Random and URL-safe: the browser keeps it in localStorage (frank_session_id).
    publicId: text("public_id").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("chat_sessions_user_idx").on(t.workspaceId, t.userId)],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    // user | assistant
    role: text("role").notNull(),
    content: text("content").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.id)],
);

/** The secret that authenticates POST /api/webhook/chat for one workspace. */
export const chatWebhookSecrets = sqliteTable("chat_webhook_secrets", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  // Sealed with deps.secrets (AES-256-GCM) so the recruiter can be shown it again.
  secretSealed: text("secret_sealed").notNull(),
  // SHA-256 of the secret, to find the workspace of an incoming call.
  secretHash: text("secret_hash").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** Meeting requests and actions seen by the chat monitor (websocket, webhook, chat-events). */
export const chatEvents = sqliteTable(
  "chat_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // meeting_detected | add_to_shortlist | schedule_interview
    type: text("type").notNull(),
    // websocket | webhook | api
    source: text("source").notNull(),
    candidateId: integer("candidate_id"),
    candidateName: text("candidate_name"),
    position: text("position"),
    message: text("message"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("chat_events_workspace_idx").on(t.workspaceId, t.id)],
);

/**
 * A change the assistant proposed (shortlist, interview): the language model's write tools
 * only record one; it happens when the recruiter presses Confirm (POST
 * /api/chat/actions/{publicId}/confirm), so text in candidate data cannot act by itself.
 */
export const chatActions = sqliteTable(
  "chat_actions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    // The assistant message that proposed it (set once the answer is stored).
    messageId: integer("message_id").references(() => chatMessages.id, { onDelete: "set null" }),
    publicId: text("public_id").notNull().unique(),
    // shortlist_candidates | propose_interview
    kind: text("kind").notNull(),
    args: text("args").notNull(),
    summary: text("summary").notNull(),
    // pending | running | done | dismissed
    status: text("status").notNull().default("pending"),
    result: text("result"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("chat_actions_session_idx").on(t.sessionId)],
);
