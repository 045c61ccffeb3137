import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { candidateRoutes } from "./routes";

export function createCandidates(deps: Deps, web: Web): Feature {
  return { routes: [plugin(candidateRoutes(deps, web))], jobs: [], api: {} };
}
