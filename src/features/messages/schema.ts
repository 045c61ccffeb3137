import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users, workspaces } from "../auth/schema";

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * A member's mailbox (issue 55), one per member, read by IMAP and written by SMTP. Owned by
 * features/messages. The app password is sealed at rest like the calendar's tokens (SecretBox).
 */
export const mailboxes = sqliteTable("mailboxes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  // imap | gmail | microsoft. Gmail and Microsoft 365 use the member's calendar connection's grant
  // (its refresh token stays there); their IMAP fields are empty and password_sealed holds the
  // mail access token last issued, sealed with its expiry.
  provider: text("provider").notNull().default("imap"),
  address: text("address").notNull(),
  imapHost: text("imap_host").notNull(),
  imapPort: integer("imap_port").notNull(),
  imapTls: integer("imap_tls", { mode: "boolean" }).notNull().default(true),
  smtpHost: text("smtp_host"),
  smtpPort: integer("smtp_port"),
  username: text("username").notNull(),
  passwordSealed: text("password_sealed").notNull(),
  // ok | error (stale is read from last_synced_at)
  state: text("state").notNull().default("ok"),
  stateReason: text("state_reason"),
  lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * How far a folder of a mailbox has been read: by IMAP its UIDVALIDITY and the UIDNEXT seen last;
 * Gmail's and Microsoft 365's mailboxes keep the provider's cursor instead (Gmail's historyId for
 * the whole mailbox, Graph's deltaLink per folder), uid_validity and uid_next then unused.
 */
export const mailboxFolders = sqliteTable(
  "mailbox_folders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mailboxId: integer("mailbox_id")
      .notNull()
      .references(() => mailboxes.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    uidValidity: text("uid_validity").notNull(),
    uidNext: integer("uid_next").notNull(),
    cursor: text("cursor"),
  },
  (t) => [uniqueIndex("mailbox_folders_path_idx").on(t.mailboxId, t.path)],
);

/** A message kept because a candidate or a client contact is among its From, To or Cc. */
export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    mailboxId: integer("mailbox_id").references(() => mailboxes.id, { onDelete: "set null" }),
    participantId: integer("participant_id"),
    contactId: integer("contact_id"),
    // in | out
    direction: text("direction").notNull(),
    messageId: text("message_id").notNull(),
    inReplyTo: text("in_reply_to"),
    threadKey: text("thread_key").notNull(),
    fromAddress: text("from_address").notNull(),
    fromName: text("from_name"),
    toAddresses: text("to_addresses").notNull().default("[]"),
    ccAddresses: text("cc_addresses").notNull().default("[]"),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull().default(""),
    quoted: text("quoted"),
    attachments: text("attachments").notNull().default("[]"),
    // Written in Frank (issue 55 item 3): who wrote it and where its sending stands
    // (pending | sent | failed, with the last error); null for a message found in a mailbox.
    authorId: integer("author_id"),
    // Where a message found in a mailbox lives (its folder and UID), to fetch an attachment on request.
    folder: text("folder"),
    uid: integer("uid"),
    // A step of a sequence (its enrolment): sent with List-Unsubscribe.
    enrolmentId: integer("enrolment_id"),
    sendState: text("send_state"),
    sendError: text("send_error"),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [
    uniqueIndex("messages_message_id_idx").on(t.workspaceId, t.messageId, t.participantId, t.contactId),
    index("messages_participant_idx").on(t.workspaceId, t.participantId, t.sentAt),
    index("messages_contact_idx").on(t.workspaceId, t.contactId, t.sentAt),
  ],
);

/**
 * The Message-IDs of threads a member marked private (issue 55 item 2): their messages are
 * deleted and a message naming one of these (its own id, In-Reply-To or References) is never kept.
 */
export const privateThreadIds = sqliteTable(
  "message_private_ids",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
  },
  (t) => [uniqueIndex("message_private_ids_idx").on(t.workspaceId, t.messageId)],
);

/**
 * A candidate's answer to an interview's invitation read from an iMIP REPLY in a mailbox
 * (issue 55 item 5): ACCEPTED, TENTATIVE or DECLINED, the latest per interview.
 */
export const invitationAnswers = sqliteTable("invitation_answers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  meetingId: integer("meeting_id").notNull().unique(),
  answer: text("answer").notNull(),
  attendee: text("attendee").notNull(),
  answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull(),
});

/** A sequence (issue 55 item 4): named steps, each a template sent after a delay; it can be paused. */
export const sequences = sqliteTable("sequences", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  workspaceId: integer("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  paused: integer("paused", { mode: "boolean" }).notNull().default(false),
  // JSON: [{ templateId, delayDays, businessDays }] in order.
  steps: text("steps").notNull().default("[]"),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
});

/**
 * A candidate enrolled in a sequence by a member (whose mailbox sends its steps): active until
 * finished or stopped (a reply, a bounce, an unsubscribe, a member), with the next step and its time.
 */
export const sequenceEnrolments = sqliteTable(
  "sequence_enrolments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    sequenceId: integer("sequence_id")
      .notNull()
      .references(() => sequences.id, { onDelete: "cascade" }),
    participantId: integer("participant_id").notNull(),
    enrolledBy: integer("enrolled_by").notNull(),
    // active | finished | stopped
    status: text("status").notNull().default("active"),
    stopReason: text("stop_reason"),
    nextStep: integer("next_step").notNull().default(0),
    nextAt: integer("next_at", { mode: "timestamp_ms" }),
    // The step task that may act (a resumed sequence writes new ones; older ones then do nothing).
    nonce: text("nonce").notNull(),
    // The one-click unsubscribe link's secret (List-Unsubscribe).
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now),
  },
  (t) => [uniqueIndex("sequence_enrolments_once_idx").on(t.sequenceId, t.participantId), index("sequence_enrolments_participant_idx").on(t.workspaceId, t.participantId)],
);
