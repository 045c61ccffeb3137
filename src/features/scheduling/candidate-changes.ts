// The candidate's own changes from the link in their confirmation (/book/manage/{token}): the
// page's view, cancelling, and moving to another offered time, within the workspace's limits on
// candidates' changes (issue 36 item 6). Each change commits its e-mails, calendar work and
// event in one transaction.
import type { Deps } from "../../deps";
import type { SchedulingDeps } from "./needs";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { sha256 } from "../../lib/crypto";
import { enqueueCalendarWork, enqueueInterviewEmails } from "./notify";
import { interviewEvent } from "./webhook-events";
import * as repo from "./repo";
import * as changes from "./repo-interviews";
import { meetingPeople, startOfSlotId } from "./free-times";
import { candidateMayChange, changeLimits, contactText } from "./change-limits";
import { BAD_SLOT, bookable, calendarBusy, clientForCandidate, offeredSlots, SLOT_TAKEN } from "./booking";
import { claimStart } from "./booking/claim-start";

const manageNotFound = () => new AppError("not_found", 404, "This link is invalid or the interview can no longer be changed.");

export function managedMeeting(deps: SchedulingDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{40,50}$/.test(token)) throw manageNotFound();
  const d = repo.findMeetingByManageHash(deps.db, sha256(token));
  if (!d) throw manageNotFound();
  return d;
}

export type ManageView = ReturnType<typeof getManageView>;

export function getManageView(deps: SchedulingDeps, token: string) {
  const d = managedMeeting(deps, token);
  const now = deps.clock.now();
  // The workspace's limits (issue 36 item 6): past the cut-off or the moves allowed, the page names whom to contact.
  const limits = changeLimits(deps, d.meeting.workspaceId);
  const may = candidateMayChange(limits, d.meeting, now);
  const scheduled = d.meeting.status === "scheduled" && d.meeting.startTime.getTime() > now.getTime();
  const changeable = scheduled && may.cancel;
  const contact = scheduled ? contactText(limits, may, { name: d.recruiterName, email: d.recruiterEmail }) : null;
  const session = repo.sessionById(deps.db, d.meeting.sessionId);
  const movable = changeable && may.move && d.sessionExpiresAt.getTime() > now.getTime();
  const open =
    movable && session?.mode === "availability"
      ? offeredSlots(deps, session, meetingPeople(deps.db, d.meeting), d.meeting.id)
          .filter((x) => Date.parse(x.startTime) !== d.meeting.startTime.getTime())
          .map((x) => ({ id: x.id, startTime: new Date(x.startTime), endTime: new Date(x.endTime) }))
      : movable
        ? bookable(deps, { id: d.meeting.sessionId, userId: d.meeting.userId }, d.meeting.id)
        : [];
  return {
    title: d.meeting.title,
    status: d.meeting.status,
    startTime: d.meeting.startTime.toISOString(),
    endTime: d.meeting.endTime.toISOString(),
    timeZone: d.timeZone,
    candidateTimeZone: d.meeting.candidateTimeZone,
    duration: Math.round((d.meeting.endTime.getTime() - d.meeting.startTime.getTime()) / 60_000),
    changeable,
    clientName: clientForCandidate(deps, d.meeting.workspaceId, d.meeting.candidateId),
    hiringManagerName: d.recruiterName,
    linkedinProfile: d.candidateLinkedin,
    videoUrl: d.meeting.status === "scheduled" ? d.meeting.meetingUrl : null,
    otherSlots: open.map((s) => ({ id: s.id, startTime: s.startTime.toISOString(), endTime: s.endTime.toISOString() })),
    /** Whom to contact when a change is no longer the candidate's to make here (null: it is). */
    contact,
  };
}

/** 409 when the workspace's limits no longer let the candidate make this change, with whom to contact. */
export function requireCandidateMay(deps: Deps, d: repo.MeetingDetail, change: "cancel" | "move") {
  const limits = changeLimits(deps, d.meeting.workspaceId);
  const may = candidateMayChange(limits, d.meeting, deps.clock.now());
  if (!may[change]) throw conflict(contactText(limits, may, { name: d.recruiterName, email: d.recruiterEmail }) ?? "This interview can no longer be changed.");
}

export async function cancelByCandidate(deps: SchedulingDeps, token: string): Promise<void> {
  const d = managedMeeting(deps, token);
  if (d.meeting.startTime.getTime() <= deps.clock.now().getTime()) throw conflict("This interview can no longer be changed.");
  requireCandidateMay(deps, d, "cancel");
  const canceled = deps.db.transaction(
    (tx) => {
      const m = changes.cancelMeeting(tx, d.meeting.id);
      if (m) {
        enqueueInterviewEmails(deps, tx, m.id, "canceled");
        enqueueCalendarWork(deps, tx, m.id);
        interviewEvent(deps, tx, m, "interview.cancelled", { by: "candidate" });
      }
      return m;
    },
    { behavior: "immediate" },
  );
  if (!canceled) throw conflict("This interview can no longer be changed.");
}

export async function moveByCandidate(deps: SchedulingDeps, token: string, slotId: string): Promise<void> {
  const d = managedMeeting(deps, token);
  const now = deps.clock.now();
  if (d.meeting.status !== "scheduled" || d.meeting.startTime.getTime() <= now.getTime()) throw conflict("This interview can no longer be changed.");
  if (d.sessionExpiresAt.getTime() <= now.getTime()) throw conflict("The other time slots are no longer available.");
  requireCandidateMay(deps, d, "move");
  let moved;
  try {
    moved = deps.db.transaction(
      (tx) => {
        const session = repo.sessionById(tx, d.meeting.sessionId);
        let m;
        if (session?.mode === "availability") {
          // A free time of the session, checked by the availability rules with this interview left out.
          if (startOfSlotId(slotId) === null) return undefined;
          const claimed = claimStart(deps, tx, session, meetingPeople(tx, d.meeting), slotId, { exceptMeetingId: d.meeting.id, insert: false });
          if (!claimed) throw conflict(SLOT_TAKEN);
          m = changes.moveMeetingTo(tx, { meeting: d.meeting, slotId: claimed.id, start: claimed.start, end: claimed.end }) ?? undefined;
          if (!m) throw conflict(SLOT_TAKEN);
        } else {
          const slot = repo.findSlot(deps.db, slotId);
          if (slot && calendarBusy(deps, d.meeting.userId, slot.startTime, slot.endTime)) throw conflict(SLOT_TAKEN);
          m = changes.moveMeeting(tx, { meetingId: d.meeting.id, slotId, now });
        }
        if (m) {
          changes.countCandidateMove(tx, m.id);
          enqueueInterviewEmails(deps, tx, m.id, "moved");
          enqueueCalendarWork(deps, tx, m.id);
          interviewEvent(deps, tx, m, "interview.moved", { by: "candidate", previousStartTime: d.meeting.startTime });
        }
        return m;
      },
      { behavior: "immediate" },
    );
  } catch (e) {
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
    throw e;
  }
  if (!moved) throw badRequest(BAD_SLOT, { slotId: BAD_SLOT });
}

/** The workspace of a confirmation (manage) link, or null. */
export function manageWorkspaceOf(deps: Deps, token: string): number | null {
  return /^[A-Za-z0-9_-]{40,50}$/.test(token) ? (repo.findMeetingByManageHash(deps.db, sha256(token))?.meeting.workspaceId ?? null) : null;
}

/** The workspace of a confirmation (manage) link, for the page frame. */
export function manageWorkspaceId(deps: SchedulingDeps, token: string): number {
  return managedMeeting(deps, token).meeting.workspaceId;
}
