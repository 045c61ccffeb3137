import type { Deps } from "../../../deps";
import * as repo from "../repo";
import type { Claim } from "./claim-offered-start";

/** True when a busy time of the interviewer's calendar cache overlaps [start, end). */
export type CalendarBusy = (userId: number, start: Date, end: Date) => boolean;

/**
 * Step 1 for a session of hand-picked slots: the slot is the one the candidate picked, unless the
 * interviewer's cached calendar is busy then (Frank's own meetings are checked when the slot is
 * taken). A slot of another session, or none, is left to that step to refuse.
 */
export function claimFixedSlot(deps: Deps, session: { id: number; userId: number }, slotId: string, calendarBusy: CalendarBusy): Claim {
  const slot = repo.findSlot(deps.db, slotId);
  if (slot && slot.sessionId === session.id && calendarBusy(session.userId, slot.startTime, slot.endTime)) return { kind: "taken" };
  return { kind: "claimed", slotId, seat: null };
}
