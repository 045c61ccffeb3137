import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { mailboxRoutes } from "./routes";

export function createMailbox(deps: Deps, web: Web): Feature {
  return { routes: [plugin(mailboxRoutes(deps, web))], jobs: [], api: {} };
}
