import type { Deps } from "../../deps";
import type { DB } from "../../db/client";

/** The database or the removal's transaction. */
type Writer = Pick<DB, "insert" | "update" | "select" | "delete">;

/**
 * What other features end when a member leaves a workspace (removed, or leaving themself):
 * their private iCal feed (calendar), their open chat-monitor sockets (chat). The team feature
 * decides when; each feature ends its own part, wired in app.ts, so no feature imports another
 * for it. Sessions, API keys and reset links are auth's own (membership-repo.removeFromWorkspace).
 */
export interface LeavingHandlers {
  /** In the removal's transaction: rows that must go with it. */
  inTransaction?: (tx: Writer, userId: number) => void;
  /** After the commit: live connections to close. */
  afterCommit?: (userId: number) => void;
}

const registry = new WeakMap<Deps, LeavingHandlers[]>();

export function onMemberLeaving(deps: Deps, h: LeavingHandlers): void {
  registry.set(deps, [...(registry.get(deps) ?? []), h]);
}

export function memberLeavingInTransaction(deps: Deps, tx: Writer, userId: number): void {
  for (const h of registry.get(deps) ?? []) h.inTransaction?.(tx, userId);
}

export function memberLeft(deps: Deps, userId: number): void {
  for (const h of registry.get(deps) ?? []) h.afterCommit?.(userId);
}
