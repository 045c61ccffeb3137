import type { ChatDeps } from "./needs";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Deps } from "../../deps";
import { AppError, tooManyRequests } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import { canonicalZone } from "../../lib/time-zone";
import { dateIn } from "../scheduling/slots";
import type { SignedIn } from "../auth/service";
import * as repo from "./repo";
import { latestCandidates } from "./candidate-cards";
import { builtinAnswer } from "./builtin";
import { ModelTimeout, modelConfigured, runModel } from "./llm";
import { retryOnBusy } from "../../db/busy";
import { NO_MODEL_NOTE, systemPrompt } from "./prompt";
import { actionsByMessage, proposalRecorder, type ChatAction } from "./proposals";
import { MAX_HISTORY_CHARS, MAX_HISTORY_MESSAGES, type ChatInput, type ChatReply } from "./model";

export const AI_FAILED = "Failed to get response from AI assistant";

/** Counts one chat message against the user's per-minute allowance (429 when over). */
export function checkChatRate(deps: ChatDeps, userId: number) {
  const r = deps.chatLimits.chat.hit(`chat:${userId}`);
  if (!r.ok) throw tooManyRequests(r.retryAfter);
}

/** The newest messages that fit both caps, oldest first. */
function capHistory<T extends { content: string }>(rows: T[]): T[] {
  const out: T[] = [];
  let chars = 0;
  for (let i = rows.length - 1; i >= 0 && out.length < MAX_HISTORY_MESSAGES; i--) {
    chars += rows[i]!.content.length;
    if (chars > MAX_HISTORY_CHARS && out.length) break;
    out.unshift(rows[i]!);
  }
  return out;
}

/**
 * One turn: answers with the language model when one is configured (else the built-in
 * assistant), then stores the question and the answer together. A turn that fails (the
 * model errs or goes quiet) stores nothing: the history never holds a half answer or a
 * question that looks answered. Text streams out through onDelta.
 */
export async function ask(deps: ChatDeps, me: SignedIn, input: ChatInput, onDelta: (text: string) => void = () => {}): Promise<ChatReply> {
  checkChatRate(deps, me.user.id);
  return answer(deps, me, input, onDelta);
}

/** What the recruiter reads when the model went quiet (no first token, or silence mid-answer), naming the limit. */
function timeoutMessage(e: ModelTimeout): string {
  const n = Number((e.ms / 1000).toFixed(1));
  const s = `${n} ${n === 1 ? "second" : "seconds"}`;
  return e.kind === "first-token" ? `The AI assistant did not answer within ${s}. Please try again.` : `The AI assistant stopped answering (no reply for ${s}). Please try again.`;
}

