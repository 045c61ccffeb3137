import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { schedulingRoutes } from "./routes";

export function createScheduling(deps: Deps, web: Web): Feature {
  return { routes: [plugin(schedulingRoutes(deps, web))], jobs: [], api: {} };
}
