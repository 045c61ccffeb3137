import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { busyIntervals } from "./busy-calendar";
import { isValidTimeZone } from "./zones";
import type { BookingView } from "./model";
import { enqueueCalendarWork, enqueueInterviewEmails, manageToken, manageTokenHash } from "./notify";
import { interviewBookedHook } from "./booking-hook";
import { interviewEvent } from "./webhook-events";
import * as repo from "./repo";
import * as changes from "./repo-interviews";

export const SESSION_NOT_FOUND = "This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.";
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another.";
export const BAD_SLOT = "Please select one of the available time slots.";
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

const sessionNotFound = () => new AppError("not_found", 404, SESSION_NOT_FOUND);
/** The booking asks Google for busy times at most this long, then goes on without them. */
const BUSY_CHECK_MS = 500;

/** A session by its public token (only its SHA-256 is stored), or undefined. */
function sessionByToken(deps: Deps, token: string) {
  return TOKEN.test(token) ? repo.findSessionByTokenHash(deps.db, sha256(token)) : undefined;
}

/** An open session (pending and unexpired) by its token, or 404: booked, cancelled and expired ones look alike. */
function openSession(deps: Deps, token: string) {
  const row = sessionByToken(deps, token);
  if (!row || row.session.status !== "pending" || row.session.expiresAt.getTime() <= deps.clock.now().getTime()) throw sessionNotFound();
  return row;
}

const bookable = (deps: Deps, s: { id: number; userId: number }) => repo.openSlots(deps.db, { sessionId: s.id, userId: s.userId, now: deps.clock.now() });

/** The candidate's manage link when their session is already booked (they reopened their booking link). */
export function bookedManageToken(deps: Deps, token: string): string | null {
  const row = sessionByToken(deps, token);
  if (!row || row.session.status !== "scheduled") return null;
  const m = repo.meetingOfSession(deps.db, row.session.id);
  return m ? manageToken(deps, m.publicId) : null;
}

/** GET /api/book/{token} and the booking pages. */
export function getBookingView(deps: Deps, token: string): BookingView {
  const row = openSession(deps, token);
  const s = row.session;
  return {
    session: { duration: s.duration, title: s.title, description: s.description, timeZone: s.timeZone },
    candidate: {
      position: row.candidateRole || row.candidateJobTitle || null,
      clientName: row.workspaceName,
      hiringManagerName: row.recruiterName,
      linkedinProfile: row.candidateLinkedin,
    },
    availableSlots: bookable(deps, s).map((x) => ({ id: x.id, startTime: x.startTime.toISOString(), endTime: x.endTime.toISOString() })),
  };
}

export interface Booked {
  /** The candidate's link to the confirmation, where they may cancel or move the interview. */
  manageToken: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  title: string;
}

/**
 * POST /api/book/{token} {slotId, timeZone?}. One write transaction checks the recruiter's
 * calendar (every session, every intro call), inserts the meeting and writes its e-mails and
 * calendar work, so of concurrent bookings that overlap exactly one succeeds and the others
 * get 409. E-mails and the Google event are done after the commit by the workers.
 */
export async function bookByToken(deps: Deps, token: string, slotId: string, opts: { timeZone?: string | null } = {}): Promise<Booked> {
  const row = sessionByToken(deps, token);
  if (!row) throw sessionNotFound();
  // Google's busy times are read before the transaction (never while holding the lock),
  // and only for a slot that can still be booked; a slow Google is not waited for.
  const slot = row.session.status === "pending" ? bookable(deps, row.session).find((s) => s.id === slotId) : undefined;
  if (slot) {
    const busy = await busyIntervals(deps, row.session.userId, slot.startTime, slot.endTime, { timeoutMs: BUSY_CHECK_MS }).catch(() => []);
    if (busy.some((b) => b.start < slot.endTime && slot.startTime < b.end)) throw conflict(SLOT_TAKEN);
  }
  const publicId = randomToken(16);
  const candidateTimeZone = opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : null;
  let outcome: repo.BookOutcome;
  try {
    outcome = deps.db.transaction(
      (tx) => {
        const o = repo.bookSlot(deps.db, { tokenHash: sha256(token), slotId, now: deps.clock.now(), publicId, manageTokenHash: manageTokenHash(deps, publicId), candidateTimeZone });
        if (o.kind === "booked") {
          enqueueInterviewEmails(deps, tx, o.meeting.id, o.rebooked ? "moved" : "booked");
          enqueueCalendarWork(deps, tx, o.meeting.id);
          if (o.rebooked) interviewEvent(deps, tx, o.meeting, "interview.moved", { by: "candidate", previousStartTime: o.previousStartTime });
          else interviewEvent(deps, tx, o.meeting, "interview.booked", { by: "candidate" });
          interviewBookedHook(deps)?.(tx, o.meeting);
        }
        return o;
      },
      { behavior: "immediate" },
    );
  } catch (e) {
    // The unique indexes on meetings: another booking won.
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
    throw e;
  }
  if (outcome.kind === "not_found") throw sessionNotFound();
  if (outcome.kind === "taken") throw conflict(SLOT_TAKEN);
  if (outcome.kind === "bad_slot") throw badRequest(BAD_SLOT, { slotId: BAD_SLOT });

  const { meeting } = outcome;
  return {
    manageToken: manageToken(deps, meeting.publicId),
    startTime: meeting.startTime.toISOString(),
    endTime: meeting.endTime.toISOString(),
    timeZone: outcome.session.timeZone,
    title: meeting.title,
  };
}

