import { and, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { chatActions } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type ChatActionRow = typeof chatActions.$inferSelect;

export function insertAction(db: DB, v: { workspaceId: number; userId: number; sessionId: number; publicId: string; kind: string; args: string; summary: string; now: Date }): ChatActionRow {
  return db
    .insert(chatActions)
    .values({ ...v, createdAt: v.now })
    .returning()
    .get();
}

/** Ties the actions of one turn to the assistant message that proposed them. */
export function attachToMessage(db: DB, workspaceId: number, ids: number[], messageId: number) {
  if (!ids.length) return;
  db.update(chatActions)
    .set({ messageId })
    .where(inWorkspace(chatActions, workspaceId, inArray(chatActions.id, ids)))
    .run();
}

/** One action of this user only: another user's or workspace's id reads as missing. */
export function findAction(db: DB, workspaceId: number, userId: number, publicId: string): ChatActionRow | undefined {
  return db
    .select()
    .from(chatActions)
    .where(inWorkspace(chatActions, workspaceId, eq(chatActions.userId, userId), eq(chatActions.publicId, publicId)))
    .get();
}

/** pending → running, only once: a double click or a second tab cannot perform it twice. */
export function claimAction(db: DB, workspaceId: number, id: number): boolean {
  return !!db
    .update(chatActions)
    .set({ status: "running" })
    .where(inWorkspace(chatActions, workspaceId, eq(chatActions.id, id), eq(chatActions.status, "pending")))
    .returning({ id: chatActions.id })
    .get();
}

export function finishAction(db: DB | Tx, workspaceId: number, id: number, result: string, now: Date) {
  db.update(chatActions)
    .set({ status: "done", result, doneAt: now })
    .where(inWorkspace(chatActions, workspaceId, eq(chatActions.id, id)))
    .run();
}

/** pending → dismissed, only once; false when it was already confirmed, running or dismissed. */
export function dismissAction(db: DB | Tx, workspaceId: number, id: number, now: Date): boolean {
  return !!db
    .update(chatActions)
    .set({ status: "dismissed", result: "Dismissed", doneAt: now })
    .where(inWorkspace(chatActions, workspaceId, eq(chatActions.id, id), eq(chatActions.status, "pending")))
    .returning({ id: chatActions.id })
    .get();
}

export function releaseAction(db: DB, workspaceId: number, id: number) {
  db.update(chatActions)
    .set({ status: "pending" })
    .where(and(inWorkspace(chatActions, workspaceId, eq(chatActions.id, id)), eq(chatActions.status, "running")))
    .run();
}

export function actionsOfMessages(db: DB, workspaceId: number, messageIds: number[]): ChatActionRow[] {
  if (!messageIds.length) return [];
  return db
    .select()
    .from(chatActions)
    .where(inWorkspace(chatActions, workspaceId, inArray(chatActions.messageId, messageIds)))
    .all();
}
