import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { shortlistRoutes } from "./routes";

export function createShortlists(deps: Deps, web: Web): Feature {
  return { routes: [plugin(shortlistRoutes(deps, web))], jobs: [], api: {} };
}
