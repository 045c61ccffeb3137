import type { SchedulingDeps } from "./needs";
import type { Tx } from "../../db/tx";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { busyIntervals, freeInCalendar, videoDefault } from "./busy-calendar";
import { isValidTimeZone } from "./zones";
import type { BookingView } from "./views";
import { enqueueCalendarWork, enqueueInterviewEmails, manageToken, manageTokenHash } from "./notify";
import type { BookedHook } from "./booking-hook";
import { interviewEvent } from "./webhook-events";
import { sessionEvent } from "./session-list";
import { SESSION_TTL_MS } from "./model";
import { slotProblem, type TimeSlot } from "./slots";
import * as repo from "./repo";
import { offeredStarts, offerWindow, sessionPeople, startSlotId, type SessionPeople } from "./free-times";
import { claimOfferedStart } from "./booking/claim-offered-start";
import { claimFixedSlot, type CalendarBusy } from "./booking/claim-fixed-slot";
import { takeSlot, type VideoDefault } from "./booking/take-slot";
import { placeAtTypeLocation } from "./booking/place-at-type-location";
import { seatPanelAndPool } from "./booking/seat-panel-and-pool";
import { writeBookingEffects } from "./booking/write-booking-effects";

export const SESSION_NOT_FOUND = "This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.";
export const SLOT_TAKEN = "This time slot is no longer available. Please choose another.";
export const BAD_SLOT = "Please select one of the available time slots.";
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

const sessionNotFound = () => new AppError("not_found", 404, SESSION_NOT_FOUND);

/** A session by its public token (only its SHA-256 is stored), or undefined. */
function sessionByToken(deps: SchedulingDeps, token: string) {
  return TOKEN.test(token) ? repo.findSessionByTokenHash(deps.db, sha256(token)) : undefined;
}

/** An open session (pending and unexpired) by its token, or 404: booked, cancelled and expired ones look alike. */
function openSession(deps: SchedulingDeps, token: string) {
  const row = sessionByToken(deps, token);
  if (!row || row.session.status !== "pending" || row.session.expiresAt.getTime() <= deps.clock.now().getTime()) throw sessionNotFound();
  return row;
}

/** Slots that can be booked now: open in Frank (repo.openSlots) and free in the interviewer's cached calendar. */
export const bookable = (deps: SchedulingDeps, s: { id: number; userId: number }, exceptMeetingId?: number) =>
  freeInCalendar(deps, s.userId, repo.openSlots(deps.db, { sessionId: s.id, userId: s.userId, now: deps.clock.now(), exceptMeetingId }));

/** True when a busy time of the interviewer's calendar cache overlaps [start, end). */
export const calendarBusy = (deps: SchedulingDeps, userId: number, start: Date, end: Date) => busyIntervals(deps, userId, start, end).length > 0;

/** The candidate's manage link when their session is already booked (they reopened their booking link). */
export function bookedManageToken(deps: SchedulingDeps, token: string): string | null {
  const row = sessionByToken(deps, token);
  if (!row || row.session.status !== "scheduled") return null;
  const m = repo.meetingOfSession(deps.db, row.session.id);
  return m ? manageToken(deps, m.publicId) : null;
}

/**
 * The Client line a candidate reads: the client of the job the interview is for, or "Confidential
 * client" when the job keeps it private (the careers site's rule); none for the agency's own job.
 */
export function clientForCandidate(deps: SchedulingDeps, workspaceId: number, candidateId: number): string | null {
  const c = deps.interviewClient(workspaceId, candidateId);
  return c ? (c.named ? c.name : "Confidential client") : null;
}

