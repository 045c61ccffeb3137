import type { ReactNode } from "react";
import type { ClientsDeps } from "./needs";
import { getClient, jobsOfClient } from "./service";

/** What other features add to a client's page: the funnel of its jobs' applications (item 8). */
export interface ClientExtras {
  funnel?: (workspaceId: number, jobIds: number[]) => ReactNode;
}

/** /clients/{id}: the client, its contacts and its jobs (another workspace's id: 404). */
export function clientPageData(deps: ClientsDeps, workspaceId: number, id: number, extras: ClientExtras) {
  const client = getClient(deps, workspaceId, id);
  const jobs = jobsOfClient(deps, workspaceId, id);
  return {
    client,
    jobs,
    funnel:
      extras.funnel && jobs.length
        ? extras.funnel(
            workspaceId,
            jobs.map((j) => j.id),
          )
        : null,
  };
}
export type ClientPageData = ReturnType<typeof clientPageData>;
