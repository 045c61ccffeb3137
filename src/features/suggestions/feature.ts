import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { suggestionRoutes } from "./routes";

export function createSuggestions(deps: Deps, web: Web): Feature {
  return { routes: [plugin(suggestionRoutes(deps, web))], jobs: [], api: {} };
}
