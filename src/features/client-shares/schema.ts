import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";
import { participants } from "../candidates/schema";
import { clientContacts } from "../clients/schema";
import { shortlists } from "../shortlists/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

// A shortlist shared with a client's contact (issue 39), owned by features/client-shares. One row
// per contact, so each answer is the contact's; only the token's hash is kept.
export const shortlistShares = sqliteTable(
  "shortlist_shares",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    shortlistId: integer("shortlist_id")
      .notNull()
      .references(() => shortlists.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => clientContacts.id, { onDelete: "cascade" }),
    // The member who shared it: told of every answer (the shortlist's owner for this share).
    sharedBy: integer("shared_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull(),
    // JSON list of the fields the contact sees (name, role, city, summary, note, cv, email, phone).
    fields: text("fields").notNull(),
    // Whether an answer moves the candidate's applications for the client's jobs.
    moveApplications: integer("move_applications", { mode: "boolean" }).notNull().default(false),
    // Whether the contact, after "Ask for an interview", picks times from the sharer's free slots
    // of the next two weeks, and how long the interview they pick is (minutes).
    allowScheduling: integer("allow_scheduling", { mode: "boolean" }).notNull().default(false),
    interviewMinutes: integer("interview_minutes").notNull().default(60),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    firstViewedAt: integer("first_viewed_at", { mode: "timestamp_ms" }),
    lastViewedAt: integer("last_viewed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("shortlist_shares_token_idx").on(t.tokenHash), index("shortlist_shares_shortlist_idx").on(t.workspaceId, t.shortlistId)],
);

// A contact's answer about one candidate of a shared shortlist: the latest one counts.
export const shortlistAnswers = sqliteTable(
  "shortlist_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    shareId: integer("share_id")
      .notNull()
      .references(() => shortlistShares.id, { onDelete: "cascade" }),
    participantId: integer("participant_id")
      .notNull()
      .references(() => participants.id, { onDelete: "cascade" }),
    // interested | not_now (null: only a comment or an interview request so far)
    verdict: text("verdict"),
    comment: text("comment"),
    interviewRequestedAt: integer("interview_requested_at", { mode: "timestamp_ms" }),
    // The interview times the contact picked (JSON [{start, end}] as ISO instants, at most 3),
    // the zone they saw them in, and when; then the scheduling session that offered them to the
    // candidate (scheduling's row; no foreign key, a cancelled session keeps the record).
    pickedTimes: text("picked_times"),
    pickedTimeZone: text("picked_time_zone"),
    pickedAt: integer("picked_at", { mode: "timestamp_ms" }),
    offeredSessionId: integer("offered_session_id"),
    offeredAt: integer("offered_at", { mode: "timestamp_ms" }),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("shortlist_answers_share_participant_idx").on(t.shareId, t.participantId), index("shortlist_answers_participant_idx").on(t.participantId)],
);
