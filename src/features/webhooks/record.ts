// What other features call when something happens: the only file of this feature they import.
// It imports no other feature, so the feature graph keeps no cycle.
import type { Deps } from "../../deps";
import { randomToken } from "../../lib/crypto";
import type { Tx } from "../../db/tx";
import { deliverWebhookJob } from "./deliver-job";
import { PAYLOAD_VERSION, TEST_EVENT, type EventType, type WebhookPayload } from "./model";
import * as repo from "./repo";

export type { EventType } from "./model";

/** Standard Webhooks ids are `msg_` and a random part; receivers deduplicate by it. */
const newWebhookId = () => `msg_${randomToken(18)}`;

/**
 * Records an event for the workspace's endpoints that subscribe to it: one delivery row each
 * and one task each, written with `tx`, the transaction of the change itself (the event
 * commits with the change or not at all). `data` may be a function, so the payload (reading
 * the changed rows inside `tx`) is built only when an endpoint listens; with none, the cost
 * is one indexed query.
 */
export function recordEvent(
  deps: Deps,
  tx: Tx,
  workspaceId: number,
  type: EventType,
  data: Record<string, unknown> | (() => Record<string, unknown>),
  about: { candidateId?: number | null } = {},
): number {
  const endpoints = repo.activeEndpoints(tx, workspaceId).filter((e) => subscribes(e.events, type));
  if (!endpoints.length) return 0;
  const payload = buildPayload(deps, workspaceId, type, typeof data === "function" ? data() : data);
  for (const e of endpoints) queueDelivery(deps, tx, workspaceId, e.id, type, payload, about.candidateId ?? null);
  return endpoints.length;
}

/** Erasure of a candidate (in its transaction): the deliveries about them go, sent or not. */
export function forgetCandidateDeliveries(tx: Tx, workspaceId: number, candidateIds: number[]): number {
  return repo.deleteDeliveriesAbout(tx, workspaceId, candidateIds);
}

/** Finished deliveries older than `days` are deleted (the scheduled clean-up, like the tasks'). */
export function pruneDeliveries(deps: Deps, days: number): number {
  return repo.deleteFinishedBefore(deps.db, new Date(deps.clock.now().getTime() - days * 86_400_000));
}

/** "Send test event": a `webhook.test` to one endpoint, whatever it subscribes to. */
export function recordTestEvent(deps: Deps, tx: Tx, workspaceId: number, endpointId: number): repo.DeliveryRow {
  const payload = buildPayload(deps, workspaceId, TEST_EVENT, { message: "A test event from Frank: this endpoint receives its webhooks." });
  return queueDelivery(deps, tx, workspaceId, endpointId, TEST_EVENT, payload);
}

function buildPayload(deps: Deps, workspaceId: number, type: WebhookPayload["type"], data: Record<string, unknown>): string {
  const body: WebhookPayload = { type, version: PAYLOAD_VERSION, timestamp: deps.clock.now().toISOString(), workspaceId, data };
  return JSON.stringify(body);
}

function queueDelivery(deps: Deps, tx: Tx, workspaceId: number, endpointId: number, type: string, payload: string, candidateId: number | null = null): repo.DeliveryRow {
  const row = repo.insertDelivery(tx, { workspaceId, endpointId, webhookId: newWebhookId(), type, payload, candidateId, createdAt: deps.clock.now() });
  const taskId = deliverWebhookJob.enqueue(tx, { deliveryId: row.id, endpointId });
  repo.setTask(tx, row.id, taskId);
  return { ...row, taskId };
}

function subscribes(events: string, type: string): boolean {
  try {
    const list: unknown = JSON.parse(events);
    return Array.isArray(list) && list.includes(type);
  } catch {
    return false;
  }
}
