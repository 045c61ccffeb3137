import type { Tx } from "../db/tx";

// The shape of the workspace's event record as the features that cannot import the events
// feature see it (auth and webhooks: the events feature queues webhook deliveries, and both are
// below it). The composition root hands them the recorder; the events feature owns the rows.

/** Who made the change: a member (by session or by API key), or no member at all. */
export type Actor = { userId: number; apiKeyId?: number | null } | "candidate" | "system" | "calendar";

export interface EventInput {
  workspaceId: number;
  actor: Actor;
  subject: { type: string; id: string | number | null };
  /** `<subject>.<verb>`, e.g. candidate.updated, api_key.created, member.signed_in. */
  kind: string;
  /** The activity log's one line (no personal data beyond what members see anyway). */
  summary?: string | null;
  data?: Record<string, unknown>;
  at?: Date;
}

/** Writes one event in the change's transaction. */
export type EventRecorder = (tx: Tx, e: EventInput) => void;
