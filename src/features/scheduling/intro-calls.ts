// The intro call booked from /scheduleacall is a one-slot scheduling session (booking.ts
// bookIntroCall). What the candidate page reads and changes of it afterwards: its meeting as
// it stands (a recruiter may have moved or canceled it), and the candidate's cancel, which is
// the same cancel as an interview's manage link (the workspace's limits, e-mails, calendar, event).
import { notFound } from "../../lib/errors";
import { cancelByCandidate, getManageView } from "./candidate-changes";
import type { SchedulingDeps } from "./needs";
import { manageToken } from "./notify";
import * as repo from "./repo";

export interface IntroCallMeeting {
  status: string;
  startTime: string;
  endTime: string;
  /** The candidate may still cancel or move it (the workspace's limits, as on the manage page). */
  changeable: boolean;
  /** Whom to contact when it is no longer theirs to change (null: it is). */
  contact: string | null;
}

export function introCallMeeting(deps: SchedulingDeps, sessionId: number): IntroCallMeeting | null {
  const m = repo.meetingOfSession(deps.db, sessionId);
  if (!m) return null;
  const view = getManageView(deps, manageToken(deps, m.publicId));
  return { status: m.status, startTime: m.startTime.toISOString(), endTime: m.endTime.toISOString(), changeable: view.changeable, contact: view.contact };
}

export async function cancelIntroCall(deps: SchedulingDeps, sessionId: number): Promise<void> {
  const m = repo.meetingOfSession(deps.db, sessionId);
  if (!m) throw notFound("This intro call could not be found.");
  if (m.status === "canceled") return;
  await cancelByCandidate(deps, manageToken(deps, m.publicId));
}
