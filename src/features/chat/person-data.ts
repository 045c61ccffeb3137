import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import { actionTexts, chatEventRowsAbout, deleteActions, deleteChatEventsAbout, messagesMentioningAny, replaceMessages } from "./person-data-repo";

/** What the candidates feature asks of chat about one person (export, erasure); the SQL is person-data-repo.ts's. */
type Writer = Pick<DB, "update" | "delete">;

export function chatEventsAbout(deps: Deps, workspaceId: number, participantId: number, name: string | null) {
  return chatEventRowsAbout(deps.db, workspaceId, participantId, name).map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}

/** What an assistant message about an erased candidate says instead (the whole message goes: it may hold any field of theirs). */
const ERASED_MESSAGE = "[Removed: this message was about a candidate whose data was erased.]";

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
  deleteChatEventsAbout(tx, workspaceId, participantId, name);
  const mentionsThem = mentionTest(participantId, mentions);
  // A cheap prefilter in SQL (any needle as a substring), the exact test here.
  const needles = [...mentions.words, ...mentions.nameParts, String(participantId)].map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 2 || /^\d+$/.test(w));
  const messages = messagesMentioningAny(tx, workspaceId, needles);
  replaceMessages(
    tx,
    messages.filter((m) => mentionsThem(m.content)).map((m) => m.id),
    ERASED_MESSAGE,
  );
  const actions = actionTexts(tx, workspaceId);
  deleteActions(
    tx,
    actions.filter((a) => mentionsThem(a.text)).map((a) => a.id),
  );
}
