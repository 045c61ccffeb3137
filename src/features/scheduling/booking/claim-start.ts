import type { Tx } from "../../../db/tx";
import type { SchedulingDeps } from "../needs";
import { randomToken } from "../../../lib/crypto";
import { offerWindow, startOfSlotId, startStillFree, type SessionPeople } from "../free-times";
import * as repo from "../repo";

/**
 * In a booking's or a move's transaction: the start a candidate picked from a session's free
 * times, checked again by every rule and written as the session's slot (so the meeting holds a
 * slot like any other). Null: the start is not one this session offers now.
 */
export function claimStart(
  deps: SchedulingDeps,
  tx: Tx,
  s: repo.SessionRow,
  people: SessionPeople,
  slotId: string,
  opts: { exceptMeetingId?: number; insert?: boolean } = {},
): { id: string; start: Date; end: Date; poolFree: number[]; optionalFree: number[] } | null {
  const start = startOfSlotId(slotId);
  if (start === null) return null;
  const free = startStillFree(deps, tx, offerWindow(s, tx), people, start, opts.exceptMeetingId);
  if (!free) return null;
  const slot = { id: randomToken(12), start: new Date(start), end: new Date(start + s.duration * 60_000), ...free };
  if (opts.insert !== false) repo.insertSlot(tx, { id: slot.id, sessionId: s.id, workspaceId: s.workspaceId, startTime: slot.start, endTime: slot.end });
  return slot;
}
