import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";
import { clients } from "../clients/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// Recruiter data: every row carries workspace_id; repos scope every query by it (db/scope.ts).
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    location: text("location"),
    // The agency's client the job is for (issue 38); the clients feature refuses to delete one with jobs.
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("jobs_workspace_idx").on(t.workspaceId), index("jobs_client_idx").on(t.workspaceId, t.clientId)],
);

export const campaigns = sqliteTable(
  "campaigns",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    label: text("label"),
    description: text("description"),
    // Random, URL-safe, unique across workspaces: /prequalifier?c=CODE
    code: text("code").notNull().unique(),
    clickCount: integer("click_count").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("campaigns_job_idx").on(t.workspaceId, t.jobId)],
);

/** One row per visitor who opened a campaign link: campaigns.click_count counts each visitor once. */
export const campaignClicks = sqliteTable(
  "campaign_clicks",
  {
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.visitorId] })],
);
