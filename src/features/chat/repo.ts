import { and, asc, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { chatEvents, chatMessages, chatSessions, chatWebhookSecrets } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type ChatSessionRow = typeof chatSessions.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A conversation of this user only: another user's id reads as missing. */
export function findSession(db: DB, workspaceId: number, userId: number, publicId: string): ChatSessionRow | undefined {
  return db
    .select()
    .from(chatSessions)
    .where(inWorkspace(chatSessions, workspaceId, eq(chatSessions.userId, userId), eq(chatSessions.publicId, publicId)))
    .get();
}

export function insertSession(db: DB, v: { workspaceId: number; userId: number; publicId: string; now: Date }): ChatSessionRow {
  return db.insert(chatSessions).values({ workspaceId: v.workspaceId, userId: v.userId, publicId: v.publicId, createdAt: v.now, updatedAt: v.now }).returning().get();
}

export function touchSession(db: DB | Tx, workspaceId: number, id: number, now: Date) {
  db.update(chatSessions)
    .set({ updatedAt: now })
    .where(inWorkspace(chatSessions, workspaceId, eq(chatSessions.id, id)))
    .run();
}

export function insertMessage(db: DB | Tx, v: { workspaceId: number; sessionId: number; role: "user" | "assistant"; content: string; now: Date }): ChatMessageRow {
  return db.insert(chatMessages).values({ workspaceId: v.workspaceId, sessionId: v.sessionId, role: v.role, content: v.content, createdAt: v.now }).returning().get();
}

/** The newest `limit` messages of a conversation, oldest first. */
export function recentMessages(db: DB, workspaceId: number, sessionId: number, limit: number): ChatMessageRow[] {
  return db
    .select()
    .from(chatMessages)
    .where(inWorkspace(chatMessages, workspaceId, eq(chatMessages.sessionId, sessionId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit)
    .all()
    .reverse();
}

export function webhookSecretOf(db: DB, workspaceId: number) {
  return db.select().from(chatWebhookSecrets).where(eq(chatWebhookSecrets.workspaceId, workspaceId)).get();
}

export function webhookSecretByHash(db: DB, hash: string) {
  return db.select().from(chatWebhookSecrets).where(eq(chatWebhookSecrets.secretHash, hash)).get();
}

/** Sets (or replaces) the workspace's webhook secret. */
export function saveWebhookSecret(db: DB, v: { workspaceId: number; sealed: string; hash: string; now: Date }) {
  db.insert(chatWebhookSecrets)
    .values({ workspaceId: v.workspaceId, secretSealed: v.sealed, secretHash: v.hash, createdAt: v.now })
    .onConflictDoUpdate({ target: chatWebhookSecrets.workspaceId, set: { secretSealed: v.sealed, secretHash: v.hash, createdAt: v.now } })
    .run();
}

export function insertEvent(db: DB, v: typeof chatEvents.$inferInsert) {
  return db.insert(chatEvents).values(v).returning().get();
}

export function recentEvents(db: DB, workspaceId: number, limit: number) {
  return db
    .select()
    .from(chatEvents)
    .where(and(inWorkspace(chatEvents, workspaceId)))
    .orderBy(desc(chatEvents.id))
    .limit(limit)
    .all();
}

/** The newest chat event's id (where a process starts relaying others' detections). */
export function lastEventId(db: DB): number {
  return db
    .select({ id: sql<number>`coalesce(max(${chatEvents.id}), 0)` })
    .from(chatEvents)
    .get()!.id;
}

/** Meeting requests recorded after `afterId` by the API or the chat webhook, oldest first. */
export function detectionsAfter(db: DB, afterId: number, limit = 500) {
  return db
    .select({
      id: chatEvents.id,
      workspaceId: chatEvents.workspaceId,
      userId: chatEvents.userId,
      candidateId: chatEvents.candidateId,
      candidateName: chatEvents.candidateName,
      position: chatEvents.position,
    })
    .from(chatEvents)
    .where(and(gt(chatEvents.id, afterId), eq(chatEvents.type, "meeting_detected"), inArray(chatEvents.source, ["api", "webhook"])))
    .orderBy(asc(chatEvents.id))
    .limit(limit)
    .all();
}
