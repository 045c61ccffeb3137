import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { placementRoutes } from "./routes";
import { monthPlacements, type Member } from "./service";

export interface PlacementsApi {
  /** This month's placements and fees (a recruiter's own), for the dashboard. */
  month(me: Member): ReturnType<typeof monthPlacements>;
}

export function createPlacements(deps: Deps, web: Web): Feature<PlacementsApi> {
  return { routes: [plugin(placementRoutes(deps, web))], jobs: [], api: { month: (me) => monthPlacements(deps, me) } };
}
