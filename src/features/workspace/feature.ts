import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { WorkspaceDeps } from "./needs";
import { workspaceRoutes } from "./routes";

export function createWorkspace(deps: Deps, web: Web, needs: Omit<WorkspaceDeps, keyof Deps>): Feature {
  return { routes: [plugin(workspaceRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
