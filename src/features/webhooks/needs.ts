import type { Deps } from "../../deps";
import type { EventRecorder } from "../../lib/event-recorder";

/**
 * What the webhooks feature needs of the events feature, handed over by app.ts: a recorder for
 * its own changes (endpoints made and deleted). The events feature queues webhook deliveries,
 * so it is above webhooks and webhooks may not import it.
 */
export type WebhooksDeps = Deps & { recordEvent: EventRecorder };
