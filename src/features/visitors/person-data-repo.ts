import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { DB } from "../../db/client";
import { introCallBookings, visitorConversations } from "../../db/schema";

/** What the candidates feature asks of visitors about one person (export, merge, erasure). */
type Writer = Pick<DB, "update" | "select" | "delete">;
type ConversationRow = typeof visitorConversations.$inferSelect;

const ofPerson = (workspaceId: number, participantId: number, visitorIds: string[]) =>
  and(
    eq(visitorConversations.workspaceId, workspaceId),
    or(eq(visitorConversations.participantId, participantId), visitorIds.length ? inArray(visitorConversations.visitorId, visitorIds) : undefined),
  );

/** The prequalifier and assessment chats of a candidate (by the record, or by their browser's visitor id), oldest first. */
export function conversationRowsOf(db: DB, workspaceId: number, participantId: number, visitorIds: string[]): ConversationRow[] {
  return db
    .select()
    .from(visitorConversations)
    .where(ofPerson(workspaceId, participantId, visitorIds))
    .orderBy(asc(visitorConversations.id))
    .all();
}

/** Merge: the duplicates' chats and intro calls now point at the record that stays. */
export function moveConversations(tx: Writer, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  tx.update(visitorConversations)
    .set({ participantId: toId })
    .where(and(eq(visitorConversations.workspaceId, workspaceId), inArray(visitorConversations.participantId, fromIds)))
    .run();
  tx.update(introCallBookings)
    .set({ participantId: toId })
    .where(and(eq(introCallBookings.workspaceId, workspaceId), inArray(introCallBookings.participantId, fromIds)))
    .run();
}

/** Erasure: the chats are deleted; an intro call keeps its slot (the recruiter's calendar) without the person. */
export function eraseConversations(tx: Writer, workspaceId: number, participantId: number, visitorIds: string[]): void {
  tx.delete(visitorConversations)
    .where(ofPerson(workspaceId, participantId, visitorIds))
    .run();
  tx.update(introCallBookings)
    .set({ participantId: null })
    .where(and(eq(introCallBookings.workspaceId, workspaceId), eq(introCallBookings.participantId, participantId)))
    .run();
}
