import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";
import { shortlists } from "../shortlists/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A link sent to one candidate to pick one interview slot. The token is the only access
 * to /book/{token}: random, 256 bits, URL-safe. Status: pending → scheduled | cancelled;
 * expired is computed from expires_at (creation + 14 days).
 */
export const schedulingSessions = sqliteTable(
  "scheduling_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    shortlistId: integer("shortlist_id").references(() => shortlists.id, { onDelete: "set null" }),
    // SHA-256 of the booking token (the column keeps its first name); the token itself is
    // kept only sealed with the app secret, so the dashboard can copy the link again.
    tokenHash: text("token").notNull().unique(),
    tokenSealed: text("token_sealed"),
    status: text("status").notNull().default("pending"),
    title: text("title").notNull(),
    description: text("description"),
    duration: integer("duration").notNull(),
    timeZone: text("time_zone").notNull(),
    // The session's own video link (null: the interviewer's default): google_meet | fixed | none.
    videoKind: text("video_kind"),
    videoUrl: text("video_url"),
    // slots: the hand-picked scheduling_slots; availability: every free start in [offer_from,
    // offer_to) by the interviewers' availability, computed when the candidate opens the page
    // (issue 36); the booked start becomes a slot row then.
    mode: text("mode", { enum: ["slots", "availability"] })
      .notNull()
      .default("slots"),
    offerFrom: integer("offer_from", { mode: "timestamp_ms" }),
    offerTo: integer("offer_to", { mode: "timestamp_ms" }),
    // With a pool (session_interviewers of kind pool): how the interviewer is chosen at booking.
    poolStrategy: text("pool_strategy", { enum: ["fair", "first-available"] }),
    // The interview type the session was made from: its buffers and notice override the members' (no FK: interview_types is declared after this table; a deleted type leaves its id, which then finds nothing).
    interviewTypeId: integer("interview_type_id"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("scheduling_sessions_workspace_idx").on(t.workspaceId, t.createdAt)],
);

/** The slots a session offers. The id is random because it travels in the public booking form. */
export const schedulingSlots = sqliteTable(
  "scheduling_slots",
  {
    id: text("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => schedulingSessions.id, { onDelete: "cascade" }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("scheduling_slots_session_idx").on(t.sessionId, t.startTime)],
);

/**
 * A booked interview. public_id (random, 128 bits) is the only id that leaves the server.
 * One meeting per session and per slot: the unique indexes are the last guard of the
 * booking race, behind the conditional update of the session's status.
 */
export const meetings = sqliteTable(
  "meetings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull().unique(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => schedulingSessions.id, { onDelete: "cascade" }),
    slotId: text("slot_id")
      .notNull()
      .references(() => schedulingSlots.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description"),
    notes: text("notes"),
    location: text("location"),
    // scheduled | completed | canceled | pending | no_show
    status: text("status").notNull().default("scheduled"),
    // Who did not attend, for a no_show (issue 58): "candidate" or "interviewer".
    noShowBy: text("no_show_by", { enum: ["candidate", "interviewer"] }),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    // SHA-256 of the token in the candidate's e-mail that lets them cancel or move the interview.
    manageTokenHash: text("manage_token_hash").notNull().unique(),
    // Set by the calendar feature (Google event, video link).
    calendarEventId: text("calendar_event_id"),
    meetingUrl: text("meeting_url"),
    // The video link chosen at booking (google_meet | fixed | none; null: before video links).
    videoKind: text("video_kind"),
    reminderSentAt: integer("reminder_sent_at", { mode: "timestamp_ms" }),
    // The zone the candidate chose on the booking page; pages and e-mails show the time in it.
    candidateTimeZone: text("candidate_time_zone"),
    // Bumped on every change so the .ics UPDATE/CANCEL replace the earlier invitation.
    sequence: integer("sequence").notNull().default(0),
    // "pool": the interviewer was chosen from a session's pool at booking, for the reason given (issue 36).
    assignedBy: text("assigned_by", { enum: ["pool"] }),
    assignmentReason: text("assignment_reason"),
    // Moves the candidate made on their manage page (limited by the workspace's setting).
    candidateMoves: integer("candidate_moves").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("meetings_session_idx").on(t.sessionId),
    uniqueIndex("meetings_slot_idx").on(t.slotId),
    index("meetings_workspace_idx").on(t.workspaceId, t.startTime),
    // The dashboard's newest 200 interviews, read in order and stopped there (not 40,000 sorted).
    index("meetings_created_idx").on(t.workspaceId, t.createdAt),
    // The interviews report reads the period's interviews from this index alone (reports/repo.ts).
    index("meetings_report_idx").on(t.workspaceId, t.startTime, t.userId, t.status, t.noShowBy, t.endTime),
    // Time to schedule: each session's booking time without reading the meeting (reports/repo.ts, INDEXED BY).
    index("meetings_session_created_idx").on(t.sessionId, t.createdAt),
    index("meetings_reminder_idx").on(t.status, t.startTime),
    // The recruiter's own calendar: no two scheduled meetings of one user overlap.
    index("meetings_user_time_idx").on(t.userId, t.status, t.startTime),
  ],
);

/**
 * What a calendar said about an interview that needs a person's look (decision 32): the
 * candidate declined, a busy event clashes, or (with "Only flag") the event was moved or
 * deleted in the calendar. Resolved flags stay for the record.
 */
export const meetingFlags = sqliteTable(
  "meeting_flags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    meetingId: integer("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    // declined | clash | moved_in_calendar | deleted_in_calendar
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    // For moved_in_calendar: the event's new time (Apply moves the interview there).
    startTime: integer("start_time", { mode: "timestamp_ms" }),
    endTime: integer("end_time", { mode: "timestamp_ms" }),
    // What it is about (the clashing event's id), so the same finding is not flagged twice.
    subject: text("subject").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("meeting_flags_meeting_idx").on(t.meetingId, t.kind)],
);

/**
 * People who join a session's interview without being members (issue 38: a client's hiring
 * manager): they get the invitation (iMIP), its changes and reminders, and the feedback link.
 */
export const sessionGuests = sqliteTable(
  "session_guests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => schedulingSessions.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name"),
  },
  (t) => [uniqueIndex("session_guests_email_idx").on(t.sessionId, t.email)],
);
