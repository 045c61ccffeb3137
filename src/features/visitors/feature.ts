import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { VisitorsDeps, VisitorsNeeds } from "./needs";
import { visitorLimits } from "./chat-service";
import { keptHostMeetings } from "./scheduling-adapter";
import { visitorRoutes } from "./routes";
import { visitorSettingsRoutes } from "./settings-routes";

/** The candidate pages and their settings. */
export function createVisitors(deps: Deps, web: Web, needs: VisitorsNeeds): Feature<{ deps: VisitorsDeps }> {
  const ctx: VisitorsDeps = { ...deps, ...needs, visitorLimits: visitorLimits(deps), hostMeetings: keptHostMeetings(deps) };
  return { routes: [plugin(visitorRoutes(ctx, web)), plugin(visitorSettingsRoutes(ctx, web))], jobs: [], api: { deps: ctx } };
}
