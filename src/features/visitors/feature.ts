import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { VisitorsNeeds } from "./needs";
import { visitorRoutes } from "./routes";
import { visitorSettingsRoutes } from "./settings-routes";

export function createVisitors(deps: Deps, web: Web, needs: VisitorsNeeds): Feature {
  const ctx = { ...deps, ...needs };
  return { routes: [plugin(visitorRoutes(ctx, web)), plugin(visitorSettingsRoutes(ctx, web))], jobs: [], api: {} };
}
