import { Webhook } from "standardwebhooks";
import type { Deps } from "../../deps";
import { NotYet, PermanentFailure, type WorkFailure } from "../../lib/work-queue";
import type { Writer } from "../../lib/mail";
import { publicFetch, BlockedAddressError, workspaceUrlPolicy } from "../../lib/public-fetch";
import { DELIVER_WORK } from "./record";
import * as repo from "./repo";

/** Per try; the work queue's own limit (30 s) is above it, so the row always says why. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * A delivery behind an unfinished earlier one is woken when that one is done; this is only the
 * safety net (a wake lost with a crash, or written by another process).
 */
const RECHECK_MS = 60_000;

/** Registers the delivery worker with the work queue (app.ts), with its failure mirror. */
export function registerWebhookWork(deps: Deps): void {
  deps.work.register(DELIVER_WORK, (p) => deliver(deps, Number(p.deliveryId)), {
    onFailure: (p, failure) => afterFailedTry(deps, Number(p.deliveryId), failure),
  });
}

/**
 * One try of one delivery: POST the stored body, signed now (Standard Webhooks: the signature
 * covers id.timestamp.body, the timestamp is the try's). 2xx delivers; 410 Gone disables the
 * endpoint; anything else throws, and the work queue tries again with its backoff. A delivery
 * waits while an earlier one to the same endpoint is unfinished, so a receiver gets them in
 * the order the events happened.
 */
export async function deliver(deps: Deps, deliveryId: number): Promise<void> {
  const found = repo.deliveryToSend(deps.db, deliveryId);
  if (!found) return; // the endpoint was deleted
  const { delivery: d, endpoint } = found;
  if (d.status === "delivered" || d.status === "failed") return;
  if (endpoint.disabledAt) {
    finish(deps, d, { status: "failed", lastError: "The endpoint is disabled" });
    return;
  }
  const before = repo.earlierUnfinished(deps.db, d.endpointId, d.id);
  if (before) {
    // Until just after the earlier one's next try, or a while when it is in flight (it wakes this one when done).
    const now = deps.clock.now().getTime();
    const retryAt = before.nextAttemptAt?.getTime() ?? 0;
    throw new NotYet(new Date(retryAt > now ? retryAt + 1000 : now + RECHECK_MS));
  }
  // The wall clock, not deps.clock: the receiver checks this timestamp against its own clock
  // (Standard Webhooks: within 5 minutes) to refuse replays; it says when the bytes left.
  const sentAt = new Date();
  const signature = new Webhook(deps.secrets.open(endpoint.secretSealed)).sign(d.webhookId, sentAt, d.payload);
  let res: Response;
  try {
    res = await publicFetch(endpoint.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Frank-Webhooks/1",
        "webhook-id": d.webhookId,
        "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      body: d.payload,
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    }, workspaceUrlPolicy(deps.config));
  } catch (e) {
    // A refused target says only that (no refused/unknown/timeout detail that would map a private network).
    const message = e instanceof BlockedAddressError ? e.message : e instanceof Error && e.name === "TimeoutError" ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : `Could not connect: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300);
    repo.countAttempt(deps.db, d.id, { statusCode: null, lastError: message });
    throw new Error(message);
  }
  // The answer's body is not needed: drop it so the connection can be reused.
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) {
    deps.db.transaction((tx) => {
      repo.countAttempt(tx, d.id, { statusCode: res.status, lastError: null });
      finish(deps, d, { status: "delivered", deliveredAt: deps.clock.now() }, tx);
    });
    return;
  }
  if (res.status === 410) {
    const message = "410 Gone: the endpoint was disabled";
    deps.db.transaction((tx) => {
      repo.countAttempt(tx, d.id, { statusCode: 410, lastError: message });
      repo.disableEndpoint(tx, endpoint.id, deps.clock.now());
      finish(deps, d, { status: "failed" }, tx);
    });
    throw new PermanentFailure(message);
  }
  const message = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`.slice(0, 300);
  repo.countAttempt(deps.db, d.id, { statusCode: res.status, lastError: message });
  throw new Error(message);
}

/** The work queue recorded a failed try: the delivery shows the same state and next time. */
function afterFailedTry(deps: Deps, deliveryId: number, failure: WorkFailure): void {
  const found = repo.deliveryToSend(deps.db, deliveryId);
  if (!found || found.delivery.status === "delivered") return;
  if (failure.status === "retrying") {
    repo.updateDelivery(deps.db, deliveryId, { status: "retrying", nextAttemptAt: failure.nextAttemptAt });
    return;
  }
  deps.db.transaction((tx) => finish(deps, found.delivery, { status: "failed" }, tx));
}

/** A delivery is done (either way): the next one to its endpoint need not wait any longer. */
function finish(deps: Deps, d: repo.DeliveryRow, v: { status: "delivered" | "failed"; deliveredAt?: Date; lastError?: string }, tx: Writer = deps.db): void {
  repo.updateDelivery(tx, d.id, { ...v, nextAttemptAt: null });
  const next = repo.nextUnfinished(tx, d.endpointId, d.id);
  if (next?.workItemId) deps.work.wake(tx, next.workItemId);
}
