import { randomBytes } from "node:crypto";
import type { Deps } from "../../deps";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { publicUrlProblem, workspaceUrlPolicy } from "../../lib/public-fetch";
import { requirePermission } from "../auth/permissions";
import type { CreateWebhook, DeliveryView, WebhookView } from "./model";
import { recordTestEvent } from "./record";
import { deliverWebhookJob } from "./deliver-job";
import * as repo from "./repo";
import type { WebhooksDeps } from "./needs";
import { hurryWaitingTask } from "../../lib/task-claims";

/** Who asks: the signed-in member (owner or admin may manage webhooks). */
export interface Member {
  id: number;
  role: string;
  workspaceId: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toWebhookView(r: repo.EndpointRow): WebhookView {
  return { id: r.id, url: r.url, events: JSON.parse(r.events) as string[], createdAt: r.createdAt.toISOString(), disabledAt: iso(r.disabledAt), status: r.disabledAt ? "disabled" : "active" };
}

/** The task's state in the delivery log's words (a done task is a delivered webhook). */
function deliveryStatus(task: repo.TaskRow | null): DeliveryView["status"] {
  if (!task) return "failed";
  if (task.status === "done") return "delivered";
  if (task.status === "failed" || task.status === "skipped") return "failed";
  if (task.status === "retrying") return "retrying";
  return "pending";
}

export function toDeliveryView({ delivery: r, task }: repo.DeliveryWithTask): DeliveryView {
  const attempts = JSON.parse(r.attemptLog) as repo.Attempt[];
  const last = attempts.at(-1);
  const status = deliveryStatus(task);
  return {
    id: r.id,
    webhookId: r.webhookId,
    type: r.type,
    status,
    attempts,
    statusCode: last?.statusCode ?? null,
    lastError: status === "delivered" ? null : (task?.lastError ?? last?.error ?? null),
    nextAttemptAt: task && (status === "pending" || status === "retrying") && task.runAt.getTime() > 0 ? task.runAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: status === "delivered" ? iso(task?.finishedAt ?? null) : null,
  };
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. Shown once; kept sealed. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

export async function createWebhook(deps: WebhooksDeps, me: Member, input: CreateWebhook): Promise<{ id: number; secret: string }> {
  requirePermission(me, "webhooks.manage");
  const problem = await publicUrlProblem(input.url, workspaceUrlPolicy(deps.config));
  if (problem) throw badRequest(problem, { url: problem });
  const secret = newSecret();
  // An endpoint receives candidates' data: who added it is in the activity log (issue 37).
  const row = deps.db.transaction((tx) => {
    const row = repo.insertEndpoint(tx, { workspaceId: me.workspaceId, url: input.url, events: input.events, secretSealed: deps.secrets.seal(secret), createdAt: deps.clock.now() });
    deps.recordEvent(tx, {
      workspaceId: me.workspaceId,
      actor: { userId: me.id },
      subject: { type: "webhook", id: row.id },
      kind: "webhook.created",
      summary: `${input.url} (${input.events.join(", ")})`,
      data: { events: input.events },
    });
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

export function deleteWebhook(deps: WebhooksDeps, me: Member, id: number): void {
  const endpoint = endpointOf(deps, me, id);
  deps.db.transaction((tx) => {
    repo.deleteEndpoint(tx, me.workspaceId, id);
    deps.recordEvent(tx, { workspaceId: me.workspaceId, actor: { userId: me.id }, subject: { type: "webhook", id }, kind: "webhook.deleted", summary: endpoint.url });
  });
}

const DELIVERY_LOG_SIZE = 100;

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
  const row = deps.db.transaction((tx) => recordTestEvent(deps, tx, me.workspaceId, endpoint.id));
  return toDeliveryView(repo.findDelivery(deps.db, me.workspaceId, endpoint.id, row.id)!);
}

/**
 * "Resend": the same body with the same webhook-id (receivers drop a copy they already have).
 * A delivery still waiting is tried now; a delivered or failed one gets a new task, behind the
 * endpoint's other waiting deliveries.
 */
export function resendDelivery(deps: Deps, me: Member, id: number, deliveryId: number): DeliveryView {
  const endpoint = endpointOf(deps, me, id);
  refuseDisabled(endpoint);
  const found = repo.findDelivery(deps.db, me.workspaceId, endpoint.id, deliveryId);
  if (!found) throw notFound("Delivery not found");
  deps.db.transaction((tx) => {
    const waiting = found.task ? hurryWaitingTask(tx, found.task.id, deps.clock.now()) : false;
    if (waiting) return;
    const taskId = deliverWebhookJob.enqueue(tx, { deliveryId: found.delivery.id, endpointId: endpoint.id });
    repo.setTask(tx, found.delivery.id, taskId);
  });
  deps.jobs.kick();
  return toDeliveryView(repo.findDelivery(deps.db, me.workspaceId, endpoint.id, deliveryId)!);
}

/** The settings page's data: every endpoint with its latest 20 deliveries. */
export function webhooksPageData(deps: Deps, me: Member) {
  return { webhooks: listWebhooks(deps, me).map((webhook) => ({ webhook, deliveries: repo.listDeliveries(deps.db, me.workspaceId, webhook.id, 20).map(toDeliveryView) })) };
}
