import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Timestamps are stored as unix milliseconds (integer, mode timestamp_ms).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const workspaces = sqliteTable("workspaces", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  // The workspace's own website: the candidate pages' Home and Back to Site (no link when null).
  siteUrl: text("site_url"),
  // The workspace's texts for /terms and /help (a default text when null).
  termsText: text("terms_text"),
  helpText: text("help_text"),
  // JSON list of the origins that may frame the candidate pages (null: none, the pages refuse every frame).
  embedOrigins: text("embed_origins"),
  // The workspace's IANA time zone (issue 60): the default of intro-call hours, of members'
  // availability and of the zone of members who have none yet. Taken from the owner's browser
  // at their first sign-in; editable in Settings. Null until then (UTC is used).
  timeZone: text("time_zone"),
  createdAt: createdAt(),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    email: text("email").notNull().unique(),
    password: text("password").notNull(),
    name: text("name"),
    provider: text("provider").notNull().default("email"),
    providerId: text("provider_id"),
    avatar: text("avatar"),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    phone: text("phone"),
    company: text("company"),
    position: text("position"),
    bio: text("bio"),
    // The member's IANA time zone (issue 41): times on their pages and in their e-mails. Taken
    // from the browser at the first sign-in that sends one; null until then.
    timeZone: text("time_zone"),
    // The Stripe ids are billing's: billing_customers and billing_subscriptions (features/billing/schema.ts).
    // The Google Calendar connection is the calendar feature's: calendar_connections (features/calendar/schema.ts).
    // The member's role in the workspace (owner, admin, recruiter): docs/decisions/0018. Existing
    // accounts were each their workspace's first account, so they are its owners.
    role: text("role", { enum: ["owner", "admin", "recruiter"] })
      .notNull()
      .default("owner"),
    // Set when a member is removed: the account can no longer sign in, and its rows stay.
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("users_workspace_idx").on(t.workspaceId)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the cookie's token; the token itself is never stored.
    sessionToken: text("session_token").notNull().unique(),
    // Persistent (remember me) sessions keep a fixed expiry; others slide with activity.
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = sqliteTable("password_resets", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  // SHA-256 of the e-mailed token.
  token: text("token").notNull().unique(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  usedAt: integer("used_at", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * Keys for the JSON API (issue 19): `Authorization: Bearer <key>` acts as the member who made the
 * key, in that workspace, with read or read-write scope. Only the SHA-256 of the key is kept;
 * `prefix` (its first characters) lets people tell keys apart in the list.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "read-write"] }).notNull(),
    keyHash: text("key_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId)],
);
