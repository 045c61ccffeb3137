import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { authPorts } from "./ports";

/** In the removal's transaction: what other features end with the membership (the member-leaving port). */
export function memberLeavingInTransaction(deps: Deps, tx: Tx, userId: number): void {
  authPorts.of(deps).memberLeaving.inTransaction(tx, userId);
}

/** After the removal's commit: live connections of the member that left are closed. */
export function memberLeft(deps: Deps, userId: number): void {
  authPorts.of(deps).memberLeaving.afterCommit(userId);
}
