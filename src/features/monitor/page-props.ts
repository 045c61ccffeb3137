import type { Deps } from "../../deps";
import { debugParticipants, designTestParticipants } from "./debug";
import { LATEST_ROWS } from "./model";
import { latestBackup, latestOriginal, type SyncRunner } from "./sync";

/** The loaders of the monitor's pages: read before rendering (pages call no service while rendering). */

/** /participants-monitor: the status cards and the latest rows of both tables. */
export function loadMonitorPage(deps: Deps, sync: SyncRunner, workspaceId: number) {
  return { status: sync.status(workspaceId), participants: latestOriginal(deps, workspaceId, LATEST_ROWS), backup: latestBackup(deps, workspaceId, LATEST_ROWS) };
}

/** /database-debug?view=all|design: the rows a debug button asked for (none before one is pressed). */
export function loadDatabaseDebug(deps: Deps, workspaceId: number, asked: string | undefined) {
  const view: "all" | "design" | null = asked === "all" || asked === "design" ? asked : null;
  const participants = view === "all" ? debugParticipants(deps, workspaceId, 500) : view === "design" ? designTestParticipants(deps, workspaceId, 500) : null;
  return { view, participants };
}
