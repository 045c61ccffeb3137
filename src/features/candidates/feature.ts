import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { ApplicationHooks, CandidatesDeps } from "./application-hook";
import { candidateRoutes } from "./routes";
import { upsertParticipantFromVisitor } from "./service";

export interface CandidatesApi {
  /** A candidate who came in by a candidate page or the chat monitor: found by e-mail or made (with an application when through a job's link). */
  upsertFromVisitor: (workspaceId: number, fields: Parameters<typeof upsertParticipantFromVisitor>[2]) => ReturnType<typeof upsertParticipantFromVisitor>;
  deps: CandidatesDeps;
}

export function createCandidates(deps: Deps, web: Web, needs: { applications: ApplicationHooks }): Feature<CandidatesApi> {
  const ctx: CandidatesDeps = { ...deps, applications: needs.applications };
  return { routes: [plugin(candidateRoutes(ctx, web))], jobs: [], api: { deps: ctx, upsertFromVisitor: (workspaceId, fields) => upsertParticipantFromVisitor(ctx, workspaceId, fields) } };
}
