import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { meetings, schedulingSessions } from "./schema";

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

/**
 * The people a session offers beyond its organiser (issue 36): `required` and `optional` panel
 * members, or a `pool` of whom one is chosen at booking. No rows: the organiser alone.
 */
export const sessionInterviewers = sqliteTable(
  "session_interviewers",
  {
    sessionId: integer("session_id")
      .notNull()
      .references(() => schedulingSessions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["required", "optional", "pool"] }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

/**
 * A booked interview's interviewers other than its holder (meetings.user_id): a panel. Frank's
 * one-calendar rule and the dashboard's Mine read them as the holder's own.
 */
export const meetingInterviewers = sqliteTable(
  "meeting_interviewers",
  {
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    required: integer("required", { mode: "boolean" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index("meeting_interviewers_user_idx").on(t.userId)],
);

/** How late and how often a candidate may change their interview themselves (issue 36 item 6). No row: 12 hours, 2 moves. */
export const schedulingWorkspaceSettings = sqliteTable("scheduling_workspace_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  candidateChangeCutoffMinutes: integer("candidate_change_cutoff_minutes").notNull().default(720),
  maxCandidateMoves: integer("max_candidate_moves").notNull().default(2),
});

/**
 * Interview types (issue 36 item 5), scheduling's table: a named recipe for sessions. Who
 * interviews is JSON in the API's shape (a panel's members, or a pool), read and written whole;
 * null buffers and notice: the members' own.
 */
export const interviewTypes = sqliteTable(
  "interview_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    duration: integer("duration").notNull(),
    videoKind: text("video_kind", { enum: ["google_meet", "microsoft_teams", "fixed", "none"] }),
    videoUrl: text("video_url"),
    location: text("location"),
    description: text("description"),
    defaultMessage: text("default_message"),
    interviewers: text("interviewers", { mode: "json" }).notNull().$type<{ userId: number; required: boolean }[]>(),
    pool: text("pool", { mode: "json" }).$type<{ userIds: number[]; strategy: "fair" | "first-available" } | null>(),
    bufferBeforeMinutes: integer("buffer_before_minutes"),
    bufferAfterMinutes: integer("buffer_after_minutes"),
    minimumNoticeMinutes: integer("minimum_notice_minutes"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("interview_types_workspace_idx").on(t.workspaceId)],
);
