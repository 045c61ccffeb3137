import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { invitationAnswers, mailboxes, mailboxFolders, messages, privateThreadIds } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type MailboxRow = typeof mailboxes.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
type Db = DB | Tx;

export function mailboxOfUser(db: Db, workspaceId: number, userId: number): MailboxRow | undefined {
  return db
    .select()
    .from(mailboxes)
    .where(inWorkspace(mailboxes, workspaceId, eq(mailboxes.userId, userId)))
    .get();
}

export function mailboxById(db: Db, id: number): MailboxRow | undefined {
  return db.select().from(mailboxes).where(eq(mailboxes.id, id)).get();
}

export function allMailboxIds(db: Db): number[] {
  return db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .all()
    .map((r) => r.id);
}

export function insertMailbox(db: Db, v: typeof mailboxes.$inferInsert): MailboxRow {
  return db.insert(mailboxes).values(v).returning().get();
}

export function deleteMailbox(db: Db, workspaceId: number, userId: number): boolean {
  return (
    db
      .delete(mailboxes)
      .where(inWorkspace(mailboxes, workspaceId, eq(mailboxes.userId, userId)))
      .returning({ id: mailboxes.id })
      .all().length > 0
  );
}

export function setState(db: Db, id: number, state: "ok" | "error", reason: string | null, syncedAt: Date | null) {
  db.update(mailboxes)
    .set(syncedAt ? { state, stateReason: reason, lastSyncedAt: syncedAt } : { state, stateReason: reason })
    .where(eq(mailboxes.id, id))
    .run();
}

export function folderOf(db: Db, mailboxId: number, path: string) {
  return db
    .select()
    .from(mailboxFolders)
    .where(and(eq(mailboxFolders.mailboxId, mailboxId), eq(mailboxFolders.path, path)))
    .get();
}

export function saveFolder(db: Db, mailboxId: number, path: string, uidValidity: string, uidNext: number) {
  db.insert(mailboxFolders)
    .values({ mailboxId, path, uidValidity, uidNext })
    .onConflictDoUpdate({ target: [mailboxFolders.mailboxId, mailboxFolders.path], set: { uidValidity, uidNext } })
    .run();
}

/** Inserts a message unless the same one is kept for the same person already; the row or null. */
export function insertMessage(db: Db, v: typeof messages.$inferInsert): MessageRow | null {
  return db.insert(messages).values(v).onConflictDoNothing().returning().get() ?? null;
}

export function threadKeyOf(db: Db, workspaceId: number, messageId: string): string | null {
  return (
    db
      .select({ k: messages.threadKey })
      .from(messages)
      .where(inWorkspace(messages, workspaceId, eq(messages.messageId, messageId)))
      .get()?.k ?? null
  );
}

// Newest first by the whole second (a Date header has no finer time), then as kept: a reply in the
// same second as the message it answers (written in Frank to the millisecond) still comes after it.
const newestFirst = [desc(sql`${messages.sentAt} / 1000`), desc(messages.id)];

export function messagesOfParticipant(db: Db, workspaceId: number, participantId: number): MessageRow[] {
  return db
    .select()
    .from(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.participantId, participantId)))
    .orderBy(...newestFirst)
    .all();
}

export function messagesOfContact(db: Db, workspaceId: number, contactId: number): MessageRow[] {
  return db
    .select()
    .from(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.contactId, contactId)))
    .orderBy(...newestFirst)
    .all();
}

/** Erasure of a candidate: their kept messages go. */
export function deleteMessagesOf(db: Db, workspaceId: number, participantId: number): number {
  return db
    .delete(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.participantId, participantId)))
    .returning({ id: messages.id })
    .all().length;
}

export function messageById(db: Db, id: number): MessageRow | undefined {
  return db.select().from(messages).where(eq(messages.id, id)).get();
}

