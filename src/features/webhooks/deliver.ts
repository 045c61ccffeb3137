import { Webhook } from "standardwebhooks";
import type { Deps } from "../../deps";
import { PermanentFailure, type JobContext } from "../../lib/jobs";
import { publicFetch, BlockedAddressError, workspaceUrlPolicy } from "../../lib/public-fetch";
import * as repo from "./repo";

/** Per try; the task's own limit (30 s) is above it, so the log always says why. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * One try of one delivery (the `webhooks.deliver` task): POST the stored body, signed now
 * (Standard Webhooks: the signature covers id.timestamp.body, the timestamp is the try's).
 * 2xx delivers; 410 Gone disables the endpoint and fails for good; anything else throws and the
 * task is tried again with backoff. Every try is kept in the delivery's log, written only while
 * this try still holds the task's lease. Order per endpoint is the task's serial key.
 */
export async function deliver(deps: Deps, deliveryId: number, ctx: Pick<JobContext, "signal" | "whileLeased">): Promise<void> {
  const found = repo.deliveryToSend(deps.db, deliveryId);
  if (!found) return; // the endpoint was deleted
  const { delivery: d, endpoint } = found;
  if (endpoint.disabledAt) throw new PermanentFailure("The endpoint is disabled");
  // The wall clock, not deps.clock: the receiver checks this timestamp against its own clock
  // (Standard Webhooks: within 5 minutes) to refuse replays; it says when the bytes left.
  const sentAt = new Date();
  const signature = new Webhook(deps.secrets.open(endpoint.secretSealed)).sign(d.webhookId, sentAt, d.payload);
  const started = performance.now();
  const attempt = (statusCode: number | null, error: string | null): repo.Attempt => ({ at: deps.clock.now().toISOString(), statusCode, error, durationMs: Math.round(performance.now() - started) });
  let res: Response;
  try {
    res = await publicFetch(
      endpoint.url,
      {
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
        signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(DELIVERY_TIMEOUT_MS)]),
      },
      workspaceUrlPolicy(deps.config),
    );
  } catch (e) {
    // A refused target says only that (no refused/unknown/timeout detail that would map a private network).
    const message =
      e instanceof BlockedAddressError
        ? e.message
        : e instanceof Error && e.name === "TimeoutError"
          ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s`
          : `Could not connect: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300);
    await ctx.whileLeased((tx) => repo.appendAttempt(tx, d.id, attempt(null, message)));
    throw new Error(message);
  }
  // The answer's body is not needed: drop it so the connection can be reused.
  await res.body?.cancel().catch(() => {});
  if (res.status >= 200 && res.status < 300) {
    await ctx.whileLeased((tx) => repo.appendAttempt(tx, d.id, attempt(res.status, null)));
    return;
  }
  if (res.status === 410) {
    const message = "410 Gone: the endpoint was disabled";
    await ctx.whileLeased((tx) => {
      repo.appendAttempt(tx, d.id, attempt(410, message));
      repo.disableEndpoint(tx, endpoint.id, deps.clock.now());
    });
    throw new PermanentFailure(message);
  }
  const message = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ""}`.slice(0, 300);
  await ctx.whileLeased((tx) => repo.appendAttempt(tx, d.id, attempt(res.status, message)));
  throw new Error(message);
}
