import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { feedbackRoutes } from "./routes";
import { feedbackJobs } from "./service";

export function createFeedback(deps: Deps, web: Web): Feature {
  return { routes: [plugin(feedbackRoutes(deps, web))], jobs: feedbackJobs(deps), api: {} };
}
