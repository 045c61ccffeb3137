import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { AppError, conflict } from "../../lib/errors";
import { randomToken } from "../../lib/crypto";
import type { FlagKind } from "./meeting-flags";
import { enqueueCalendarWork, enqueueInterviewEmails, detailsUrl } from "./notify";
import * as repo from "./repo";
import * as changes from "./repo-interviews";
import * as flags from "./repo-flags";
import { interviewEvent } from "./webhook-events";
import { CalendarFlagEmail } from "./emails/calendar-flag-email";
import { dualTimeText } from "./zone-text";

/**
 * Changes found in an interviewer's calendar (decision 32), made through the same steps as a
 * recruiter's move or cancel: one transaction with the candidate's e-mails (same UID,
 * SEQUENCE + 1), the calendar work and the webhook event (`by: "calendar"`). What needs a
 * person's look is flagged on the interview instead (meeting_flags is scheduling's table).
 */

export const DECLINED = "The candidate declined in their calendar";
export const clashMessage = (summary: string | null) => `Clashes with ‘${summary || "Busy"}’ in your calendar`;
export const MOVED_IN_CALENDAR = "The event was moved in your calendar";
export const DELETED_IN_CALENDAR = "The event was deleted in your calendar";
export const CHANGED_ON_THE_WAY = "Changed in the calendar while your change was on its way";

const write = <T>(deps: Deps, fn: (tx: Tx) => T): T => deps.db.transaction(fn, { behavior: "immediate" });

/** The interview follows its event to [start, end): "clash" when that time holds another of the interviewer's meetings. */
export function moveFromCalendar(deps: Deps, meetingId: number, start: Date, end: Date): "moved" | "clash" | "not_scheduled" {
  return write(deps, (tx) => {
    const d = repo.findMeetingById(deps.db, meetingId);
    if (!d || d.meeting.status !== "scheduled") return "not_scheduled";
    const m = d.meeting;
    const r = changes.moveMeetingTo(deps.db, { meeting: m, slotId: randomToken(12), start, end });
    if (!r) return "clash";
    enqueueInterviewEmails(deps, tx, r.id, "moved", { movedBy: "calendar" });
    // Brings the event's Frank version up to the interview's (so the next read is no change).
    enqueueCalendarWork(deps, tx, r.id);
    interviewEvent(deps, tx, r, "interview.moved", { by: "calendar", previousStartTime: m.startTime });
    resolveOpen(deps, r.id, ["moved_in_calendar", "clash"]);
    return "moved";
  });
}

/** The event was deleted or cancelled in the calendar: the interview is cancelled, as a recruiter's cancel. */
export function cancelFromCalendar(deps: Deps, meetingId: number): boolean {
  return write(deps, (tx) => {
    const m = changes.cancelMeeting(deps.db, meetingId);
    if (!m) return false;
    enqueueInterviewEmails(deps, tx, m.id, "canceled");
    enqueueCalendarWork(deps, tx, m.id);
    interviewEvent(deps, tx, m, "interview.cancelled", { by: "calendar" });
    resolveOpen(deps, m.id, ["moved_in_calendar", "deleted_in_calendar", "clash", "declined"]);
    return true;
  });
}

function resolveOpen(deps: Deps, meetingId: number, kinds: FlagKind[]) {
  flags.resolveOpenFlags(deps.db, meetingId, kinds, deps.clock.now());
}

/**
 * Flags an interview once per finding (kind + subject, while unresolved); a declined
 * invitation and a clash (a busy event over it, or a booking into a time that had just become
 * busy before the cache knew) also e-mail the interviewer. A newer move or delete replaces an older open one.
 */
