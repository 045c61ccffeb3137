import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./auth";

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
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").notNull(),
    secretSealed: text("secret_sealed").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    disabledAt: integer("disabled_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.disabledAt)],
);

/**
 * One event to one endpoint: the exact body sent (signed again on each try), its
 * Standard Webhooks id (`msg_…`, the same on every retry and resend) and each try's outcome.
 * `work_item_id` is the work queue row that delivers it now.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id").notNull().references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    webhookId: text("webhook_id").notNull().unique(),
    type: text("type").notNull(),
    payload: text("payload").notNull(),
    status: text("status", { enum: ["pending", "retrying", "delivered", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    statusCode: integer("status_code"),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    workItemId: integer("work_item_id"),
    // The candidate the event is about (candidate, session and interview events): erasing
    // the candidate deletes these deliveries, whose bodies carry their name and e-mail.
    candidateId: integer("candidate_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    deliveredAt: integer("delivered_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.status, t.id),
    index("webhook_deliveries_candidate_idx").on(t.workspaceId, t.candidateId),
    index("webhook_deliveries_created_idx").on(t.createdAt),
  ],
);
