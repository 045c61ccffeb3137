import { and, asc, eq, or, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import { chatActions, chatEvents, chatMessages } from "../../db/schema";

/** What the candidates feature asks of chat about one person (export, erasure). */
type Writer = Pick<DB, "update" | "delete">;

const eventsOf = (workspaceId: number, participantId: number, name: string | null) =>
  and(
    eq(chatEvents.workspaceId, workspaceId),
    or(eq(chatEvents.candidateId, participantId), name?.trim() ? sql`lower(${chatEvents.candidateName}) = ${name.trim().toLowerCase()}` : undefined),
  );

export function chatEventsAbout(deps: Deps, workspaceId: number, participantId: number, name: string | null) {
  return deps.db
    .select({ type: chatEvents.type, source: chatEvents.source, candidateName: chatEvents.candidateName, position: chatEvents.position, message: chatEvents.message, createdAt: chatEvents.createdAt })
    .from(chatEvents)
    .where(eventsOf(workspaceId, participantId, name))
    .orderBy(asc(chatEvents.id))
    .all()
    .map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}

/**
 * Erasure: the chat events about the candidate are deleted, and their name and e-mail are
 * blanked out of the assistant conversations and proposals that mention them.
 */
export function eraseChatMentions(tx: Writer, workspaceId: number, participantId: number, words: string[]): void {
  const name = words[0] ?? null;
  tx.delete(chatEvents).where(eventsOf(workspaceId, participantId, name)).run();
  for (const w of words.map((x) => x.trim()).filter((x) => x.length >= 2)) {
    const like = `%${w.toLowerCase()}%`;
    tx.update(chatMessages)
      .set({ content: sql`replace(replace(replace(${chatMessages.content}, ${w}, '[erased]'), lower(${w}), '[erased]'), upper(${w}), '[erased]')` })
      .where(and(eq(chatMessages.workspaceId, workspaceId), sql`lower(${chatMessages.content}) like ${like}`))
      .run();
    tx.update(chatActions)
      .set({
        summary: sql`replace(${chatActions.summary}, ${w}, '[erased]')`,
        args: sql`replace(${chatActions.args}, ${w}, '[erased]')`,
        result: sql`replace(${chatActions.result}, ${w}, '[erased]')`,
      })
      .where(and(eq(chatActions.workspaceId, workspaceId), sql`lower(${chatActions.summary} || ' ' || ${chatActions.args} || ' ' || coalesce(${chatActions.result}, '')) like ${like}`))
      .run();
  }
}
