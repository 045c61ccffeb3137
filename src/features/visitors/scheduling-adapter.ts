/**
 * Intro calls go through the scheduling module: a one-slot scheduling session for the
 * candidate, booked at once in one transaction (scheduling/booking.ts bookIntroCall). Scheduling
 * then records the meeting, its calendar work and the confirmation e-mail with its .ics, as for
 * any interview.
 */
import type { Deps } from "../../deps";
import type { VisitorsDeps } from "./needs";
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
// write to the database (writeStamp), so it is never out of date. One keeper per app (the
// visitors' constructor holds it).
export function keptHostMeetings(deps: Deps): (workspaceId: number) => Busy[] {
  let read: { stamp: string; byWorkspace: Map<number, Busy[]> } | null = null;
  /** The workspace's booked meetings, as busy time for intro calls (a meeting blocks its slot for everyone). */
  return (workspaceId) => {
    const stamp = writeStamp(deps.db);
    if (!read || read.stamp !== stamp) read = { stamp, byWorkspace: new Map() };
    let busy = read.byWorkspace.get(workspaceId);
    if (!busy) {
      busy = listMeetings(deps, workspaceId)
        .filter((m) => m.status === "scheduled" || m.status === "pending")
        .map((m) => ({ start: new Date(m.startTime), end: new Date(m.endTime) }));
      read.byWorkspace.set(workspaceId, busy);
    }
    return busy;
  };
}
