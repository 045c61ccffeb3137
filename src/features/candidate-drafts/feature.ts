import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { draftJobs } from "./jobs";
import { candidateDraftRoutes } from "./routes";

export function createCandidateDrafts(deps: Deps, web: Web): Feature {
  return { routes: [plugin(candidateDraftRoutes(deps, web))], jobs: draftJobs(deps), api: {} };
}