/** GET /api/book/{token} and the booking pages. */
export function getBookingView(deps: SchedulingDeps, token: string): BookingView {
  const row = openSession(deps, token);
  const s = row.session;
  return {
    session: { duration: s.duration, title: s.title, description: s.description, timeZone: s.timeZone },
    candidate: {
      position: row.candidateRole || row.candidateJobTitle || null,
      clientName: clientForCandidate(deps, s.workspaceId, s.candidateId),
      hiringManagerName: row.recruiterName,
      linkedinProfile: row.candidateLinkedin,
    },
    availableSlots:
      s.mode === "availability"
        ? offeredSlots(deps, s, sessionPeople(deps.db, s))
        : bookable(deps, s).map((x) => ({ id: x.id, startTime: x.startTime.toISOString(), endTime: x.endTime.toISOString() })),
  };
}

/** A session's free times as the booking form's slots (ids "t<ms>"), computed now. */
export function offeredSlots(deps: SchedulingDeps, s: repo.SessionRow, people: SessionPeople, exceptMeetingId?: number) {
  return offeredStarts(deps, offerWindow(s, deps.db), people, { exceptMeetingId }).map((o) => ({
    id: startSlotId(o.start),
    startTime: new Date(o.start).toISOString(),
    endTime: new Date(o.start + s.duration * 60_000).toISOString(),
  }));
}

/** Thrown inside a booking transaction to roll back a claimed start. */
class Refused extends Error {
  constructor(readonly outcome: repo.BookOutcome) {
    super(outcome.kind);
  }
}

export interface Booked {
  /** The candidate's link to the confirmation, where they may cancel or move the interview. */
  manageToken: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  title: string;
}

/** What a booking asks of other features: the calendar's cache (busy times, video links) and the pipeline's hook. */
interface BookingOutside {
  calendarBusy: CalendarBusy;
  videoDefault: VideoDefault;
  onBooked: BookedHook;
}

const bookingOutside = (deps: SchedulingDeps): BookingOutside => ({
  calendarBusy: (userId, start, end) => calendarBusy(deps, userId, start, end),
  videoDefault: (userId) => videoDefault(deps, userId),
  onBooked: (tx, meeting) => deps.interviewBooked(tx, meeting),
});

/**
 * POST /api/book/{token} {slotId, timeZone?}. One write transaction checks the recruiter's
 * calendar (every session, every intro call), inserts the meeting and writes its e-mails and
 * calendar work, so of concurrent bookings that overlap exactly one succeeds and the others
 * get 409. E-mails and the Google event are done after the commit by the workers.
 */
export async function bookByToken(deps: SchedulingDeps, token: string, slotId: string, opts: { timeZone?: string | null } = {}): Promise<Booked> {
  const row = sessionByToken(deps, token);
  if (!row) throw sessionNotFound();
  const request: BookingRequest = {
    session: row.session,
    token,
    slotId,
    publicId: randomToken(16),
    candidateTimeZone: opts.timeZone && isValidTimeZone(opts.timeZone) ? opts.timeZone : null,
  };
  const outside = bookingOutside(deps);
  let outcome: repo.BookOutcome;
  try {
    // Synchronous on purpose: with bun:sqlite an async callback that throws is not rolled back.
    outcome = deps.db.transaction((tx) => bookInTransaction(deps, tx, request, outside), { behavior: "immediate" });
  } catch (e) {
    outcome = refusedOutcome(e);
  }
  return bookedAnswer(deps, outcome);
}

interface BookingRequest {
  /** The session as read before the transaction (its mode and interview type do not change). */
  session: repo.SessionRow;
  token: string;
  slotId: string;
  publicId: string;
  candidateTimeZone: string | null;
}

/**
 * The booking transaction, step by step. The calendar's cached busy times are checked in the same
 * transaction as Frank's own meetings (takeSlot): no provider is called while the candidate waits.
 */