/** ask() without the rate check, for the streaming route, which checks before it starts the stream. */
export async function answer(deps: ChatDeps, me: SignedIn, input: ChatInput, onDelta: (text: string) => void = () => {}): Promise<ChatReply> {
  const ws = me.user.workspaceId;
  // The caller's conversation; an unknown or another user's id starts a new one (written with the answer).
  const existing = input.sessionId ? repo.findSession(deps.db, ws, me.user.id, input.sessionId) : undefined;
  const message = input.message.trim();
  const askedAt = deps.clock.now();
  // The model's write tools record proposals; they are stored with the answer, and the recruiter confirms them in the chat.
  const proposals = proposalRecorder(deps, me);
  // The member's zone: the browser's, else the one in their profile; UTC only when neither is known (and answers say so).
  const zone = canonicalZone(input.timeZone) ?? canonicalZone(me.user.timeZone);
  const ctx = { deps, workspaceId: ws, userId: me.user.id, timeZone: zone ?? "UTC", zoneKnown: !!zone, propose: proposals.propose };

  let response: string;
  if (modelConfigured(deps.config)) {
    const earlier = existing ? repo.recentMessages(deps.db, ws, existing.id, MAX_HISTORY_MESSAGES - 1) : [];
    const history = capHistory([...earlier, { role: "user", content: message }]);
    const messages: ChatCompletionMessageParam[] = [
      {
        role: "system",
        content: systemPrompt({
          recruiterName: me.user.name || me.user.email,
          // The member's own date and zone: "next Tuesday" is read from where they are.
          today: `${dateIn(deps.clock.now(), ctx.timeZone)} (${ctx.zoneKnown ? `time zone ${ctx.timeZone}` : "time zone unknown: UTC"})`,
          candidates: latestCandidates(deps, ws),
        }),
      },
      ...history.map((m) => ({ role: m.role as "user" | "assistant", content: m.content })),
    ];
    try {
      response = (await runModel(deps.config, ctx, messages, onDelta)).trim();
    } catch (e) {
      if (e instanceof ModelTimeout) {
        deps.log.error("language model timed out", { kind: e.kind, ms: e.ms });
        throw new AppError("ai_timeout", 504, timeoutMessage(e));
      }
      deps.log.error("language model call failed", { error: e instanceof Error ? e.message : String(e) });
      throw new AppError("ai_failed", 502, AI_FAILED);
    }
    if (!response) response = "Sorry, I have no answer to that.";
  } else {
    response = await builtinAnswer(ctx, message);
    // The first answer of a conversation says plainly that no model is behind it.
    if (!existing && !response.includes(NO_MODEL_NOTE)) response = `${response}\n\n(${NO_MODEL_NOTE})`;
    onDelta(response);
  }
  // The question, its answer and the answer's proposals in one transaction, waiting (without
  // blocking) for another process's write lock: the answer was paid for and is not asked for again.
  const answeredAt = deps.clock.now();
  const { session, actions } = await retryOnBusy(deps.db.$client, () =>
    deps.db.transaction(
      () => {
        const s = existing ?? repo.insertSession(deps.db, { workspaceId: ws, userId: me.user.id, publicId: randomToken(18), now: askedAt });
        repo.insertMessage(deps.db, { workspaceId: ws, sessionId: s.id, role: "user", content: message, now: askedAt });
        const stored = repo.insertMessage(deps.db, { workspaceId: ws, sessionId: s.id, role: "assistant", content: response, now: answeredAt });
        const saved = proposals.save(s.id, stored.id);
        repo.touchSession(deps.db, ws, s.id, answeredAt);
        return { session: s, actions: saved };
      },
      { behavior: "immediate" },
    ),
  );
  return actions.length ? { response, sessionId: session.publicId, actions } : { response, sessionId: session.publicId };
}

export interface ChatMessageView {
  id: number;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  /** Changes this answer proposed, pending or done (only on assistant messages that made some). */
  actions?: ChatAction[];
}

/** The caller's own conversation (empty for an unknown or foreign id). */
export function history(deps: Deps, me: SignedIn, sessionId: string | undefined): { sessionId: string | null; messages: ChatMessageView[] } {
  const ws = me.user.workspaceId;
  const s = sessionId ? repo.findSession(deps.db, ws, me.user.id, sessionId) : undefined;
  if (!s) return { sessionId: null, messages: [] };
  const rows = repo.recentMessages(deps.db, ws, s.id, 100);
  const actions = actionsByMessage(
    deps,
    ws,
    rows.filter((r) => r.role === "assistant").map((r) => r.id),
  );
  return {
    sessionId: s.publicId,
    messages: rows.map((r) => {
      const view: ChatMessageView = { id: r.id, role: r.role as "user" | "assistant", content: r.content, timestamp: r.createdAt.toISOString() };
      const own = actions.get(r.id);
      return own ? { ...view, actions: own } : view;
    }),
  };
}

/** What the pages say about the assistant behind them. */
export function assistantMode(deps: Deps): { builtIn: boolean; model: string | null } {
  return modelConfigured(deps.config) ? { builtIn: false, model: deps.config.OPENAI_MODEL } : { builtIn: true, model: null };
}
