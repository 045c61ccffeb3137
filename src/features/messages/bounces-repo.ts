import { and, desc, eq, gte, isNotNull, lte } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { messages } from "../../db/schema";
import { inWorkspace } from "../../db/scope";
import type { MessageRow } from "./repo";

type Db = DB | Tx;

/** The messages written in Frank with this Message-ID (one row per person it was kept for). */
export function writtenWithId(db: Db, workspaceId: number, messageId: string): MessageRow[] {
  return db
    .select()
    .from(messages)
    .where(inWorkspace(messages, workspaceId, eq(messages.messageId, messageId), isNotNull(messages.sendState), eq(messages.direction, "out")))
    .all();
}

/** The latest message written in Frank from this mailbox to this address, sent between `from` and `to`. */
export function latestWrittenTo(db: Db, workspaceId: number, mailboxId: number, address: string, between: { from: Date; to: Date }): MessageRow | undefined {
  return db
    .select()
    .from(messages)
    .where(
      inWorkspace(
        messages,
        workspaceId,
        eq(messages.mailboxId, mailboxId),
        isNotNull(messages.sendState),
        eq(messages.direction, "out"),
        // Written in Frank, a message has one recipient.
        eq(messages.toAddresses, JSON.stringify([address.toLowerCase()])),
        and(gte(messages.sentAt, between.from), lte(messages.sentAt, between.to)),
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .get();
}
