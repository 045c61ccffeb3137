import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";
import { jobs } from "../jobs/schema";
import { applications } from "../applications/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// The careers site (issue 56), owned by features/careers.
/** One a workspace: its public address /careers/{slug}, the introduction and the privacy notice. */
export const careersSites = sqliteTable("careers_sites", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  // Lower-case letters, digits and dashes; unique across workspaces (the public address).
  slug: text("slug").notNull().unique(),
  intro: text("intro"),
  privacyNotice: text("privacy_notice"),
  // The job feed's <email> (where a board may send applications); null: none.
  feedEmail: text("feed_email"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** A job's application form: which standard fields it asks, and its own screening questions (JSON). */
export const applicationForms = sqliteTable("application_forms", {
  jobId: integer("job_id")
    .primaryKey()
    .references(() => jobs.id, { onDelete: "cascade" }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  fields: text("fields").notNull(),
  questions: text("questions").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** The candidate's private link to see or withdraw an application made on the careers site (its token's hash). */
export const applicationLinks = sqliteTable(
  "application_links",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    withdrawnAt: integer("withdrawn_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("application_links_workspace_idx").on(t.workspaceId)],
);
