import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import type { ChatDeps } from "./needs";
import { chatRoutes } from "./routes";

export function createChat(deps: Deps, web: Web, needs: Omit<ChatDeps, keyof Deps>): Feature {
  return { routes: [plugin(chatRoutes({ ...deps, ...needs }, web))], jobs: [], api: {} };
}
