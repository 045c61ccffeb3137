import type { Tx } from "../../../db/tx";
import type { SchedulingDeps } from "../needs";
import type { Deps } from "../../../deps";
import { sessionPeople, startOfSlotId, type SessionPeople } from "../free-times";
import { choosePoolMember, POOL_WINDOW_DAYS } from "../pool-choice";
import * as repo from "../repo";
import { poolLoad } from "../repo-member-availability";
import { DAY } from "../zones";
import { claimStart } from "./claim-start";

/** Who sits on a booked interview: its holder (meetings.user_id), why a pool chose them, and the panel. */
export interface Seat {
  people: SessionPeople;
  optionalFree: number[];
  holderId: number;
  reason: string | null;
}

/** A booking's claim on a slot: the slot to take and, for free times, who sits on the interview. */
export type Claim = { kind: "claimed"; slotId: string; seat: Seat | null } | { kind: "bad_slot" | "taken" | "not_found" };

/**
 * Step 1 for a session of free times: the session is read again inside the transaction (still
 * pending, unexpired), the picked start is checked by every availability rule and written as the
 * session's slot, and a pool's member is chosen by its strategy. A refusal later in the
 * transaction rolls the written slot back.
 */
export function claimOfferedStart(deps: SchedulingDeps, tx: Tx, sessionId: number, slotId: string): Claim {
  if (startOfSlotId(slotId) === null) return { kind: "bad_slot" };
  const fresh = repo.sessionById(tx, sessionId);
  if (!fresh || fresh.status !== "pending" || fresh.expiresAt.getTime() <= deps.clock.now().getTime()) return fresh?.status === "scheduled" ? { kind: "taken" } : { kind: "not_found" };
  const people = sessionPeople(tx, fresh);
  const claimed = claimStart(deps, tx, fresh, people, slotId);
  if (!claimed) return { kind: "taken" };
  const chosen = choosePoolHolder(deps, tx, people, claimed.poolFree);
  return { kind: "claimed", slotId: claimed.id, seat: { people, optionalFree: claimed.optionalFree, holderId: chosen?.userId ?? fresh.userId, reason: chosen?.reason ?? null } };
}

/** With a pool: the member its strategy picks among those free at the start, by their recent load. */
function choosePoolHolder(deps: Deps, tx: Tx, people: SessionPeople, poolFree: number[]) {
  if (!people.pool.length) return null;
  return choosePoolMember(people.strategy, poolFree, poolLoad(tx, poolFree, new Date(deps.clock.now().getTime() - POOL_WINDOW_DAYS * DAY)));
}
