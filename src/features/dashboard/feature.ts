import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { DashboardDeps } from "./needs";
import { dashboardRoutes } from "./routes";

export function createDashboard(deps: Deps, web: Web, needs: Omit<DashboardDeps, keyof Deps>): Feature {
  return { routes: [plugin(dashboardRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
