import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { jobs } from "../jobs/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A candidate's browser (the prequalifier_id cookie: 'q' + 5 alphanumerics). The id is short
 * and guessable, so a second, random cookie proves ownership: only its SHA-256 is stored.
 * Not workspace data: one visitor may apply to several workspaces.
 */
export const visitors = sqliteTable("visitors", {
  id: text("id").primaryKey(),
  keyHash: text("key_hash").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** A prequalifier or assessment chat in progress (or finished), one per visitor, kind and workspace. */
export const visitorConversations = sqliteTable(
  "visitor_conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    // prequalifier | assessment
    kind: text("kind").notNull(),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    campaignId: integer("campaign_id"),
    // JSON list of the questions asked (a snapshot, so a recruiter's edit does not shift answers).
    questions: text("questions").notNull(),
    // JSON list of the answers given so far, in question order.
    answers: text("answers").notNull().default("[]"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    participantId: integer("participant_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("visitor_conversations_unique_idx").on(t.workspaceId, t.visitorId, t.kind), index("visitor_conversations_visitor_idx").on(t.visitorId)],
);

/** Per-workspace candidate page settings: outside URLs and the intro-call availability. */
export const visitorSettings = sqliteTable("visitor_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  prequalifierUrl: text("prequalifier_url"),
  assessmentUrl: text("assessment_url"),
  schedulerUrl: text("scheduler_url"),
  // The recruiter whose calendar takes intro calls (the one who saved the availability).
  hostUserId: integer("host_user_id").references(() => users.id, { onDelete: "set null" }),
  introCallMinutes: integer("intro_call_minutes").notNull().default(30),
  timeZone: text("time_zone").notNull().default("UTC"),
  // JSON list of { day: 0-6 (Sunday 0), start: "HH:MM", end: "HH:MM" } in timeZone.
  weeklyAvailability: text("weekly_availability").notNull().default("[]"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/** Assessment questions set by the recruiter for one job (a default set applies when none). */
export const visitorJobQuestions = sqliteTable(
  "visitor_job_questions",
  {
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    questions: text("questions").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.jobId] })],
);

/**
 * Intro calls booked from /scheduleacall. The unique start per host is the last line of
 * defence against a double booking; overlaps are refused in the same transaction.
 */
export const introCallBookings = sqliteTable(
  "intro_call_bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id").notNull(),
    participantId: integer("participant_id"),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    // The scheduling session that carries the meeting (scheduling module).
    schedulingSessionId: integer("scheduling_session_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("intro_call_bookings_slot_idx").on(t.hostUserId, t.startTime), index("intro_call_bookings_ws_idx").on(t.workspaceId, t.startTime)],
);
