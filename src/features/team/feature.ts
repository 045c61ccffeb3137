import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { TeamNeeds } from "./needs";
import { teamRoutes } from "./routes";

export function createTeam(deps: Deps, web: Web, needs: TeamNeeds): Feature {
  return { routes: [plugin(teamRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
