import type { ReactNode } from "react";
import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { matchingRoutes } from "./routes";
import { matchingJobs } from "./tasks";
import { matchesForJob } from "./rank";
import { SuggestedCandidates } from "./pages/suggested-candidates";

export interface MatchingApi {
  /** The job page's Suggested candidates. */
  suggestedCandidates: (workspaceId: number, jobId: number) => ReactNode;
}

export function createMatching(deps: Deps, web: Web): Feature<MatchingApi> {
  return {
    routes: [plugin(matchingRoutes(deps, web))],
    jobs: matchingJobs(deps),
    api: { suggestedCandidates: (workspaceId, jobId) => SuggestedCandidates({ jobId, list: matchesForJob(deps, workspaceId, jobId, 10) }) },
  };
}
