import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "./auth";

/**
 * A member's working hours for interviews (issue 36), scheduling's table. No row: the defaults
 * (Monday–Friday 09:00–17:00 in the member's profile zone, no buffers, 4 hours' notice, no cap).
 * The weekly ranges and date overrides are JSON arrays in the API's own shape: they are read and
 * written whole, never queried by their parts.
 */
export const memberAvailability = sqliteTable("member_availability", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull(),
  weekly: text("weekly", { mode: "json" }).notNull().$type<{ day: number; start: string; end: string }[]>(),
  overrides: text("overrides", { mode: "json" }).notNull().$type<{ date: string; ranges: { start: string; end: string }[] }[]>(),
  bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
  bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
  minimumNoticeMinutes: integer("minimum_notice_minutes").notNull().default(240),
  // null: no daily cap.
  maxInterviewsPerDay: integer("max_interviews_per_day"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
