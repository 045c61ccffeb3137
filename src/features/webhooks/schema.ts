import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A workspace's receiver of outgoing webhooks (owned by features/webhooks). The signing
 * secret is shown once and kept sealed (AES-256-GCM), since signing needs the secret itself.
 * `events` is a JSON array of event types; `disabled_at` is set when the receiver answered
 * 410 Gone.
 */
export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.disabledAt)],
);

/**
 * One event to one endpoint: the exact body sent (signed again on each try) and its Standard
 * Webhooks id (`msg_…`, the same on every retry and resend). Its delivery state lives in the
 * `tasks` row named by `task_id` (the newest, after a resend); `attempt_log` keeps every try
 * as a JSON list of {at, statusCode, error, durationMs}.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    webhookId: text("webhook_id").notNull().unique(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    taskId: integer("task_id"),
    attemptLog: text("attempt_log").notNull().default("[]"),
    // The candidate the event is about (candidate, session and interview events): erasing
    // the candidate deletes these deliveries, whose bodies carry their name and e-mail.
    candidateId: integer("candidate_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_candidate_idx").on(t.workspaceId, t.candidateId),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);
