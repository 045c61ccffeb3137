import type { Deps } from "../../deps";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { afterBooking, busyIntervals } from "../calendar/hooks";
import type { BookingView } from "./model";
import { manageToken, manageTokenHash, sendInterviewEmails } from "./notify";
import * as repo from "./repo";

export const SESSION_NOT_FOUND = "This scheduling link is invalid or has expired. Please contact the hiring manager for a new link.";
export const ALREADY_BOOKED = "This interview has already been booked.";
export const BAD_SLOT = "Please select one of the available time slots.";
const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

const sessionNotFound = () => new AppError("not_found", 404, SESSION_NOT_FOUND);
const AFTER_BOOKING_LIMIT_MS = 5000;

/** An open session (pending and unexpired) by its token, or 404: booked, cancelled and expired ones look alike. */
function openSession(deps: Deps, token: string) {
  if (!TOKEN.test(token)) throw sessionNotFound();
  const row = repo.findSessionByToken(deps.db, token);
  if (!row || row.session.status !== "pending" || row.session.expiresAt.getTime() <= deps.clock.now().getTime()) throw sessionNotFound();
  return row;
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
    availableSlots: repo.openSlots(deps.db, s.id, deps.clock.now()).map((x) => ({ id: x.id, startTime: x.startTime.toISOString(), endTime: x.endTime.toISOString() })),
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
 * POST /api/book/{token} {slotId}. Of concurrent bookings for one token exactly one
 * succeeds; the others get 409. After the commit: the calendar hook, then the e-mails.
 */
export async function bookByToken(deps: Deps, token: string, slotId: string): Promise<Booked> {
  if (!TOKEN.test(token)) throw sessionNotFound();
  const row = repo.findSessionByToken(deps.db, token);
  if (!row) throw sessionNotFound();
  // A booked session answers 409 to every later booking (the race's losers, a double click);
  // the transaction below decides, so only the calendar check happens here.
  const slot = row.session.status === "pending" ? repo.openSlots(deps.db, row.session.id, deps.clock.now()).find((s) => s.id === slotId) : undefined;
  if (slot) {
    const busy = await busyIntervals(deps, row.session.userId, slot.startTime, slot.endTime).catch(() => []);
    if (busy.some((b) => b.start < slot.endTime && slot.startTime < b.end)) throw conflict("This time slot is no longer available. Please choose another.");
  }
  const publicId = randomToken(16);
  let outcome: repo.BookOutcome;
  try {
    outcome = repo.bookSlot(deps.db, { token, slotId, now: deps.clock.now(), publicId, manageTokenHash: manageTokenHash(deps, publicId) });
  } catch (e) {
    // The unique indexes on meetings: another booking won.
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(ALREADY_BOOKED);
    throw e;
  }
  if (outcome.kind === "not_found") throw sessionNotFound();
  if (outcome.kind === "taken") throw conflict(ALREADY_BOOKED);
  if (outcome.kind === "bad_slot") throw badRequest(BAD_SLOT, { slotId: BAD_SLOT });

  const { meeting } = outcome;
  await Promise.race([afterBooking(deps, meeting.id).catch(() => {}), Bun.sleep(AFTER_BOOKING_LIMIT_MS)]);
  await sendInterviewEmails(deps, meeting.id, "booked");
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
  const open = changeable && d.sessionExpiresAt.getTime() > now.getTime() ? repo.openSlots(deps.db, d.meeting.sessionId, now) : [];
  return {
    title: d.meeting.title,
    status: d.meeting.status,
    startTime: d.meeting.startTime.toISOString(),
    endTime: d.meeting.endTime.toISOString(),
    timeZone: d.timeZone,
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
  if (!repo.cancelMeeting(deps.db, d.meeting.id)) throw conflict("This interview can no longer be changed.");
  await sendInterviewEmails(deps, d.meeting.id, "canceled");
}

export async function moveByCandidate(deps: Deps, token: string, slotId: string): Promise<void> {
  const d = managedMeeting(deps, token);
  const now = deps.clock.now();
  if (d.meeting.status !== "scheduled" || d.meeting.startTime.getTime() <= now.getTime()) throw conflict("This interview can no longer be changed.");
  if (d.sessionExpiresAt.getTime() <= now.getTime()) throw conflict("The other time slots are no longer available.");
  let moved;
  try {
    moved = repo.moveMeeting(deps.db, { meetingId: d.meeting.id, slotId, now });
  } catch (e) {
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict("This time slot is no longer available. Please choose another.");
    throw e;
  }
  if (!moved) throw badRequest(BAD_SLOT, { slotId: BAD_SLOT });
  await sendInterviewEmails(deps, d.meeting.id, "moved");
}

/** The workspace of a booking link, for the page frame (its own site); never sent to the candidate. */
export function bookingWorkspaceId(deps: Deps, token: string): number {
  return openSession(deps, token).session.workspaceId;
}

/** The workspace of a confirmation (manage) link, for the page frame. */
export function manageWorkspaceId(deps: Deps, token: string): number {
  return managedMeeting(deps, token).meeting.workspaceId;
}
