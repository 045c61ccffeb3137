import type { SchedulingDeps } from "./needs";
import type { Tx } from "../../db/tx";
import { splitName } from "../candidates/classify";
import { freeInCalendar } from "./busy-calendar";
import * as repo from "./repo";
import { bookingUrl, openToken, sessionState } from "./session-links";
import type { SessionStatus, SessionView } from "./views";
import { recordEvent, type Actor } from "../events/record";
import { offeredStarts, offerWindow, sessionPeople } from "./free-times";
import { sessionInterviewersOf } from "./repo-member-availability";

// The sessions as the dashboard lists them, and their events (whose webhook payload is that view):
// apart from creating a session, so a booking's reader does not open the candidate lookups.

export function sessionStatus(s: { status: string; expiresAt: Date }, now: Date): SessionStatus {
  if (s.status === "pending" && s.expiresAt.getTime() <= now.getTime()) return "expired";
  return s.status as SessionStatus;
}

/**
 * One session as the list shows it: only its own slots and offered starts are worked out (the
 * whole list costs one offer per pending session, which a new session's answer has no need of).
 */
export function sessionView(deps: SchedulingDeps, workspaceId: number, id: number): SessionView | null {
  return listSessions(deps, workspaceId, id)[0] ?? null;
}

/** The dashboard's Active Sessions list: newest first, with the count of slots that can still be booked. */
export function listSessions(deps: SchedulingDeps, workspaceId: number, only?: number): SessionView[] {
  const now = deps.clock.now();
  const rows = repo.listSessions(deps.db, workspaceId, { only });
  const ids = rows.map((r) => r.session.id);
  const slots = repo.slotsOfSessions(deps.db, ids);
  // Open slots in Frank, then less the interviewer's cached calendar (only pending sessions have any).
  const bookableBySession = new Map(
    rows
      .filter((r) => sessionState(r.session, now) === "pending")
      .map((r) => [
        r.session.id,
        r.session.mode === "availability"
          ? offeredStarts(deps, offerWindow(r.session, deps.db), sessionPeople(deps.db, r.session)).length
          : freeInCalendar(deps, r.session.userId, repo.openSlots(deps.db, { sessionId: r.session.id, userId: r.session.userId, now })).length,
      ]),
  );
  const interviews = new Map(repo.meetingsOfSessions(deps.db, ids).map((m) => [m.sessionId, m]));
  const people = sessionInterviewersOf(deps.db, ids);
  return rows.map(({ session: s, candidateName }) => {
    const own = slots.filter((x) => x.slot.sessionId === s.id);
    const state = sessionState(s, now);
    const token = openToken(deps, s.tokenSealed) ?? "";
    const bookableSlots = state === "pending" ? (bookableBySession.get(s.id) ?? 0) : 0;
    const m = interviews.get(s.id);
    return {
      interview: m && state === "booked" ? { id: m.publicId, status: m.status, startTime: m.startTime.toISOString(), endTime: m.endTime.toISOString() } : null,
      id: s.id,
      interviewerId: s.userId,
      title: s.title,
      description: s.description,
      candidate: splitName(candidateName),
      candidateId: s.candidateId,
      shortlistId: s.shortlistId,
      duration: s.duration,
      timeZone: s.timeZone,
      mode: s.mode,
      from: s.offerFrom?.toISOString() ?? null,
      to: s.offerTo?.toISOString() ?? null,
      interviewers: people.filter((p) => p.sessionId === s.id && p.kind !== "pool").map((p) => ({ userId: p.userId, required: p.kind === "required" })),
      pool: s.poolStrategy ? { userIds: people.filter((p) => p.sessionId === s.id && p.kind === "pool").map((p) => p.userId), strategy: s.poolStrategy } : null,
      timeSlots: own.map((x) => ({ id: x.slot.id, startTime: x.slot.startTime.toISOString(), endTime: x.slot.endTime.toISOString() })),
      expiresAt: s.expiresAt.toISOString(),
      createdAt: s.createdAt.toISOString(),
      sessionToken: token,
      bookingUrl: bookingUrl(deps, token),
      status: sessionStatus(s, now),
      state,
      availableSlots: bookableSlots,
      bookableSlots,
    };
  });
}

// The session's events (decision 0029): here beside listSessions, which their webhook payload reads.
function sessionData(deps: SchedulingDeps, workspaceId: number, sessionId: number) {
  const s = sessionView(deps, workspaceId, sessionId);
  if (!s) return null;
  const { sessionToken: _token, bookingUrl: _url, ...rest } = s;
  return rest;
}

export function sessionEvent(deps: SchedulingDeps, tx: Tx, workspaceId: number, type: "session.created" | "session.cancelled", session: { id: number; candidateId: number }, actor: Actor): void {
  recordEvent(deps, tx, {
    workspaceId,
    actor,
    subject: { type: "session", id: session.id },
    kind: type,
    data: { candidateId: session.candidateId },
    webhooks: [{ type, candidateId: session.candidateId, data: () => ({ session: sessionData(deps, workspaceId, session.id) }) }],
  });
}
