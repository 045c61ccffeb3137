import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
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

/** What an assistant message about an erased candidate says instead (the whole message goes: it may hold any field of theirs). */
export const ERASED_MESSAGE = "[Removed: this message was about a candidate whose data was erased.]";

/** How an erased candidate can be recognised in free text. */
export interface Mentions {
  /** Values matched anywhere, case-insensitively: full name, e-mail, LinkedIn address, phone numbers, visitor id. */
  words: string[];
  /** Parts of the name, matched as whole words ("Zeb" does not match "Zebra"). */
  nameParts: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A test for text that mentions the candidate: a word, a name part, or their id as the assistant writes it. */
function mentionTest(participantId: number, m: Mentions): (text: string | null) => boolean {
  const words = m.words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 2);
  const parts = m.nameParts.filter((p) => p.length >= 2).map(escape);
  const partRe = parts.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${parts.join("|")})(?![\\p{L}\\p{N}])`, "iu") : null;
  // "#12", "/candidates/12", "candidate 12", "id: 12", JSON ids ("candidateIds":[3,12]).
  const idRe = new RegExp(`(?:#|/candidates/|/participants/|candidate\\s+(?:id\\s*)?|\\bid\\W{0,3}|"(?:candidate|participant)Ids?"\\s*:\\s*\\[?(?:\\s*\\d+\\s*,)*\\s*)${participantId}(?!\\d)`, "i");
  return (text) => {
    if (!text) return false;
    const lower = text.toLowerCase();
    return words.some((w) => lower.includes(w)) || !!partRe?.test(text) || idRe.test(text);
  };
}

/**
 * Erasure: the chat events about the candidate are deleted; every assistant conversation
 * message that mentions them (by any identifying field, a part of their name, or their id) is
 * replaced whole, since the rest of it may repeat their city, answers or salary; proposals
 * about them are deleted.
 */
export function eraseChatMentions(tx: Writer & Pick<DB, "select">, workspaceId: number, participantId: number, mentions: Mentions): void {
  const name = mentions.words[0] ?? null;
  tx.delete(chatEvents).where(eventsOf(workspaceId, participantId, name)).run();
  const mentionsThem = mentionTest(participantId, mentions);
  // A cheap prefilter in SQL (any needle as a substring), the exact test here.
  const needles = [...mentions.words, ...mentions.nameParts, String(participantId)].map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 2 || /^\d+$/.test(w));
  // SQLite lowers ASCII only: with a non-ASCII needle every message of the workspace is tested here.
  const anyLike = (col: typeof chatMessages.content) => (needles.some((n) => /[^\x00-\x7f]/.test(n)) ? undefined : or(...needles.map((n) => sql`instr(lower(${col}), ${n}) > 0`)));
  const messages = tx.select({ id: chatMessages.id, content: chatMessages.content }).from(chatMessages).where(and(eq(chatMessages.workspaceId, workspaceId), anyLike(chatMessages.content))).all();
  const hit = messages.filter((m) => mentionsThem(m.content)).map((m) => m.id);
  for (let i = 0; i < hit.length; i += 500) tx.update(chatMessages).set({ content: ERASED_MESSAGE }).where(inArray(chatMessages.id, hit.slice(i, i + 500))).run();
  const actions = tx
    .select({ id: chatActions.id, text: sql<string>`${chatActions.summary} || ' ' || ${chatActions.args} || ' ' || coalesce(${chatActions.result}, '')` })
    .from(chatActions)
    .where(eq(chatActions.workspaceId, workspaceId))
    .all();
  const gone = actions.filter((a) => mentionsThem(a.text)).map((a) => a.id);
  for (let i = 0; i < gone.length; i += 500) tx.delete(chatActions).where(inArray(chatActions.id, gone.slice(i, i + 500))).run();
}
