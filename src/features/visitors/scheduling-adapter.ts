/**
 * Intro calls go through the scheduling module: a one-slot scheduling session for the
 * candidate, booked at once by its token. Scheduling then records the meeting, runs the
 * calendar hook and sends the confirmation e-mail with its .ics, as for any interview.
 */
import type { Deps } from "../../deps";
import type { DB } from "../../db/client";
import { writeStamp } from "../../db/prepared";
import { cancelSession, createSchedulingSession, listMeetings } from "../scheduling/service";
import { bookByToken } from "../scheduling/booking";
import type { TimeSlot } from "../scheduling/slots";

export async function bookIntroMeeting(
  deps: Deps,
  v: { workspaceId: number; hostUserId: number; candidateId: number; slot: TimeSlot; duration: number; timeZone: string; jobTitle: string | null },
): Promise<{ sessionId: number }> {
  const session = await createSchedulingSession(deps, {
    workspaceId: v.workspaceId,
    actor: "candidate",
    userId: v.hostUserId,
    candidateId: v.candidateId,
    title: "Intro call",
    description: v.jobTitle ? `A short introductory call about the ${v.jobTitle} role.` : "A short introductory call with the hiring team.",
    duration: v.duration,
    timeSlots: [v.slot],
    timeZone: v.timeZone,
    // Booked at once below: the candidate gets the confirmation, not a link to choose a time.
    sendEmail: false,
  });
  const slotId = (session.timeSlots as { id?: string }[])[0]?.id;
  try {
    if (!slotId) throw new Error("scheduling session without a slot");
    await bookByToken(deps, session.sessionToken, slotId);
  } catch (e) {
    try {
      cancelSession(deps, v.workspaceId, session.id, "system");
    } catch {}
    throw e;
  }
  return { sessionId: session.id };
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