// ---- The candidate's link in the confirmation: cancel, or move to another offered slot ----

const manageNotFound = () => new AppError("not_found", 404, "This link is invalid or the interview can no longer be changed.");

function managedMeeting(deps: Deps, token: string) {
  if (!/^[A-Za-z0-9_-]{40,50}$/.test(token)) throw manageNotFound();
  const d = repo.findMeetingByManageHash(deps.db, sha256(token));
  if (!d) throw manageNotFound();
  return d;
}

export type ManageView = ReturnType<typeof getManageView>;

export function getManageView(deps: Deps, token: string) {
  const d = managedMeeting(deps, token);
  const now = deps.clock.now();
  const changeable = d.meeting.status === "scheduled" && d.meeting.startTime.getTime() > now.getTime();
  const open = changeable && d.sessionExpiresAt.getTime() > now.getTime() ? repo.openSlots(deps.db, { sessionId: d.meeting.sessionId, userId: d.meeting.userId, now, exceptMeetingId: d.meeting.id }) : [];
  return {
    title: d.meeting.title,
    status: d.meeting.status,
    startTime: d.meeting.startTime.toISOString(),
    endTime: d.meeting.endTime.toISOString(),
    timeZone: d.timeZone,
    candidateTimeZone: d.meeting.candidateTimeZone,
    duration: Math.round((d.meeting.endTime.getTime() - d.meeting.startTime.getTime()) / 60_000),
    changeable,
    clientName: d.workspaceName,
    hiringManagerName: d.recruiterName,
    linkedinProfile: d.candidateLinkedin,
    otherSlots: open.map((s) => ({ id: s.id, startTime: s.startTime.toISOString(), endTime: s.endTime.toISOString() })),
  };
}

export async function cancelByCandidate(deps: Deps, token: string): Promise<void> {
  const d = managedMeeting(deps, token);
  if (d.meeting.startTime.getTime() <= deps.clock.now().getTime()) throw conflict("This interview can no longer be changed.");
  const canceled = deps.db.transaction((tx) => {
    const m = changes.cancelMeeting(deps.db, d.meeting.id);
    if (m) {
      enqueueInterviewEmails(deps, tx, m.id, "canceled");
      enqueueCalendarWork(deps, tx, m.id);
      interviewEvent(deps, tx, m, "interview.cancelled", { by: "candidate" });
    }
    return m;
  }, { behavior: "immediate" });
  if (!canceled) throw conflict("This interview can no longer be changed.");
}

export async function moveByCandidate(deps: Deps, token: string, slotId: string): Promise<void> {
  const d = managedMeeting(deps, token);
  const now = deps.clock.now();
  if (d.meeting.status !== "scheduled" || d.meeting.startTime.getTime() <= now.getTime()) throw conflict("This interview can no longer be changed.");
  if (d.sessionExpiresAt.getTime() <= now.getTime()) throw conflict("The other time slots are no longer available.");
  let moved;
  try {
    moved = deps.db.transaction((tx) => {
      const m = changes.moveMeeting(deps.db, { meetingId: d.meeting.id, slotId, now });
      if (m) {
        enqueueInterviewEmails(deps, tx, m.id, "moved");
        enqueueCalendarWork(deps, tx, m.id);
        interviewEvent(deps, tx, m, "interview.moved", { by: "candidate", previousStartTime: d.meeting.startTime });
      }
      return m;
    }, { behavior: "immediate" });
  } catch (e) {
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
    throw e;
  }
  if (!moved) throw badRequest(BAD_SLOT, { slotId: BAD_SLOT });
}

/** The workspace of a booking link, for the page frame (its own site); never sent to the candidate. */
export function bookingWorkspaceId(deps: Deps, token: string): number {
  return openSession(deps, token).session.workspaceId;
}

/** The workspace of a booking link in any state, or null (which site may frame its pages). */
export function sessionWorkspaceOf(deps: Deps, token: string): number | null {
  return sessionByToken(deps, token)?.session.workspaceId ?? null;
}

/** The workspace of a confirmation (manage) link, or null. */
export function manageWorkspaceOf(deps: Deps, token: string): number | null {
  return /^[A-Za-z0-9_-]{40,50}$/.test(token) ? (repo.findMeetingByManageHash(deps.db, sha256(token))?.meeting.workspaceId ?? null) : null;
}

/** The workspace of a confirmation (manage) link, for the page frame. */
export function manageWorkspaceId(deps: Deps, token: string): number {
  return managedMeeting(deps, token).meeting.workspaceId;
}
