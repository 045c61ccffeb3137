import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";

/**
 * What candidates need of the job pipeline (issue 38), handed over by app.ts: the applications
 * feature reads candidates, so candidates cannot import it. `applied` runs in the transaction that
 * records a candidate coming through a job's campaign link (the only change of a candidate's
 * campaign, which it keeps on their applications: decision 59); `applicationsOf` adds their
 * applications to GET /api/participants/{id}.
 */
export interface ApplicationHooks {
  applied(tx: Tx, workspaceId: number, participantId: number, jobId: number, campaignId: number | null): void;
  applicationsOf(workspaceId: number, participantId: number): unknown[];
}

/** The infrastructure and the pipeline's hooks. */
export type CandidatesDeps = Deps & { applications: ApplicationHooks };
