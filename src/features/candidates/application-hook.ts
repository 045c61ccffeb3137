import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { Ports } from "../../lib/ports";

/**
 * What candidates need of the job pipeline (issue 38), a port wired in src/ports.ts: the
 * applications feature reads candidates, so candidates cannot import it. `applied` runs in the
 * transaction that records a candidate coming through a job's campaign link; `applicationsOf`
 * adds their applications to GET /api/participants/{id}.
 */
export interface ApplicationHooks {
  applied(tx: Tx, workspaceId: number, participantId: number, jobId: number): void;
  applicationsOf(workspaceId: number, participantId: number): unknown[];
}

export const candidatesPorts = new Ports<{ applications: ApplicationHooks }>("candidates", ["applications"]);

export function applicationHooks(deps: Deps): ApplicationHooks {
  return candidatesPorts.of(deps).applications;
}
