import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { workspaceLogoRoutes } from "./routes";

export function createWorkspaceLogo(deps: Deps, web: Web): Feature {
  return { routes: [plugin(workspaceLogoRoutes(deps, web))], jobs: [], api: {} };
}
