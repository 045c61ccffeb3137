import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { careersAdminRoutes } from "./admin-routes";
import { careersPublicRoutes } from "./public-routes";

/** The careers site (issue 56): public job pages, the apply form, feeds, and their settings. */
export function createCareers(deps: Deps, web: Web): Feature {
  return { routes: [plugin(careersPublicRoutes(deps)), plugin(careersAdminRoutes(deps, web))], jobs: [], api: {} };
}
