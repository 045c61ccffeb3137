import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { clientShareRoutes } from "./routes";

export function createClientShares(deps: Deps, web: Web): Feature {
  return { routes: [plugin(clientShareRoutes(deps, web))], jobs: [], api: {} };
}
