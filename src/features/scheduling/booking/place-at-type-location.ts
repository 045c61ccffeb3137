import type { Tx } from "../../../db/tx";
import type * as repo from "../repo";
import { setMeetingLocation, typeLocation } from "../repo-member-availability";

type Meeting = repo.MeetingRow;

/** Step 3 (a new interview only): the interview type's place, when it names one, becomes the interview's. */
export function placeAtTypeLocation(tx: Tx, meeting: Meeting, interviewTypeId: number | null): Meeting {
  if (!interviewTypeId) return meeting;
  const location = typeLocation(tx, interviewTypeId);
  if (!location) return meeting;
  return setMeetingLocation(tx, meeting.id, location) ?? meeting;
}
