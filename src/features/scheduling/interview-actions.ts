import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import { SESSION_TTL_MS } from "./model";
import { enqueueCalendarWork, enqueueInterviewEmails } from "./notify";
import * as repo from "./repo";
import * as changes from "./repo-interviews";
import { slotProblem, type TimeSlot } from "./slots";
import { interviewEvent } from "./webhook-events";
import { recordEvent, type Actor } from "../events/record";

/**
 * The recruiter's actions on a booked interview (the details page, the Interview Status
 * card, the API). Each change commits with the e-mails and calendar work it causes.
 */
const NOT_FOUND = "The interview details could not be found. It may have been canceled or the link is invalid.";
const NOT_CHANGEABLE = "This interview can no longer be changed.";
const NOT_STARTED = "An interview can be marked completed once it has started.";
const NOT_ENDED = "An interview can be marked as not attended once it has ended.";
const TAKEN = "This time slot is no longer available. Please choose another.";

function meetingOf(deps: Deps, workspaceId: number, publicId: string) {
  const d = /^[A-Za-z0-9_-]{16,64}$/.test(publicId) ? repo.findMeetingByPublicId(deps.db, publicId) : undefined;
  if (!d || d.meeting.workspaceId !== workspaceId) throw new AppError("not_found", 404, NOT_FOUND);
  return d;
}

const write = <T>(deps: Deps, fn: (tx: Tx) => T): T => deps.db.transaction(fn, { behavior: "immediate" });

/** Cancels a scheduled (or waiting) interview; the candidate is told, with the reason if one is given. */
export function cancelInterview(deps: Deps, workspaceId: number, publicId: string, reason: string | null | undefined, actor: Actor): void {
  const d = meetingOf(deps, workspaceId, publicId);
  const done = write(deps, (tx) => {
    const m = changes.cancelMeeting(tx, d.meeting.id);
    if (!m) return false;
    enqueueInterviewEmails(deps, tx, m.id, "canceled", { reason: reason?.trim() || null });
    enqueueCalendarWork(deps, tx, m.id);
    interviewEvent(deps, tx, m, "interview.cancelled", { by: "recruiter", reason: reason?.trim() || null }, actor);
    return true;
  });
  if (!done) throw conflict(NOT_CHANGEABLE);
}

/**
 * Reschedules: to one chosen start time (the interview keeps its length), or by offering a
 * new set of slots on the candidate's own booking link (they pick one as before).
 */
export function rescheduleInterview(
  deps: Deps,
  workspaceId: number,
  publicId: string,
  input: { startTime?: string; timeSlots?: TimeSlot[] },
  bookingUrl: (sessionId: number) => string | null,
  actor: Actor,
): void {
  const d = meetingOf(deps, workspaceId, publicId);
  const m = d.meeting;
  const now = deps.clock.now();
  if (m.status !== "scheduled") throw conflict(NOT_CHANGEABLE);
  const duration = Math.round((m.endTime.getTime() - m.startTime.getTime()) / 60_000);
  if (input.startTime) {
    const start = new Date(input.startTime);
    if (Number.isNaN(start.getTime())) throw badRequest("Please choose a valid start time", { startTime: "Please choose a valid start time" });
    if (start.getTime() <= now.getTime()) throw badRequest("Please choose a time in the future", { startTime: "Please choose a time in the future" });
    const end = new Date(start.getTime() + duration * 60_000);
    const moved = write(deps, (tx) => {
      const r = changes.moveMeetingTo(tx, { meeting: m, slotId: randomToken(12), start, end });
      if (!r) return null;
      enqueueInterviewEmails(deps, tx, r.id, "moved", { movedBy: "recruiter" });
      enqueueCalendarWork(deps, tx, r.id);
      interviewEvent(deps, tx, r, "interview.moved", { by: "recruiter", previousStartTime: m.startTime }, actor);
      return r;
    });
    if (!moved) throw conflict(TAKEN);
    return;
  }
  const slots = input.timeSlots ?? [];
  const problem = slotProblem(slots, { duration, timeZone: d.timeZone, now }) ?? (slots.length ? null : "Please add at least one time slot");
  if (problem) throw badRequest(problem, { timeSlots: problem });
  const offered = write(deps, (tx) => {
    const r = changes.offerNewTimes(tx, {
      meeting: m,
      slots: slots.map((s) => ({ id: randomToken(12), startTime: new Date(s.startTime), endTime: new Date(s.endTime) })),
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    if (!r) return null;
    enqueueInterviewEmails(deps, tx, r.id, "reschedule", { bookingUrl: bookingUrl(r.sessionId) });
    enqueueCalendarWork(deps, tx, r.id);
    // The old time is off; the candidate picks a new one on their link (startTime null until then).
    interviewEvent(deps, tx, r, "interview.moved", { by: "recruiter", previousStartTime: m.startTime }, actor);
    return r;
  });
  if (!offered) throw conflict(NOT_CHANGEABLE);
}

/**
 * Marks an interview that has started as completed, or one that has ended as a no-show: the
 * candidate or the interviewer did not attend (issue 58), with `interview.no_show` when that changed.
 */
export function markInterview(deps: Deps, workspaceId: number, publicId: string, status: "completed" | "no_show", actor: Actor, noShowBy: "candidate" | "interviewer" = "candidate"): void {
  const d = meetingOf(deps, workspaceId, publicId);
  if (d.meeting.status !== "scheduled" && d.meeting.status !== "completed" && d.meeting.status !== "no_show") throw conflict(NOT_CHANGEABLE);
  write(deps, (tx) => {
    if (!changes.markMeeting(tx, { meetingId: d.meeting.id, status, noShowBy, now: deps.clock.now() })) throw conflict(status === "no_show" ? NOT_ENDED : NOT_STARTED);
    if (status === "completed" && d.meeting.status !== "completed") interviewEvent(deps, tx, d.meeting, "interview.completed", { by: "recruiter" }, actor);
    if (status === "no_show" && (d.meeting.status !== "no_show" || d.meeting.noShowBy !== noShowBy)) interviewEvent(deps, tx, d.meeting, "interview.no_show", { by: "recruiter", noShowBy }, actor);
  });
}

/**
 * Edit Interview: the recruiter's own notes on it. They are internal (the candidate, their
 * e-mails and the calendar event never show them), so nothing is sent; the change is recorded.
 */
export function editInterviewNotes(deps: Deps, workspaceId: number, publicId: string, notes: string | null, actor: Actor): void {
  const d = meetingOf(deps, workspaceId, publicId);
  if ((d.meeting.notes ?? null) === notes) return;
  write(deps, (tx) => {
    changes.setMeetingNotes(tx, d.meeting.id, notes);
    recordEvent(deps, tx, {
      workspaceId,
      actor,
      subject: { type: "interview", id: d.meeting.publicId },
      kind: "interview.edited",
      summary: notes ? "Notes edited" : "Notes removed",
      data: { candidateId: d.meeting.candidateId, fields: ["notes"] },
    });
  });
}
