import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { reportRoutes } from "./routes";

export function createReports(deps: Deps, web: Web): Feature {
  return { routes: [plugin(reportRoutes(deps, web))], jobs: [], api: {} };
}