function bookInTransaction(deps: SchedulingDeps, tx: Tx, b: BookingRequest, outside: BookingOutside): repo.BookOutcome {
  const claim = b.session.mode === "availability" ? claimOfferedStart(deps, tx, b.session.id, b.slotId) : claimFixedSlot(deps, b.session, b.slotId, outside.calendarBusy);
  if (claim.kind !== "claimed") return claim;
  const o = takeSlot(deps, tx, { ...b, slotId: claim.slotId, holderId: claim.seat?.holderId }, outside.videoDefault);
  if (o.kind !== "booked") {
    // A free time claimed as a new slot: the throw rolls it back.
    if (claim.slotId !== b.slotId) throw new Refused(o);
    return o;
  }
  if (!o.rebooked) {
    o.meeting = placeAtTypeLocation(tx, o.meeting, b.session.interviewTypeId);
    if (claim.seat) seatPanelAndPool(tx, o.meeting.id, claim.seat);
  }
  writeBookingEffects(deps, tx, o, outside.onBooked);
  return o;
}

/** A refusal thrown to roll back, as its outcome; the unique indexes on meetings mean another booking won. */
function refusedOutcome(e: unknown): repo.BookOutcome {
  if (e instanceof Refused) return e.outcome;
  if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
  throw e;
}

/** The booking's answer to the candidate, or the error that says why there is none. */
function bookedAnswer(deps: SchedulingDeps, outcome: repo.BookOutcome): Booked {
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

/**
 * An intro call (visitors' /scheduleacall): a one-slot session for the candidate, booked at
 * once. ONE write transaction holds the session, its slot, the meeting, its e-mails and
 * calendar work and their events: a slot taken meanwhile leaves nothing behind, so there is no
 * clean-up to get wrong. The host's cached busy times are checked in the same transaction.
 */
export async function bookIntroCall(
  deps: SchedulingDeps,
  v: { workspaceId: number; hostUserId: number; candidateId: number; slot: TimeSlot; duration: number; timeZone: string; title: string; description: string | null },
): Promise<{ sessionId: number }> {
  const now = deps.clock.now();
  const problem = slotProblem([v.slot], { duration: v.duration, timeZone: v.timeZone, now });
  if (problem) throw badRequest(problem, { slot: problem });
  const start = new Date(v.slot.startTime);
  const end = new Date(v.slot.endTime);
  const token = randomToken(32);
  const slotId = randomToken(12);
  const publicId = randomToken(16);
  try {
    return deps.db.transaction(
      (tx) => {
        if (calendarBusy(deps, v.hostUserId, start, end)) throw conflict(SLOT_TAKEN);
        const session = repo.insertSession(
          tx,
          {
            workspaceId: v.workspaceId,
            userId: v.hostUserId,
            candidateId: v.candidateId,
            shortlistId: null,
            tokenHash: sha256(token),
            tokenSealed: deps.secrets.seal(token),
            title: v.title,
            description: v.description,
            duration: v.duration,
            timeZone: v.timeZone,
            expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
            createdAt: now,
          },
          [{ id: slotId, startTime: start, endTime: end }],
        );
        sessionEvent(deps, tx, v.workspaceId, "session.created", { id: session.id, candidateId: v.candidateId }, "candidate");
        const o = repo.bookSlot(tx, { tokenHash: sha256(token), slotId, now, publicId, manageTokenHash: manageTokenHash(deps, publicId), candidateTimeZone: null });
        // Another booking holds the host's hour: the throw rolls the session back with it.
        if (o.kind !== "booked") throw conflict(SLOT_TAKEN);
        enqueueInterviewEmails(deps, tx, o.meeting.id, "booked");
        enqueueCalendarWork(deps, tx, o.meeting.id);
        interviewEvent(deps, tx, o.meeting, "interview.booked", { by: "candidate" });
        return { sessionId: session.id };
      },
      { behavior: "immediate" },
    );
  } catch (e) {
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
    throw e;
  }
}

/** The workspace of a booking link, for the page frame (its own site); never sent to the candidate. */
export function bookingWorkspaceId(deps: SchedulingDeps, token: string): number {
  return openSession(deps, token).session.workspaceId;
}

/** The workspace of a booking link in any state, or null (which site may frame its pages). */
export function sessionWorkspaceOf(deps: SchedulingDeps, token: string): number | null {
  return sessionByToken(deps, token)?.session.workspaceId ?? null;
}
