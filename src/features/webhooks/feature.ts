import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { EventRecorder } from "../../lib/event-recorder";
import type { Web } from "../auth/web";
import { webhookJobs } from "./deliver-job";
import { webhookRoutes } from "./routes";

export function createWebhooks(deps: Deps, web: Web, needs: { recordEvent: EventRecorder }): Feature {
  return { routes: [plugin(webhookRoutes({ ...deps, ...needs }, web))], jobs: webhookJobs(deps), api: {} };
}
