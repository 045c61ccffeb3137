import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

/** The events a workspace can subscribe an endpoint to (issue 19). */
export const EVENT_TYPES = [
  "candidate.created",
  "candidate.updated",
  "candidate.stage_changed",
  "shortlist.updated",
  "shortlist.feedback",
  "session.created",
  "session.cancelled",
  "interview.booked",
  "interview.moved",
  "interview.cancelled",
  "interview.completed",
  "interview.no_show",
  "application.created",
  "application.stage_changed",
  "placement.created",
  "placement.updated",
  "message.received",
  "message.sent",
  "sequence.stopped",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** Sent only by "Send test event", to one endpoint, whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";

/** The body every delivery carries; `version` changes only when `data` changes incompatibly. */
export const PAYLOAD_VERSION = 1;
export interface WebhookPayload {
  type: EventType | typeof TEST_EVENT;
  version: typeof PAYLOAD_VERSION;
  timestamp: string;
  workspaceId: number;
  data: Record<string, unknown>;
}

const EventInput = z.enum(EVENT_TYPES, { error: (i) => `Unknown event: ${String(i.input).slice(0, 60)}. Events are: ${EVENT_TYPES.join(", ")}` });

const WebhookUrl = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2000, "URL is longer than 2000 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
    } catch {
      return false;
    }
  }, "URL must be an http:// or https:// address");

export const CreateWebhookInput = z.object({
  url: WebhookUrl,
  events: z
    .array(EventInput, { error: "Events must be a list of event types" })
    .min(1, "Choose at least one event")
    .transform((v) => [...new Set(v)]),
});
export type CreateWebhook = z.infer<typeof CreateWebhookInput>;

/** The settings form: `events` is absent (nothing ticked), one string, or several. */
export const CreateWebhookForm = z.object({
  url: WebhookUrl,
  events: z.preprocess((v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]), CreateWebhookInput.shape.events),
});

export const DeliveryParams = z.object({ id: positiveId(), deliveryId: positiveId() });

const DELIVERY_STATUSES = ["pending", "retrying", "delivered", "failed"] as const;

export const WebhookView = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  status: z.enum(["active", "disabled"]),
});
export type WebhookView = z.infer<typeof WebhookView>;

export const DeliveryView = z.object({
  id: z.number(),
  webhookId: z.string(),
  type: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  /** Every try, oldest first. */
  attempts: z.array(z.object({ at: z.string(), statusCode: z.number().nullable(), error: z.string().nullable(), durationMs: z.number().nullable() })),
  statusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

/** The answer to POST /api/webhooks: the id and the secret (shown this once); GET lists the rest. */
export const CreatedWebhook = z.object({ id: z.number(), secret: z.string() });
export const WebhookList = z.object({ webhooks: z.array(WebhookView) });
export const DeliveryList = z.object({ deliveries: z.array(DeliveryView) });
export const DeliveryAnswer = z.object({ delivery: DeliveryView });
