import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { ClientExtras } from "./page-data";
import { clientRoutes } from "./routes";

export function createClients(deps: Deps, web: Web, needs: Required<ClientExtras>): Feature {
  return { routes: [plugin(clientRoutes(deps, web, needs))], jobs: [], api: {} };
}
