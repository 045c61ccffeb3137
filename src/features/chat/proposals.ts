import type { Deps } from "../../deps";
import type { ChatDeps } from "./needs";
import { memberActor, recordEvent } from "../events/record";
import { AppError, notFound } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import type { SignedIn } from "../auth/service";
import { proposeInterview, shortlistCandidates, type ActionContext, type ProposalKind } from "./actions";
import { card } from "./candidate-cards";
import * as repo from "./repo";
import * as actionsRepo from "./repo-actions";
import { proposalSuggestions, proposalDecided } from "./suggestion-hook";

/**
 * The assistant's write tools only propose; the recruiter confirms in the chat
 * (POST /api/chat/actions/{id}/confirm). A proposal is good for a day.
 */
const PROPOSAL_TTL_MS = 24 * 60 * 60 * 1000;
const PROPOSAL_EXPIRED = "This proposal has expired. Ask Frank again.";
const PROPOSAL_DONE = "This action was already confirmed";
const PROPOSAL_DISMISSED = "This proposal was dismissed. Ask Frank again.";
const DISMISSED_MESSAGE = "Dismissed: nothing was changed.";

export interface ChatAction {
  id: string;
  kind: ProposalKind;
  summary: string;
  status: "pending" | "done" | "dismissed";
  /** What the confirmation did, in words (set once done). */
  result: string | null;
}

function toChatAction(row: actionsRepo.ChatActionRow): ChatAction {
  return {
    id: row.publicId,
    kind: row.kind as ProposalKind,
    summary: row.summary,
    status: row.status === "done" ? "done" : row.status === "dismissed" ? "dismissed" : "pending",
    result: row.result,
  };
}

/**
 * Collects the proposals of one chat turn while the model runs; save() writes them, tied to the
 * stored answer, in the transaction that stores the turn (a failed turn leaves nothing).
 */
export function proposalRecorder(deps: Deps, me: SignedIn) {
  const pending: { publicId: string; kind: ProposalKind; args: string; summary: string; at: Date }[] = [];
  const propose: NonNullable<ActionContext["propose"]> = (kind, args, summary) => {
    const publicId = randomToken(18);
    pending.push({ publicId, kind, args: JSON.stringify(args), summary: summary.slice(0, 500), at: deps.clock.now() });
    return { id: publicId };
  };
  return {
    propose,
    save(chatSessionId: number, messageId: number): ChatAction[] {
      const rows = pending.map((p) =>
        actionsRepo.insertAction(deps.db, {
          workspaceId: me.user.workspaceId,
          userId: me.user.id,
          sessionId: chatSessionId,
          publicId: p.publicId,
          kind: p.kind,
          args: p.args,
          summary: p.summary,
          now: p.at,
        }),
      );
      // Issue 57: each proposal about candidates is kept on their record as a suggestion.
      proposalSuggestions(deps, me.user.workspaceId, rows);
      if (rows.length)
        actionsRepo.attachToMessage(
          deps.db,
          me.user.workspaceId,
          rows.map((r) => r.id),
          messageId,
        );
      return rows.map(toChatAction);
    },
  };
}

/** The actions proposed by these assistant messages, per message id. */
export function actionsByMessage(deps: Deps, workspaceId: number, messageIds: number[]): Map<number, ChatAction[]> {
  const out = new Map<number, ChatAction[]>();
  for (const row of actionsRepo.actionsOfMessages(deps.db, workspaceId, messageIds)) {
    if (row.messageId === null) continue;
    out.set(row.messageId, [...(out.get(row.messageId) ?? []), toChatAction(row)]);
  }
  return out;
}

const asInt = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : undefined);

/**
 * Performs a proposal of the signed-in recruiter, once: it is claimed first, so a double
 * click cannot shortlist or schedule twice; a failure gives it back. The outcome is added
 * to the conversation as the assistant's message.
 */
