// The one writer of the workspace's event record (decision 0029). Every state change calls
// recordEvent with its own transaction; the activity log and the candidate's timeline read the
// rows, and the webhook deliveries it names are queued in the same transaction.
// It imports only the webhooks feature's record.ts (which imports no feature), so any feature may
// import this file without making a cycle.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent as queueWebhook, type EventType } from "../webhooks/record";
import type { Actor, EventInput } from "../../lib/event-recorder";
import * as repo from "./repo";

export type { Actor } from "../../lib/event-recorder";

/** A signed-in request's actor (`me` of the auth guard). */
export function memberActor(me: { user: { id: number }; apiKey?: { id: number } | null }): Actor {
  return { userId: me.user.id, apiKeyId: me.apiKey?.id ?? null };
}

/** A webhook delivery this event causes: the type an endpoint subscribes to and its payload's data. */
export interface WebhookJob {
  type: EventType;
  data: Record<string, unknown> | (() => Record<string, unknown>);
  candidateId?: number | null;
}

export interface NewEvent extends EventInput {
  webhooks?: WebhookJob[];
}

function actorColumns(actor: Actor) {
  if (typeof actor === "string") return { actor, userId: null, actorKeyId: null };
  return actor.apiKeyId ? { actor: "api_key" as const, userId: actor.userId, actorKeyId: actor.apiKeyId } : { actor: "user" as const, userId: actor.userId, actorKeyId: null };
}

/** Writes the event's row and queues its webhook deliveries, all in `tx`. Returns the row's id. */
export function recordEvent(deps: Deps, tx: Tx, e: NewEvent): number {
  const id = repo.insert(tx, {
    workspaceId: e.workspaceId,
    ...actorColumns(e.actor),
    subjectType: e.subject.type,
    subjectId: e.subject.id == null ? null : String(e.subject.id),
    kind: e.kind,
    summary: e.summary ?? null,
    data: JSON.stringify(e.data ?? {}),
    createdAt: e.at ?? deps.clock.now(),
  });
  for (const w of e.webhooks ?? []) queueWebhook(deps, tx, e.workspaceId, w.type, w.data, { candidateId: w.candidateId ?? null });
  return id;
}
