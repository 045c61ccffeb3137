import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { workspaceRoutes } from "./routes";

export function createWorkspace(deps: Deps, web: Web): Feature {
  return { routes: [plugin(workspaceRoutes(deps, web))], jobs: [], api: {} };
}
