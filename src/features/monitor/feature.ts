import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { monitorRoutes } from "./routes";

export function createMonitor(deps: Deps, web: Web): Feature {
  return { routes: [plugin(monitorRoutes(deps, web))], jobs: [], api: {} };
}
