import { randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import { conflict, notFound } from "../../lib/errors";
import { requirePermission } from "../auth/permissions";
import type { CreateWebhook, DeliveryView, WebhookView } from "./model";
import { DELIVER_WORK, recordTestEvent } from "./record";
import * as repo from "./repo";
import { webhooksPorts } from "./ports";

/** Who asks: the signed-in member (owner or admin may manage webhooks). */
export interface Member {
  id: number;
  role: string;
  workspaceId: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toWebhookView(r: repo.EndpointRow): WebhookView {
  return { id: r.id, url: r.url, events: JSON.parse(r.events) as string[], createdAt: r.createdAt.toISOString(), disabledAt: iso(r.disabledAt), status: r.disabledAt ? "disabled" : "active" };
}

export function toDeliveryView(r: repo.DeliveryRow): DeliveryView {
  return {
    id: r.id,
    webhookId: r.webhookId,
    type: r.type,
    status: r.status,
    attempts: r.attempts,
    statusCode: r.statusCode,
    lastError: r.lastError,
    nextAttemptAt: iso(r.nextAttemptAt),
    createdAt: r.createdAt.toISOString(),
    deliveredAt: iso(r.deliveredAt),
  };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. Shown once; kept sealed. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export function createWebhook(deps: Deps, me: Member, input: CreateWebhook): { id: number; secret: string } {
  requirePermission(me, "webhooks.manage");
  const secret = newSecret();
  // An endpoint receives candidates' data: who added it is in the activity log (issue 37).
  const row = deps.db.transaction((tx) => {
    const row = repo.insertEndpoint(tx, { workspaceId: me.workspaceId, url: input.url, events: input.events, secretSealed: deps.secrets.seal(secret), createdAt: deps.clock.now() });
    webhooksPorts.of(deps).recordEvent(deps, tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "webhook", id: row.id }, kind: "webhook.created", summary: `${input.url} (${input.events.join(", ")})`, data: { events: input.events } });
    return row;
  });
  return { id: row.id, secret };
}

export function listWebhooks(deps: Deps, me: Member): WebhookView[] {
  requirePermission(me, "webhooks.manage");
  return repo.listEndpoints(deps.db, me.workspaceId).map(toWebhookView);
}

function endpointOf(deps: Deps, me: Member, id: number): repo.EndpointRow {
  requirePermission(me, "webhooks.manage");
  const row = repo.findEndpoint(deps.db, me.workspaceId, id);
  if (!row) throw notFound("Webhook not found");
  return row;
}

export function deleteWebhook(deps: Deps, me: Member, id: number): void {
  const endpoint = endpointOf(deps, me, id);
  deps.db.transaction((tx) => {
    repo.deleteEndpoint(tx, me.workspaceId, id);
    webhooksPorts.of(deps).recordEvent(deps, tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "webhook", id }, kind: "webhook.deleted", summary: endpoint.url });
  });
}

export const DELIVERY_LOG_SIZE = 100;

/** The endpoint's newest deliveries first (the last 100). */
export function listDeliveries(deps: Deps, me: Member, id: number): DeliveryView[] {
  endpointOf(deps, me, id);
  return repo.listDeliveries(deps.db, me.workspaceId, id, DELIVERY_LOG_SIZE).map(toDeliveryView);
}

const refuseDisabled = (e: repo.EndpointRow) => {
  if (e.disabledAt) throw conflict("This endpoint is disabled (it answered 410 Gone): add it again to receive webhooks");
};

/** "Send test event": a `webhook.test` delivery to this endpoint, sent by the worker. */
export function sendTestEvent(deps: Deps, me: Member, id: number): DeliveryView {
  const endpoint = endpointOf(deps, me, id);
  refuseDisabled(endpoint);
  return toDeliveryView(deps.db.transaction((tx) => recordTestEvent(deps, tx, me.workspaceId, endpoint.id)));
}

/**
 * "Resend": the same body with the same webhook-id (receivers drop a copy they already have),
 * through a new work item; an unfinished delivery is simply tried now.
 */
export function resendDelivery(deps: Deps, me: Member, id: number, deliveryId: number): DeliveryView {
  const endpoint = endpointOf(deps, me, id);
  refuseDisabled(endpoint);
  const d = repo.findDelivery(deps.db, me.workspaceId, endpoint.id, deliveryId);
  if (!d) throw notFound("Delivery not found");
  deps.db.transaction((tx) => {
    if ((d.status === "pending" || d.status === "retrying") && d.workItemId) {
      deps.work.wake(tx, d.workItemId);
      return;
    }
    const workItemId = deps.work.enqueue(tx, DELIVER_WORK, { deliveryId: d.id });
    repo.updateDelivery(tx, d.id, { status: "pending", nextAttemptAt: null, deliveredAt: null, workItemId });
  });
  return toDeliveryView(repo.findDelivery(deps.db, me.workspaceId, endpoint.id, deliveryId)!);
}

/** The settings page's data: every endpoint with its latest 20 deliveries. */
export function webhooksPageData(deps: Deps, me: Member) {
  return { webhooks: listWebhooks(deps, me).map((webhook) => ({ webhook, deliveries: repo.listDeliveries(deps.db, me.workspaceId, webhook.id, 20).map(toDeliveryView) })) };
}
