import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import type { NewSession } from "../auth/service";

/**
 * What other features end when a member leaves a workspace (removed, or leaving themself):
 * their private iCal feed (calendar), their open chat-monitor sockets (chat). The team feature
 * decides when; sessions, API keys and reset links are auth's own (membership-repo). Handed to
 * the team's routes by the composition root (app.ts), so team imports neither.
 */
interface MemberLeaving {
  /** In the removal's transaction: rows that must go with it. */
  inTransaction(tx: Tx, userId: number): void;
  /** After the commit: live connections to close. */
  afterCommit(userId: number): void;
}

/** What the team feature needs of others: the leaving above, and auth's session for a newly accepted member. */
export interface TeamNeeds {
  memberLeaving: MemberLeaving;
  signInAs(userId: number): NewSession;
}

/** The infrastructure and what the team feature needs of others. */
export type TeamDeps = Deps & TeamNeeds;