export function flagInterview(deps: Deps, meetingId: number, f: { kind: FlagKind; message: string; subject?: string; startTime?: Date; endTime?: Date }): boolean {
  return write(deps, (tx) => {
    const d = repo.findMeetingById(deps.db, meetingId);
    if (!d || (d.meeting.status !== "scheduled" && f.kind !== "deleted_in_calendar")) return false;
    const subject = f.subject ?? "";
    const open = flags.openFlagsOf(deps.db, meetingId, f.kind);
    const same = open.find((o) => o.subject === subject && o.startTime?.getTime() === f.startTime?.getTime());
    if (same) return false;
    if (f.kind === "moved_in_calendar" || f.kind === "deleted_in_calendar") resolveOpen(deps, meetingId, ["moved_in_calendar", "deleted_in_calendar"]);
    flags.insertFlag(deps.db, { meetingId, kind: f.kind, message: f.message, subject, startTime: f.startTime ?? null, endTime: f.endTime ?? null, createdAt: deps.clock.now() });
    if (f.kind === "declined" || f.kind === "clash") {
      const m = d.meeting;
      deps.mail.enqueue(tx, {
        workspaceId: m.workspaceId,
        meetingId: m.id,
        kind: "calendar-flag",
        audience: "recruiter",
        to: d.recruiterEmail,
        subject: `${f.message}: ${m.title} (${d.candidateName || "candidate"})`,
        email: CalendarFlagEmail({
          recruiterName: d.recruiterName,
          title: m.title,
          message: f.message,
          when: dualTimeText(m.startTime, m.endTime, d.timeZone),
          detailsUrl: detailsUrl(deps, m.publicId),
        }),
      });
    }
    return true;
  });
}

/** A flag that no longer holds (the clashing event left, the candidate accepted again). */
export function clearFlag(deps: Deps, meetingId: number, kind: FlagKind, subject = ""): void {
  flags.resolveOpenFlagsAbout(deps.db, meetingId, kind, subject, deps.clock.now());
}

/**
 * Apply or Keep on a flagged move or delete ("Only flag"): Apply moves or cancels the interview
 * as the calendar said; Keep leaves it and puts the event back as the interview has it.
 */
export function resolveFlag(deps: Deps, workspaceId: number, publicId: string, flagId: number, action: "apply" | "keep"): void {
  const d = /^[A-Za-z0-9_-]{16,64}$/.test(publicId) ? repo.findMeetingByPublicId(deps.db, publicId) : undefined;
  if (!d || d.meeting.workspaceId !== workspaceId) throw new AppError("not_found", 404, "The interview details could not be found. It may have been canceled or the link is invalid.");
  const flag = flags.findOpenFlag(deps.db, d.meeting.id, flagId);
  if (!flag) throw new AppError("not_found", 404, "This flag was already resolved.");
  if (action === "apply") {
    if (flag.kind === "moved_in_calendar" && flag.startTime && flag.endTime) {
      const r = moveFromCalendar(deps, d.meeting.id, flag.startTime, flag.endTime);
      if (r === "clash") throw conflict("This time slot is no longer available. Please choose another.");
    } else if (flag.kind === "deleted_in_calendar") cancelFromCalendar(deps, d.meeting.id);
  } else if (flag.kind === "moved_in_calendar" || flag.kind === "deleted_in_calendar") {
    // Keep: the event is written again as the interview is (made anew when it was deleted).
    write(deps, (tx) => {
      if (flag.kind === "deleted_in_calendar") repo.setCalendarEvent(deps.db, d.meeting.id, { calendarEventId: null });
      changes.bumpSequence(deps.db, d.meeting.id);
      enqueueCalendarWork(deps, tx, d.meeting.id);
    });
  }
  flags.resolveFlagById(deps.db, flagId, deps.clock.now());
}

/** Retry of a missing Meet link: the interview's event is written again, asking for the link. */
export function retryVideoLink(deps: Deps, workspaceId: number, publicId: string): void {
  const d = /^[A-Za-z0-9_-]{16,64}$/.test(publicId) ? repo.findMeetingByPublicId(deps.db, publicId) : undefined;
  if (!d || d.meeting.workspaceId !== workspaceId) throw new AppError("not_found", 404, "The interview details could not be found. It may have been canceled or the link is invalid.");
  if (d.meeting.status !== "scheduled" || (d.meeting.videoKind !== "google_meet" && d.meeting.videoKind !== "microsoft_teams") || d.meeting.meetingUrl)
    throw conflict(d.meeting.videoKind === "microsoft_teams" ? "This interview is not waiting for a Teams link." : "This interview is not waiting for a Google Meet link.");
  write(deps, (tx) => enqueueCalendarWork(deps, tx, d.meeting.id));
}
