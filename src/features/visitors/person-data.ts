// What the candidates feature asks of visitors about one person (export, merge, erasure); the SQL is person-data-repo.ts's.
import type { Deps } from "../../deps";
import { conversationRowsOf } from "./person-data-repo";
export { eraseConversations, moveConversations } from "./person-data-repo";

export interface PersonConversation {
  kind: string;
  questions: unknown;
  answers: unknown;
  completedAt: string | null;
  createdAt: string;
}

const parse = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** The prequalifier and assessment chats of a candidate (by the record, or by their browser's visitor id). */
export function conversationsOf(deps: Deps, workspaceId: number, participantId: number, visitorIds: string[]): PersonConversation[] {
  return conversationRowsOf(deps.db, workspaceId, participantId, visitorIds).map((c) => ({
    kind: c.kind,
    questions: parse(c.questions),
    answers: parse(c.answers),
    completedAt: c.completedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  }));
}
