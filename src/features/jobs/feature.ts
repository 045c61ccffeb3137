import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { jobRoutes } from "./routes";

export function createJobs(deps: Deps, web: Web): Feature {
  return { routes: [plugin(jobRoutes(deps, web))], jobs: [], api: {} };
}
