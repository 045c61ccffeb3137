import type { ChatDeps } from "./needs";
import { AppError } from "../../lib/errors";
import { addCandidates, createShortlist, listShortlists, type Shortlist } from "../shortlists/service";
import { addDays, dateIn, DEFAULT_DURATION, DEFAULT_WINDOW, DURATIONS, generateSlots, isValidTimeZone } from "../scheduling/slots";
import { findCandidate } from "./candidate-cards";

/**
 * What the assistant may change, on behalf of the signed-in recruiter, through the
 * shortlists and scheduling services: both the language model's tools and the built-in
 * assistant call these, so they obey the same rules (workspace scope, 404s).
 */
export interface ActionContext {
  deps: ChatDeps;
  workspaceId: number;
  userId: number;
  timeZone: string;
  /** False when timeZone is UTC only because the member's zone is not known (the answer says so). */
  zoneKnown?: boolean;
  /** Records a change for the recruiter to confirm (the language model's write tools go through this). */
  propose?: (kind: ProposalKind, args: Record<string, unknown>, summary: string) => { id: string };
}

export type ProposalKind = "shortlist_candidates" | "propose_interview";

/** Finds a shortlist by name (case-insensitive) or creates it. */
function shortlistNamed(ctx: ActionContext, name: string): { shortlist: Shortlist; created: boolean } {
  const clean = name.trim().slice(0, 200) || "Assistant picks";
  const existing = listShortlists(ctx.deps, ctx.workspaceId).find((s) => s.name.toLowerCase() === clean.toLowerCase());
  if (existing) return { shortlist: existing, created: false };
  return { shortlist: createShortlist(ctx.deps, ctx.workspaceId, clean, { userId: ctx.userId }), created: true };
}

export function shortlistCandidates(ctx: ActionContext, input: { shortlistId?: number; shortlistName?: string; candidateIds: number[] }) {
  let target: { shortlist: Shortlist; created: boolean };
  if (input.shortlistId) {
    const found = listShortlists(ctx.deps, ctx.workspaceId).find((s) => s.id === input.shortlistId);
    if (!found) throw new AppError("not_found", 404, "Shortlist not found");
    target = { shortlist: found, created: false };
  } else {
    target = shortlistNamed(ctx, input.shortlistName ?? "Assistant picks");
  }
  const ids = input.candidateIds.filter((id) => Number.isInteger(id) && id > 0);
  if (!ids.length) return { ...target, added: 0 };
  const { added, shortlist } = addCandidates(ctx.deps, ctx.workspaceId, target.shortlist.id, ids, { userId: ctx.userId });
  return { shortlist, created: target.created, added };
}

/** The next `count` weekdays after today in the zone (an interview is never proposed for today). */
export function nextWeekdays(now: Date, timeZone: string, count: number): string[] {
  const out: string[] = [];
  let d = dateIn(now, timeZone);
  while (out.length < count) {
    d = addDays(d, 1);
    const day = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (day !== 0 && day !== 6) out.push(d);
  }
  return out;
}

export const PROPOSAL_DAYS = 3;

/**
 * Proposes an interview: a scheduling session for the candidate with hourly slots in the
 * default 09:00–17:00 window on the next three weekdays (or the given dates).
 */
export async function proposeInterview(ctx: ActionContext, input: { candidateId: number; duration?: number; dates?: string[]; title?: string; description?: string }) {
  const candidate = findCandidate(ctx.deps, ctx.workspaceId, input.candidateId);
  if (!candidate) throw new AppError("not_found", 404, "Candidate not found");
  const duration = (DURATIONS as readonly number[]).includes(input.duration ?? 0) ? input.duration! : DEFAULT_DURATION;
  const timeZone = isValidTimeZone(ctx.timeZone) ? ctx.timeZone : "UTC";
  const today = dateIn(ctx.deps.clock.now(), timeZone);
  const dates = (input.dates ?? []).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && d > today).slice(0, 10);
  const timeSlots = generateSlots({
    dates: dates.length ? dates : nextWeekdays(ctx.deps.clock.now(), timeZone, PROPOSAL_DAYS),
    start: DEFAULT_WINDOW.start,
    end: DEFAULT_WINDOW.end,
    duration,
    timeZone,
  });
  const session = await ctx.deps.scheduling.createSession({
    workspaceId: ctx.workspaceId,
    userId: ctx.userId,
    candidateId: candidate.id,
    title: input.title?.trim().slice(0, 200) || "Interview",
    description: input.description?.trim().slice(0, 2000) || null,
    duration,
    timeSlots,
    timeZone,
  });
  return { candidate, session, slotCount: session.timeSlots?.length ?? timeSlots.length, duration, timeZone };
}