export function setSendState(db: Db, id: number, sendState: "pending" | "sent" | "failed", sendError: string | null): void {
  db.update(messages).set({ sendState, sendError }).where(eq(messages.id, id)).run();
}

/** Whether this message is kept for this person already (a copy in Sent of one written in Frank, a second folder). */
export function hasMessage(db: Db, workspaceId: number, messageId: string, who: { participantId: number | null; contactId: number | null }): boolean {
  const person = who.participantId ? eq(messages.participantId, who.participantId) : who.contactId ? eq(messages.contactId, who.contactId) : isNull(messages.id);
  return !!db
    .select({ id: messages.id })
    .from(messages)
    .where(inWorkspace(messages, workspaceId, and(eq(messages.messageId, messageId), person)))
    .get();
}

export function messagesOfThread(db: Db, workspaceId: number, threadKey: string): MessageRow[] {
  return db
    .select()
    .from(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.threadKey, threadKey)))
    .all();
}

export function deleteThread(db: Db, workspaceId: number, threadKey: string): number {
  return db
    .delete(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.threadKey, threadKey)))
    .returning({ id: messages.id })
    .all().length;
}

export function addPrivateIds(db: Db, workspaceId: number, ids: string[]): void {
  if (ids.length)
    db.insert(privateThreadIds)
      .values(ids.map((messageId) => ({ workspaceId, messageId })))
      .onConflictDoNothing()
      .run();
}

/** Whether any of these Message-IDs belongs to a thread marked private. */
export function anyPrivate(db: Db, workspaceId: number, ids: string[]): boolean {
  if (!ids.length) return false;
  return !!db
    .select({ id: privateThreadIds.id })
    .from(privateThreadIds)
    .where(inWorkspace(privateThreadIds, workspaceId, inArray(privateThreadIds.messageId, ids)))
    .get();
}

export type AnswerRow = typeof invitationAnswers.$inferSelect;

export function saveAnswer(db: Db, v: Omit<AnswerRow, "id">): void {
  db.insert(invitationAnswers)
    .values(v)
    .onConflictDoUpdate({ target: invitationAnswers.meetingId, set: { answer: v.answer, attendee: v.attendee, answeredAt: v.answeredAt } })
    .run();
}

export function answerOf(db: Db, workspaceId: number, meetingId: number): AnswerRow | undefined {
  return db
    .select()
    .from(invitationAnswers)
    .where(inWorkspace(invitationAnswers, workspaceId, eq(invitationAnswers.meetingId, meetingId)))
    .get();
}

/** A Gmail or Microsoft 365 mailbox's sealed mail access token (its refresh token stays with the calendar connection). */
export function setMailboxSecret(db: Db, id: number, passwordSealed: string): void {
  db.update(mailboxes).set({ passwordSealed }).where(eq(mailboxes.id, id)).run();
}

/** The provider's cursor of a folder (Gmail's historyId, Graph's deltaLink), or null before the first full read. */
export function cursorOf(db: Db, mailboxId: number, path: string): string | null {
  return folderOf(db, mailboxId, path)?.cursor ?? null;
}

export function saveCursor(db: Db, mailboxId: number, path: string, cursor: string | null): void {
  db.insert(mailboxFolders)
    .values({ mailboxId, path, uidValidity: "", uidNext: 0, cursor })
    .onConflictDoUpdate({ target: [mailboxFolders.mailboxId, mailboxFolders.path], set: { cursor } })
    .run();
}

/** A message sent from Frank that the provider named anew: its rows (and the thread it starts) take the new Message-ID. */
export function renameMessage(db: Db, id: number, from: string, to: string): void {
  const m = messageById(db, id);
  if (!m) return;
  db.update(messages)
    .set({ messageId: to })
    .where(inWorkspace(messages, m.workspaceId, eq(messages.messageId, from)))
    .run();
  db.update(messages)
    .set({ threadKey: to })
    .where(inWorkspace(messages, m.workspaceId, eq(messages.threadKey, from)))
    .run();
}
