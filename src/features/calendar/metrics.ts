import type { Deps } from "../../deps";
import * as repo from "./repo";
import { connectionState, type ConnectionState } from "./cache-sync";

/** Connected calendars by sync state (ok, stale, error), for /metrics. */
export function connectionStateCounts(deps: Deps): { state: ConnectionState; count: number }[] {
  const counts: Record<ConnectionState, number> = { ok: 0, stale: 0, error: 0 };
  for (const userId of repo.connectedUserIds(deps.db)) counts[connectionState(deps, userId).state]++;
  // Connections Google stopped accepting are errors until their member connects again.
  counts.error += repo.noticeCount(deps.db);
  return (Object.keys(counts) as ConnectionState[]).map((state) => ({ state, count: counts[state] }));
}
