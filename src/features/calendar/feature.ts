import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { calendarRoutes } from "./routes";
import { calendarJobs } from "./work";

export function createCalendar(deps: Deps, web: Web): Feature {
  return { routes: [plugin(calendarRoutes(deps, web))], jobs: calendarJobs(deps), api: {} };
}
