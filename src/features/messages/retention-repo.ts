import { and, eq, lt, max, ne, or, isNull } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { messages } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;

/** Deletes the workspace's messages dated before `cutoff` (a message still being sent stays); how many. */
export function deleteMessagesBefore(db: Db, workspaceId: number, cutoff: Date): number {
  return db
    .delete(messages)
    .where(inWorkspace(messages, workspaceId, lt(messages.sentAt, cutoff), or(isNull(messages.sendState), ne(messages.sendState, "pending"))))
    .returning({ id: messages.id })
    .all().length;
}

/** When the newest message with a candidate was sent, or null. */
export function lastMessageAt(db: Db, workspaceId: number, participantId: number): Date | null {
  const r = db
    .select({ at: max(messages.sentAt) })
    .from(messages)
    .where(inWorkspace(messages, workspaceId, and(eq(messages.participantId, participantId))))
    .get();
  return r?.at ?? null;
}