export async function confirmAction(deps: ChatDeps, me: SignedIn, publicId: string): Promise<{ action: ChatAction; message: string; bookingUrl?: string }> {
  const ws = me.user.workspaceId;
  const row = actionsRepo.findAction(deps.db, ws, me.user.id, publicId);
  if (!row) throw notFound("Action not found");
  if (row.status === "dismissed") throw new AppError("conflict", 409, PROPOSAL_DISMISSED);
  if (row.status !== "pending") throw new AppError("conflict", 409, PROPOSAL_DONE);
  if (deps.clock.now().getTime() - row.createdAt.getTime() > PROPOSAL_TTL_MS) throw new AppError("expired", 410, PROPOSAL_EXPIRED);
  if (!actionsRepo.claimAction(deps.db, ws, row.id)) throw new AppError("conflict", 409, PROPOSAL_DONE);

  const args = JSON.parse(row.args) as Record<string, unknown>;
  const ctx: ActionContext = { deps, workspaceId: ws, userId: me.user.id, timeZone: typeof args.timeZone === "string" ? args.timeZone : "UTC" };
  let message: string;
  let bookingUrl: string | undefined;
  try {
    if (row.kind === "shortlist_candidates") {
      const ids = Array.isArray(args.candidateIds) ? args.candidateIds.map(asInt).filter((n): n is number => n !== undefined) : [];
      const r = shortlistCandidates(ctx, { shortlistId: asInt(args.shortlistId), shortlistName: typeof args.shortlistName === "string" ? args.shortlistName : undefined, candidateIds: ids });
      message = `Done: added ${r.added} to the shortlist "${r.shortlist.name}" (${r.shortlist.candidateIds.length} in it now).`;
    } else if (row.kind === "propose_interview") {
      const r = await proposeInterview(ctx, {
        candidateId: asInt(args.candidateId) ?? 0,
        duration: asInt(args.duration),
        dates: Array.isArray(args.dates) ? args.dates.filter((d): d is string => typeof d === "string") : undefined,
        title: typeof args.title === "string" ? args.title : undefined,
      });
      bookingUrl = r.session.bookingUrl;
      message = `Done: interview proposed to ${card(r.candidate).name} (${r.slotCount} slots, ${r.duration} minutes). Booking link: ${bookingUrl}`;
    } else {
      throw new AppError("invalid_action", 400, "Unknown action");
    }
  } catch (e) {
    actionsRepo.releaseAction(deps.db, ws, row.id);
    throw e;
  }
  const now = deps.clock.now();
  const done = message;
  deps.db.transaction((tx) => {
    actionsRepo.finishAction(tx, ws, row.id, done, now);
    proposalDecided(deps, tx, ws, row, me.user.id);
    repo.insertMessage(tx, { workspaceId: ws, sessionId: row.sessionId, role: "assistant", content: done, now });
    repo.touchSession(tx, ws, row.sessionId, now);
    // The member confirmed what the assistant proposed: their act, in the activity log (its own
    // changes, the shortlist or the session, are recorded by the services that made them). The
    // proposal's own summary names candidates, so the log keeps only its kind.
    recordEvent(deps, tx, {
      workspaceId: ws,
      actor: memberActor(me),
      subject: { type: "assistant_action", id: row.publicId },
      kind: "assistant.action_confirmed",
      summary: row.kind === "shortlist_candidates" ? "Shortlist candidates" : "Propose an interview",
      data: { kind: row.kind },
    });
  });
  return { action: { ...toChatAction(row), status: "done", result: message }, message, ...(bookingUrl ? { bookingUrl } : {}) };
}

/**
 * Turns a proposal down: it can no longer be confirmed, and the conversation says nothing was
 * changed. Only a pending one (a confirmed one is done; a second Dismiss answers 409).
 */
export function dismissAction(deps: ChatDeps, me: SignedIn, publicId: string): { action: ChatAction; message: string } {
  const ws = me.user.workspaceId;
  const row = actionsRepo.findAction(deps.db, ws, me.user.id, publicId);
  if (!row) throw notFound("Action not found");
  const now = deps.clock.now();
  const dismissed = deps.db.transaction((tx) => {
    if (!actionsRepo.dismissAction(tx, ws, row.id, now)) return false;
    repo.insertMessage(tx, { workspaceId: ws, sessionId: row.sessionId, role: "assistant", content: DISMISSED_MESSAGE, now });
    repo.touchSession(tx, ws, row.sessionId, now);
    return true;
  });
  if (!dismissed) throw new AppError("conflict", 409, row.status === "dismissed" ? PROPOSAL_DISMISSED : PROPOSAL_DONE);
  return { action: { ...toChatAction(row), status: "dismissed", result: "Dismissed" }, message: DISMISSED_MESSAGE };
}
