import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { VisitorsNeeds } from "./needs";
import { visitorRoutes } from "./routes";
import { visitorSettingsRoutes } from "./settings-routes";

export function createVisitors(deps: Deps, web: Web, needs: VisitorsNeeds): Feature {
  return { routes: [plugin(visitorRoutes(deps, web)), plugin(visitorSettingsRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
