import { addGuests, type Guest } from "./guests";
import type { SchedulingDeps } from "./needs";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { busyIntervals } from "./busy-calendar";
import { findCandidate, shortlistCandidateIds } from "./candidate-source";
import * as repo from "./repo";
import { sendBookingLink } from "./session-links";
export { bookingUrlOf, hashLegacyTokens, resendBookingLink, sessionState } from "./session-links";
import { SESSION_TTL_MS } from "./model";
import type { SessionView } from "./views";
import { slotProblem, type TimeSlot } from "./slots";
export { openFlagsByMeeting } from "./meeting-flags";
export { getInterview, listMeetings, resendInterviewEmails } from "./interviews";
import type { Actor } from "../events/record";
import { offeredStarts, typeRules, type SessionPeople } from "./free-times";
import { PANELS_NEED_AVAILABILITY } from "./model";
import type { PoolStrategy } from "./pool-choice";
import { insertSessionInterviewers } from "./repo-member-availability";
import { requireWorkspaceMember } from "../auth/members";
import { NO_FREE_TIMES, offerRange } from "./offer-range";
import { sessionEvent, sessionStatus, sessionView } from "./session-list";

export interface CreateSessionArgs {
  workspaceId: number;
  /** Who offers the times (the activity log's member); the interviewer when not given. */
  actor?: Actor;
  userId: number;
  candidateId: number;
  shortlistId?: number | null;
  title: string;
  description?: string | null;
  duration: number;
  /** Hand-picked slots; or `mode: "availability"` with `from` and `to` (issue 36). */
  timeSlots?: TimeSlot[];
  mode?: "slots" | "availability";
  from?: string;
  to?: string;
  /** A panel beside the organiser (`userId`), and/or a pool of whom one holds the interview (availability mode). */
  interviewers?: { userId: number; required: boolean }[];
  pool?: { userIds: number[]; strategy: PoolStrategy };
  /** The interview type the session is made from: its buffers and notice apply to the free times. */
  interviewTypeId?: number | null;
  /** The recruiter's IANA zone: slots are shown to the candidate in it. */
  timeZone: string;
  /** E-mail the link to the candidate (default: yes, when they have an address), with the recruiter's message. */
  sendEmail?: boolean;
  message?: string | null;
  /** The session's own video link (null: the interviewer's default at booking). */
  videoLink?: { kind: "google_meet" | "microsoft_teams" | "fixed" | "none"; url: string | null } | null;
  /** Guests who are not members (issue 38): a client's contact joins the interview by e-mail. */
  guests?: Guest[];
  /** What the caller writes with the session, in its transaction (a client's picked times marked as offered); a throw rolls both back. */
  inTransaction?: (tx: Tx, sessionId: number) => void;
}

const overlaps = (a: { start: number; end: number }, b: { start: Date; end: Date }) => a.start < b.end.getTime() && b.start.getTime() < a.end;

/**
 * Creates one scheduling session for one candidate: validates the slots with the shared
 * slot module, leaves out the ones that clash with the recruiter's calendar, and gives
 * the session a 256-bit random token that expires 14 days from now.
 */
export async function createSchedulingSession(deps: SchedulingDeps, args: CreateSessionArgs): Promise<SessionView> {
  const now = deps.clock.now();
  const candidate = findCandidate(deps, args.workspaceId, args.candidateId);
  if (!candidate) throw notFound("Candidate not found");
  if (args.shortlistId != null && shortlistCandidateIds(deps, args.workspaceId, args.shortlistId) === null) throw notFound("Shortlist not found");
  if (args.mode === "availability") return createAvailabilitySession(deps, args, candidate);
  if (args.interviewers?.length || args.pool) throw badRequest(PANELS_NEED_AVAILABILITY, { mode: PANELS_NEED_AVAILABILITY });
  const timeSlots = args.timeSlots ?? [];
  const problem = slotProblem(timeSlots, { duration: args.duration, timeZone: args.timeZone, now });
  if (problem) throw badRequest(problem, { timeSlots: problem });

  let slots = timeSlots.map((s) => ({ start: Date.parse(s.startTime), end: Date.parse(s.endTime) })).sort((a, b) => a.start - b.start);
  const busy = busyIntervals(deps, args.userId, new Date(slots[0]!.start), new Date(slots.at(-1)!.end));
  if (busy.length) {
    slots = slots.filter((s) => !busy.some((b) => overlaps(s, b)));
    if (!slots.length) throw conflict("All the chosen time slots clash with your calendar");
  }

  return writeSession(
    deps,
    args,
    candidate,
    {},
    slots.map((s) => ({ id: randomToken(12), startTime: new Date(s.start), endTime: new Date(s.end) })),
    args.inTransaction,
  );
}

/**
 * Writes a new session in one transaction with its slots, guests and other interviewers, the
 * candidate's e-mail with the link and its event. Only the token's SHA-256 finds the session; a
 * sealed copy lets the dashboard copy the link again.
 */
