import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * One pending Google OAuth round trip. The state value sent to Google is stored only as
 * its SHA-256, bound to the user and the session that started it, used once, short-lived.
 */
export const calendarOauthStates = sqliteTable(
  "calendar_oauth_states",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    stateHash: text("state_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").notNull(),
    // Where to come back to (a whitelisted local path).
    returnTo: text("return_to").notNull().default("/ical-manager"),
    // Which provider the round trip is for, and (Microsoft) its PKCE verifier, sealed (decision 34).
    provider: text("provider").notNull().default("google"),
    verifierSealed: text("verifier_sealed"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [index("calendar_oauth_states_user_idx").on(t.userId)],
);

/**
 * A member's Google Calendar connection, one row per connected user (no row: not connected).
 * Owned by the calendar feature alone. Tokens are sealed at rest (AES-256-GCM, key derived from
 * APP_SECRET); the access token is sealed with its expiry.
 */
export const calendarConnections = sqliteTable("calendar_connections", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // google | microsoft (decision 34): one connection per member, of either provider.
  provider: text("provider").notNull().default("google"),
  // The account the calendar belongs to (the column's name is from when only Google was known).
  googleEmail: text("google_email"),
  // Microsoft: whether the account can make Teams meetings (work or school accounts can, personal ones cannot).
  teamsCapable: integer("teams_capable", { mode: "boolean" }),
  accessTokenSealed: text("access_token_sealed"),
  refreshTokenSealed: text("refresh_token_sealed"),
  // The calendar Frank writes events to (null: Google's "primary").
  primaryCalendarId: text("primary_calendar_id"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * The private iCal feed of a user: /ical/<token>.ics. The token is looked up by its
 * SHA-256 and kept sealed (AES-256-GCM) so the iCal Manager can show the URL again.
 */
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  tokenSealed: text("token_sealed").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * Why a connection was dropped without the user asking (Google refused the refresh
 * token), so the manager can say so until the next successful connection.
 */
export const calendarConnectionNotices = sqliteTable("calendar_connection_notices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  email: text("email"),
  provider: text("provider").notNull().default("google"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * The calendars of a member's connection as Frank uses them (decision 32): which count as busy
 * (check_conflicts, several) and which one receives interviews (one), and each one's sync
 * state: the provider's sync token (stored only with the last page of a read), when it last
 * synced, the last failure, and its push channel. Owned by the calendar feature.
 */
export const calendarCalendars = sqliteTable(
  "calendar_calendars",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    name: text("name").notNull(),
    primary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
    checkConflicts: integer("check_conflicts", { mode: "boolean" }).notNull().default(false),
    syncToken: text("sync_token"),
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
    lastFullSyncAt: integer("last_full_sync_at", { mode: "timestamp_ms" }),
    syncError: text("sync_error"),
    // Push (events.watch): the channel's id, the SHA-256 of its token, Google's resource id, its end.
    channelId: text("channel_id"),
    channelTokenHash: text("channel_token_hash"),
    channelResourceId: text("channel_resource_id"),
    channelExpiresAt: integer("channel_expires_at", { mode: "timestamp_ms" }),
    // The last read's changes (JSON), stored with its sync token and cleared once every one was
    // applied to the interviews: a crash between the two applies them again on the next sync.
    pendingRead: text("pending_read"),
  },
  (t) => [uniqueIndex("calendar_calendars_user_cal_idx").on(t.userId, t.calendarId), index("calendar_calendars_channel_idx").on(t.channelId)],
);

/**
 * The busy cache: the events of the next 120 days of each checked calendar, kept by incremental
 * sync. frank_event marks the events Frank wrote itself (their busy time is the meeting's).
 */
export const calendarBusyEvents = sqliteTable(
  "calendar_busy_events",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    eventId: text("event_id").notNull(),
    summary: text("summary"),
    startTime: integer("start_time", { mode: "timestamp_ms" }).notNull(),
    endTime: integer("end_time", { mode: "timestamp_ms" }).notNull(),
    transparent: integer("transparent", { mode: "boolean" }).notNull().default(false),
    // confirmed | tentative (cancelled events are removed)
    status: text("status").notNull().default("confirmed"),
    frankEvent: integer("frank_event", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.calendarId, t.eventId] }),
    // Covering the slot filter's read (start, end and the flags it checks), so offering a month
    // of starts reads the index alone, never the rows (issue 36: 3 × 2,000 busy events per page).
    index("calendar_busy_user_time_idx").on(t.userId, t.startTime, t.endTime, t.calendarId, t.transparent, t.frankEvent),
  ],
);

/** The workspace's choice for changes made to an interview's event in a calendar: follow them, or only flag them. */
export const calendarWorkspaceSettings = sqliteTable("calendar_workspace_settings", {
  workspaceId: integer("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  onEventChange: text("on_event_change").notNull().default("follow"),
});

/** A member's default video link: google_meet (made with the event), fixed (their own room) or none. */
export const calendarVideoLinks = sqliteTable("calendar_video_links", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind").notNull().default("google_meet"),
  url: text("url"),
});

/**
 * Where Frank wrote each interview's event: later patches and deletes go to that calendar, even
 * after the member chooses another calendar for new interviews (decision 32).
 */
export const calendarEventHomes = sqliteTable(
  "calendar_event_homes",
  {
    meetingId: integer("meeting_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    calendarId: text("calendar_id").notNull(),
    eventId: text("event_id").notNull(),
    /**
     * The event's version (Google's etag) as Frank last wrote or took it in: Frank's next write
     * is conditional on it, so a change made in the calendar meanwhile is never written over.
     */
    version: text("version"),
    /** The event's times at that version: a refused write whose event still has them was changed elsewhere (an answer), not moved. */
    versionStart: integer("version_start", { mode: "timestamp_ms" }),
    versionEnd: integer("version_end", { mode: "timestamp_ms" }),
  },
  (t) => [index("calendar_event_homes_event_idx").on(t.userId, t.eventId)],
);
