import { z } from "zod";
import type { Deps } from "../../deps";
import { defineJob, type Job } from "../../lib/jobs";
import { deliver } from "./deliver";

/**
 * One delivery of one event to one endpoint. Deliveries to an endpoint go one at a time in
 * the order they were recorded (serial key per endpoint); one that fails for good lets the next go.
 */
export const deliverWebhookJob = defineJob(
  "webhooks.deliver",
  // endpointId only names the serial key; tasks migrated from the old queue lack it.
  z.object({ deliveryId: z.number().int(), endpointId: z.number().int().optional() }),
  { serialKey: (p) => (p.endpointId ? `webhook-endpoint:${p.endpointId}` : null) },
);

export function webhookJobs(deps: Deps): Job<any>[] {
  return [deliverWebhookJob.runs((p, ctx) => deliver(deps, p.deliveryId, ctx), { timeoutMs: 30_000 })];
}
