import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { chatRoutes } from "./routes";

export function createChat(deps: Deps, web: Web): Feature {
  return { routes: [plugin(chatRoutes(deps, web))], jobs: [], api: {} };
}
