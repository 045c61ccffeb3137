import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { peopleRoutes } from "./routes";

export function createPeople(deps: Deps, web: Web): Feature {
  return { routes: [plugin(peopleRoutes(deps, web))], jobs: [], api: {} };
}
