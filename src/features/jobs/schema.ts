import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    // Publishing (issue 56): a draft until published; a closed job, or one past validThrough, leaves the careers site and feeds.
    published: integer("published", { mode: "boolean" }).notNull().default(false),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    validThrough: integer("valid_through", { mode: "timestamp_ms" }),
    employmentType: text("employment_type", { enum: ["full_time", "part_time", "contract", "temporary", "internship"] }),
    remote: text("remote", { enum: ["on_site", "hybrid", "remote"] })
      .notNull()
      .default("on_site"),
    // JSON list of ISO 3166-1 alpha-2 codes a remote job accepts applicants from.
    remoteCountries: text("remote_countries"),
    city: text("city"),
    region: text("region"),
    country: text("country"),
    postalCode: text("postal_code"),
    salaryMin: real("salary_min"),
    salaryMax: real("salary_max"),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: text("salary_period", { enum: ["hour", "day", "week", "month", "year"] }),
    // The client's name is public only when the job says so ("Confidential client" otherwise).
    showClient: integer("show_client", { mode: "boolean" }).notNull().default(false),
    // The member told of applications (the creator by default); a member who left is read as none.
    ownerId: integer("owner_id"),
    // The last change of what the public pages show (the sitemap's lastmod); null: createdAt.
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
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
