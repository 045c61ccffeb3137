import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { dashboardRoutes } from "./routes";

export function createDashboard(deps: Deps, web: Web): Feature {
  return { routes: [plugin(dashboardRoutes(deps, web))], jobs: [], api: {} };
}
