import { z } from "zod";
import type { Deps } from "../../deps";
import { requirePermission } from "../auth/permissions";
import { recordEvent, type Actor } from "../events/record";
import { changeLimitsRow, saveChangeLimits } from "./repo-change-limits";

/**
 * Candidates' changes have limits (issue 36 item 6): how close to the start a candidate may still
 * move or cancel on their own page, and how many moves one interview allows. Past either, the
 * page says whom to contact instead.
 */
const DEFAULT_LIMITS = { candidateChangeCutoffHours: 12, maxCandidateMoves: 2 };

const HOURS = "The cut-off must be whole hours from 0 to 168";
const MOVES = "Moves must be a whole number from 0 to 20";
export const ChangeLimits = z.object({
  candidateChangeCutoffHours: z.number({ error: HOURS }).int(HOURS).min(0, HOURS).max(168, HOURS),
  maxCandidateMoves: z.number({ error: MOVES }).int(MOVES).min(0, MOVES).max(20, MOVES),
});
export const ChangeLimitsInput = ChangeLimits.partial().strict();
export type ChangeLimits = z.infer<typeof ChangeLimits>;

export function changeLimits(deps: Deps, workspaceId: number): ChangeLimits {
  const row = changeLimitsRow(deps.db, workspaceId);
  return row ? { candidateChangeCutoffHours: row.candidateChangeCutoffMinutes / 60, maxCandidateMoves: row.maxCandidateMoves } : { ...DEFAULT_LIMITS };
}

export function putChangeLimits(deps: Deps, me: { role: string; workspaceId: number }, actor: Actor, input: z.infer<typeof ChangeLimitsInput>): ChangeLimits {
  requirePermission(me, "settings.update");
  const next = { ...changeLimits(deps, me.workspaceId), ...input };
  const values = { candidateChangeCutoffMinutes: next.candidateChangeCutoffHours * 60, maxCandidateMoves: next.maxCandidateMoves };
  deps.db.transaction((tx) => {
    saveChangeLimits(tx, me.workspaceId, values);
    recordEvent(deps, tx, {
      workspaceId: me.workspaceId,
      actor,
      subject: { type: "settings", id: "candidate-changes" },
      kind: "settings.changed",
      summary: "Candidates' change limits",
      data: { fields: Object.keys(input) },
    });
  });
  return next;
}

/** What the candidate may still do with an interview now, and whom to contact otherwise. */
export function candidateMayChange(limits: ChangeLimits, m: { startTime: Date; candidateMoves: number }, now: Date) {
  const beforeCutoff = m.startTime.getTime() - limits.candidateChangeCutoffHours * 3_600_000 > now.getTime();
  return { cancel: beforeCutoff, move: beforeCutoff && m.candidateMoves < limits.maxCandidateMoves, tooLate: !beforeCutoff, movesUsed: m.candidateMoves >= limits.maxCandidateMoves };
}

/** The manage page's words when a change is no longer the candidate's to make. */
export function contactText(limits: ChangeLimits, why: { tooLate: boolean; movesUsed: boolean }, contact: { name: string | null; email: string }): string | null {
  const who = contact.name ? `${contact.name} (${contact.email})` : contact.email;
  if (why.tooLate) return `Changes here are possible up to ${limits.candidateChangeCutoffHours} hours before the interview. To move or cancel it now, please contact ${who}.`;
  if (why.movesUsed && limits.maxCandidateMoves === 0) return `This interview cannot be moved here. To move it, please contact ${who}; you may still cancel it.`;
  if (why.movesUsed)
    return `This interview has been moved ${limits.maxCandidateMoves === 1 ? "once" : `${limits.maxCandidateMoves} times`} already, the most allowed here. To move it again, please contact ${who}; you may still cancel it.`;
  return null;
}
