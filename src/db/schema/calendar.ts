import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "./auth";

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
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").notNull(),
    // Where to come back to (a whitelisted local path).
    returnTo: text("return_to").notNull().default("/ical-manager"),
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
  // The Google account the calendar belongs to.
  googleEmail: text("google_email"),
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
  workspaceId: integer("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
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
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});
