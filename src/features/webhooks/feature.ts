import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { EventRecorder } from "../../lib/event-recorder";
import type { Web } from "../auth/web";
import { webhookJobs } from "./deliver-job";
import { webhookRoutes } from "./routes";
import { pruneDeliveries } from "./record";

export function createWebhooks(deps: Deps, web: Web, needs: { recordEvent: EventRecorder }): Feature {
  return {
    routes: [plugin(webhookRoutes({ ...deps, ...needs }, web))],
    jobs: webhookJobs(deps),
    // Deliveries are kept as long as the tasks that made them (OUTBOX_RETENTION_DAYS).
    scheduled: [{ name: "webhook-deliveries-retention", pattern: "17 4 * * *", run: (d) => void pruneDeliveries(d, d.config.OUTBOX_RETENTION_DAYS) }],
    api: {},
  };
}
