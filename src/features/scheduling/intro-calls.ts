// The intro call booked from /scheduleacall is a one-slot scheduling session (booking.ts
// bookIntroCall). What the candidate page reads and changes of it afterwards: its meeting as
// it stands (a recruiter may have moved or canceled it), the candidate's cancel, which is the
// same cancel as an interview's manage link (the workspace's limits, e-mails, calendar, event),
// and the candidate's move, which is an interview's move: one "moved" e-mail, counted against
// the workspace's moves allowed, the same calendar work and `interview.moved` event.
import type { Tx } from "../../db/tx";
import { retryOnBusy } from "../../db/busy";
import { randomToken } from "../../lib/crypto";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { cancelByCandidate, getManageView, managedMeeting, requireCandidateMay } from "./candidate-changes";
import { candidateMayChange, changeLimits } from "./change-limits";
import { calendarBusy, SLOT_TAKEN } from "./booking";
import type { SchedulingDeps } from "./needs";
import { enqueueCalendarWork, enqueueInterviewEmails, manageToken } from "./notify";
import * as repo from "./repo";
import * as changes from "./repo-interviews";
import type { TimeSlot } from "./slots";
import { interviewEvent } from "./webhook-events";

export interface IntroCallMeeting {
  status: string;
  startTime: string;
  endTime: string;
  /** The candidate may still cancel or move it (the workspace's limits, as on the manage page). */
  changeable: boolean;
  /** The candidate may still move it: before the cut-off and within the moves allowed. */
  movable: boolean;
  /** Whom to contact when it is no longer theirs to change (null: it is). */
  contact: string | null;
}

const NO_CALL = "This intro call could not be found.";
const NOT_CHANGEABLE = "This interview can no longer be changed.";

export function introCallMeeting(deps: SchedulingDeps, sessionId: number): IntroCallMeeting | null {
  const m = repo.meetingOfSession(deps.db, sessionId);
  if (!m) return null;
  const view = getManageView(deps, manageToken(deps, m.publicId));
  const movable = view.changeable && candidateMayChange(changeLimits(deps, m.workspaceId), m, deps.clock.now()).move;
  return { status: m.status, startTime: m.startTime.toISOString(), endTime: m.endTime.toISOString(), changeable: view.changeable, movable, contact: view.contact };
}

export async function cancelIntroCall(deps: SchedulingDeps, sessionId: number): Promise<void> {
  const m = repo.meetingOfSession(deps.db, sessionId);
  if (!m) throw notFound(NO_CALL);
  if (m.status === "canceled") return;
  await cancelByCandidate(deps, manageToken(deps, m.publicId));
}

/**
 * The candidate moves their intro call to `slot` (a free time the candidate page offered): one
 * write transaction moves the meeting, counts the move, writes the "moved" e-mails, the calendar
 * work and the event, and runs `alongside` (the candidate page's own record of the call) with
 * them, so a refusal anywhere leaves the call where it was. Another process holding the write
 * lock is waited for (retryOnBusy), not answered with 503.
 */
export async function moveIntroCall(deps: SchedulingDeps, sessionId: number, slot: TimeSlot, alongside: (tx: Tx) => void = () => {}): Promise<void> {
  const found = repo.meetingOfSession(deps.db, sessionId);
  if (!found) throw notFound(NO_CALL);
  const d = managedMeeting(deps, manageToken(deps, found.publicId));
  const now = deps.clock.now();
  if (d.meeting.status !== "scheduled" || d.meeting.startTime.getTime() <= now.getTime()) throw conflict(NOT_CHANGEABLE);
  requireCandidateMay(deps, d, "move");
  const start = new Date(slot.startTime);
  const end = new Date(slot.endTime);
  const length = d.meeting.endTime.getTime() - d.meeting.startTime.getTime();
  if (!(start.getTime() > now.getTime()) || end.getTime() - start.getTime() !== length)
    throw badRequest("Please choose one of the available times.", { start: "Please choose one of the available times." });
  if (start.getTime() === d.meeting.startTime.getTime()) return;
  try {
    await retryOnBusy(deps.db.$client, () =>
      deps.db.transaction(
        (tx) => {
          if (calendarBusy(deps, d.meeting.userId, start, end)) throw conflict(SLOT_TAKEN);
          const m = changes.moveMeetingTo(tx, { meeting: d.meeting, slotId: randomToken(12), start, end });
          if (!m) throw conflict(SLOT_TAKEN);
          alongside(tx);
          changes.countCandidateMove(tx, m.id);
          enqueueInterviewEmails(deps, tx, m.id, "moved");
          enqueueCalendarWork(deps, tx, m.id);
          interviewEvent(deps, tx, m, "interview.moved", { by: "candidate", previousStartTime: d.meeting.startTime });
        },
        { behavior: "immediate" },
      ),
    );
  } catch (e) {
    if (String((e as Error)?.message).includes("UNIQUE")) throw conflict(SLOT_TAKEN);
    throw e;
  }
  deps.jobs.kick();
}
