/**
 * Intro calls go through the scheduling module: a one-slot scheduling session for the
 * candidate, booked at once in one transaction (scheduling/booking.ts bookIntroCall). Scheduling
 * then records the meeting, its calendar work and the confirmation e-mail with its .ics, as for
 * any interview.
 */
import type { Deps } from "../../deps";
import type { VisitorsDeps } from "./needs";
import type { DB } from "../../db/client";
import { writeStamp } from "../../db/prepared";
import { listMeetings } from "../scheduling/interviews";
import type { TimeSlot } from "../scheduling/slots";

export function bookIntroMeeting(
  deps: VisitorsDeps,
  v: { workspaceId: number; hostUserId: number; candidateId: number; slot: TimeSlot; duration: number; timeZone: string; jobTitle: string | null },
): Promise<{ sessionId: number }> {
  return deps.scheduling.bookIntroCall({
    workspaceId: v.workspaceId,
    hostUserId: v.hostUserId,
    candidateId: v.candidateId,
    slot: v.slot,
    duration: v.duration,
    timeZone: v.timeZone,
    title: "Intro call",
    description: v.jobTitle ? `A short introductory call about the ${v.jobTitle} role.` : "A short introductory call with the hiring team.",
  });
}

type Busy = { start: Date; end: Date };

// listMeetings costs about 0.5 ms a call (the three-table query is built anew each time) and
// every view of /scheduleacall needs it: the answer is kept per workspace until the next
// write to the database (writeStamp), so it is never out of date.
const meetingsRead = new WeakMap<DB, { stamp: string; byWorkspace: Map<number, Busy[]> }>();

/** The workspace's booked meetings, as busy time for intro calls (a meeting blocks its slot for everyone). */
export function hostMeetings(deps: Deps, workspaceId: number, _hostUserId: number): Busy[] {
  const stamp = writeStamp(deps.db);
  let read = meetingsRead.get(deps.db);
  if (!read || read.stamp !== stamp) meetingsRead.set(deps.db, (read = { stamp, byWorkspace: new Map() }));
  let busy = read.byWorkspace.get(workspaceId);
  if (!busy) {
    busy = listMeetings(deps, workspaceId)
      .filter((m) => m.status === "scheduled" || m.status === "pending")
      .map((m) => ({ start: new Date(m.startTime), end: new Date(m.endTime) }));
    read.byWorkspace.set(workspaceId, busy);
  }
  return busy;
}
