import type { ReactNode } from "react";
import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { can } from "../auth/permissions";
import { matchingRoutes } from "./routes";
import { matchingPageRoutes } from "./page-routes";
import { askedWork, matchingJobs, type MatchingDeps } from "./tasks";
import { matchesForJob } from "./rank";
import { readCriteria } from "./service";
import { blankRow, rowsOf } from "./criteria-form";
import { SuggestedCandidates } from "./pages/suggested-candidates";
import { CriteriaEditor } from "./pages/criteria-editor";

type Member = { id: number; role: string; workspaceId: number };

export interface MatchingApi {
  /** The job page's Suggested candidates, with the job's criteria (an editor for who may edit the job). */
  suggestedCandidates: (me: Member, jobId: number) => ReactNode;
  /** Matching's services with what they need (tests and bench scripts call them). */
  deps: MatchingDeps;
}

export function createMatching(infra: Deps, web: Web): Feature<MatchingApi> {
  const deps: MatchingDeps = { ...infra, asked: askedWork() };
  const suggestedCandidates = (me: Member, jobId: number) => {
    const c = readCriteria(deps, me.workspaceId, jobId);
    const canEdit = can(me, "jobs.write");
    const editor = CriteriaEditor({ jobId, source: c.source, rows: [...rowsOf(c.criteria), ...(canEdit ? [blankRow()] : [])], canEdit });
    return SuggestedCandidates({ jobId, list: matchesForJob(deps, me.workspaceId, jobId, 10), criteria: { labels: c.criteria.map((x) => x.label), editor } });
  };
  return {
    routes: [plugin(matchingRoutes(deps, web)), plugin(matchingPageRoutes(deps, web))],
    jobs: matchingJobs(infra),
    api: { suggestedCandidates, deps },
  };
}