function writeSession(
  deps: SchedulingDeps,
  args: CreateSessionArgs,
  candidate: { id: number; email: string | null },
  extra: Partial<Parameters<typeof repo.insertSession>[1]>,
  slots: Parameters<typeof repo.insertSession>[2],
  within?: (tx: Tx, sessionId: number) => void,
): SessionView {
  const now = deps.clock.now();
  const token = randomToken(32);
  const row = deps.db.transaction((tx) => {
    const inserted = repo.insertSession(
      tx,
      {
        workspaceId: args.workspaceId,
        userId: args.userId,
        candidateId: candidate.id,
        shortlistId: args.shortlistId ?? null,
        tokenHash: sha256(token),
        tokenSealed: deps.secrets.seal(token),
        title: args.title.trim() || "Interview",
        description: args.description?.trim() || null,
        duration: args.duration,
        timeZone: args.timeZone,
        videoKind: args.videoLink?.kind ?? null,
        videoUrl: args.videoLink?.url ?? null,
        ...extra,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        createdAt: now,
      },
      slots,
    );
    addGuests(tx, args.workspaceId, inserted.id, args.guests ?? []);
    within?.(tx, inserted.id);
    // The link goes to the candidate by e-mail unless the recruiter says not to; it commits with the session.
    if (args.sendEmail !== false && candidate.email) sendBookingLink(deps, tx, inserted.id, token, args.message ?? null);
    sessionEvent(deps, tx, args.workspaceId, "session.created", { id: inserted.id, candidateId: candidate.id }, args.actor ?? { userId: args.userId });
    return inserted;
  });
  return sessionView(deps, args.workspaceId, row.id)!;
}

/**
 * A session offering the interviewer's free times between `from` and `to` (issue 36 item 2): no
 * slot rows; the candidate's page computes the starts when it is opened.
 */
function createAvailabilitySession(deps: SchedulingDeps, args: CreateSessionArgs, candidate: { id: number; email: string | null }): SessionView {
  const now = deps.clock.now();
  const range = offerRange(args.from ?? "", args.to ?? "", args.timeZone, now);
  if ("problem" in range) throw badRequest(range.problem, { [range.field]: range.problem });
  const window = { workspaceId: args.workspaceId, from: range.from, to: range.to, durationMinutes: args.duration, rules: typeRules(deps.db, args.interviewTypeId ?? null) };
  const rows = sessionInterviewerRows(deps, args);
  if (!offeredStarts(deps, window, sessionPeopleOf(args, rows)).length) throw conflict(NO_FREE_TIMES);
  return writeSession(
    deps,
    args,
    candidate,
    { mode: "availability", offerFrom: new Date(range.from), offerTo: new Date(range.to), poolStrategy: args.pool ? args.pool.strategy : null, interviewTypeId: args.interviewTypeId ?? null },
    [],
    (tx, sessionId) => {
      insertSessionInterviewers(tx, sessionId, rows);
      args.inTransaction?.(tx, sessionId);
    },
  );
}

type InterviewerRow = { userId: number; kind: "required" | "optional" | "pool" };

/** The panel beside the organiser (never the organiser twice) and the pool, each a member of the workspace. */
function sessionInterviewerRows(deps: Deps, args: CreateSessionArgs): InterviewerRow[] {
  const panel = args.interviewers ?? [];
  const poolIds = args.pool?.userIds ?? [];
  for (const id of [...panel.map((p) => p.userId), ...poolIds]) requireWorkspaceMember(deps, args.workspaceId, id, "Interviewer not found");
  return [
    ...panel.filter((p) => p.userId !== args.userId).map((p) => ({ userId: p.userId, kind: p.required ? ("required" as const) : ("optional" as const) })),
    ...poolIds.map((userId) => ({ userId, kind: "pool" as const })),
  ];
}

/** Who the new session offers, as sessionPeople reads it once written: with a pool, the organiser only arranges it. */
function sessionPeopleOf(args: CreateSessionArgs, rows: InterviewerRow[]): SessionPeople {
  const required = rows.filter((r) => r.kind === "required").map((r) => r.userId);
  return {
    required: args.pool ? required : [args.userId, ...required],
    optional: rows.filter((r) => r.kind === "optional").map((r) => r.userId),
    pool: args.pool?.userIds ?? [],
    strategy: args.pool?.strategy ?? "fair",
  };
}

/** Cancels a session; only a pending one (409 otherwise, 404 for another workspace's id). */
export function cancelSession(deps: SchedulingDeps, workspaceId: number, id: number, actor: Actor): void {
  const s = repo.findSession(deps.db, workspaceId, id);
  if (!s) throw notFound("Scheduling session not found");
  if (sessionStatus(s, deps.clock.now()) !== "pending") throw conflict("Only pending sessions can be canceled");
  deps.db.transaction((tx) => {
    if (!repo.cancelPendingSession(tx, workspaceId, id)) throw conflict("Only pending sessions can be canceled");
    sessionEvent(deps, tx, workspaceId, "session.cancelled", s, actor);
  });
}
