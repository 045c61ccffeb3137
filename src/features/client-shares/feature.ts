import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { ClientSharesDeps } from "./needs";
import { clientShareRoutes } from "./routes";

export function createClientShares(deps: Deps, web: Web, needs: Omit<ClientSharesDeps, keyof Deps>): Feature {
  return { routes: [plugin(clientShareRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
