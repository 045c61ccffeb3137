import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { extractTextWork } from "./extract";
import { removeBytesWork } from "./removal";
import { candidateFileRoutes } from "./routes";

export function createCandidateFiles(deps: Deps, web: Web): Feature {
  return { routes: [plugin(candidateFileRoutes(deps, web))], jobs: [extractTextWork(deps), removeBytesWork(deps)], api: {} };
}
