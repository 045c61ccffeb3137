import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { chatActions, chatEvents, chatMessages } from "../../db/schema";

/** What the candidates feature asks of chat about one person (export, erasure). */
type Writer = Pick<DB, "update" | "delete">;
type Reader = Pick<DB, "select">;

const eventsOf = (workspaceId: number, participantId: number, name: string | null) =>
  and(eq(chatEvents.workspaceId, workspaceId), or(eq(chatEvents.candidateId, participantId), name?.trim() ? sql`lower(${chatEvents.candidateName}) = ${name.trim().toLowerCase()}` : undefined));

/** The chat events about a candidate (by id, or by their name as the event wrote it), oldest first. */
export function chatEventRowsAbout(db: DB, workspaceId: number, participantId: number, name: string | null) {
  return db
    .select({ type: chatEvents.type, source: chatEvents.source, candidateName: chatEvents.candidateName, position: chatEvents.position, message: chatEvents.message, createdAt: chatEvents.createdAt })
    .from(chatEvents)
    .where(eventsOf(workspaceId, participantId, name))
    .orderBy(asc(chatEvents.id))
    .all();
}

export function deleteChatEventsAbout(tx: Writer, workspaceId: number, participantId: number, name: string | null): void {
  tx.delete(chatEvents)
    .where(eventsOf(workspaceId, participantId, name))
    .run();
}

/**
 * The workspace's assistant messages that hold any needle as a substring (a cheap prefilter;
 * the caller tests each exactly). SQLite lowers ASCII only: with a non-ASCII needle, every message.
 */
export function messagesMentioningAny(tx: Reader, workspaceId: number, needles: string[]): { id: number; content: string }[] {
  const anyLike = (col: typeof chatMessages.content) => (needles.some((n) => /[^\x00-\x7f]/.test(n)) ? undefined : or(...needles.map((n) => sql`instr(lower(${col}), ${n}) > 0`)));
  return tx
    .select({ id: chatMessages.id, content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.workspaceId, workspaceId), anyLike(chatMessages.content)))
    .all();
}

/** Each message's whole content replaced, 500 ids a statement. */
export function replaceMessages(tx: Writer, ids: number[], content: string): void {
  for (let i = 0; i < ids.length; i += 500)
    tx.update(chatMessages)
      .set({ content })
      .where(inArray(chatMessages.id, ids.slice(i, i + 500)))
      .run();
}

/** The workspace's proposals, each as one text (summary, arguments, result) to test for a mention. */
export function actionTexts(tx: Reader, workspaceId: number): { id: number; text: string }[] {
  return tx
    .select({ id: chatActions.id, text: sql<string>`${chatActions.summary} || ' ' || ${chatActions.args} || ' ' || coalesce(${chatActions.result}, '')` })
    .from(chatActions)
    .where(eq(chatActions.workspaceId, workspaceId))
    .all();
}

/** The proposals deleted, 500 ids a statement. */
export function deleteActions(tx: Writer, ids: number[]): void {
  for (let i = 0; i < ids.length; i += 500)
    tx.delete(chatActions)
      .where(inArray(chatActions.id, ids.slice(i, i + 500)))
      .run();
}
