import { sql } from "drizzle-orm";
import { blob, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// The agency's logo (issue 39), owned by features/workspace-logo: one a workspace, the bytes in
// the database (at most 512 kB, so backups carry it and the client's page needs no file store).
export const workspaceLogos = sqliteTable("workspace_logos", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  // png | jpeg | webp, from the bytes.
  type: text("type").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  size: integer("size").notNull(),
  sha256: text("sha256").notNull(),
  /** The random name the image is served under (/logos/{name}.{ext}): nothing to count or guess. */
  name: text("name"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * Every name a workspace's logo was served under: an e-mail sent before the logo changed still
 * finds the current one (302), and nothing but these random names leads to a logo.
 */
export const workspaceLogoNames = sqliteTable("workspace_logo_names", {
  name: text("name").primaryKey(),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});
