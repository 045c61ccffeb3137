import type { Tx } from "../../../db/tx";
import { insertMeetingInterviewers, setAssignment } from "../repo-member-availability";
import type { Seat } from "./claim-offered-start";

/**
 * Step 4 (a new interview of free times only): every required interviewer and the optional ones
 * free at the start sit on the panel, the holder (meetings.user_id) aside; a pool's choice keeps
 * its reason, which the interview page shows.
 */
export function seatPanelAndPool(tx: Tx, meetingId: number, seat: Seat): void {
  const others = (ids: number[]) => ids.filter((id) => id !== seat.holderId);
  insertMeetingInterviewers(tx, meetingId, [
    ...others(seat.people.required).map((userId) => ({ userId, required: true })),
    ...others(seat.optionalFree).map((userId) => ({ userId, required: false })),
  ]);
  if (seat.reason) setAssignment(tx, meetingId, seat.reason);
}
