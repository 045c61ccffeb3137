// The one place the agency pipeline's features (clients, applications, e-mail templates,
// feedback) record what happened: the workspace's activity log, the candidate's timeline and the
// outgoing webhooks, all in the change's own transaction. Its shape is the coming event record's
// (`recordEvent(deps, tx, {workspaceId, actor, subject, kind, summary, data, webhooks})`), so when
// that lands this one function is pointed at it and the callers stay as they are.
// It imports only features that import none of the pipeline's, so any of them may import it.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordActivity } from "../team/activity";
import { recordEventIn as recordTimeline } from "../candidates/service-records";
import { recordEvent as queueWebhook, type EventType } from "../webhooks/record";

/** Who made the change: a member, or nobody (a candidate's own step, the system). */
export type Actor = { userId: number } | "candidate" | "system";

export interface PipelineEvent {
  workspaceId: number;
  actor: Actor;
  subject: { type: string; id: string | number | null };
  /** `<subject>.<verb>`: application.stage_changed, client.created, email_template.sent, feedback.given… */
  kind: string;
  /** The activity log's line: no candidate's name or e-mail (erasure leaves the log as it is). */
  summary: string;
  data?: Record<string, unknown>;
  /** The candidate it is about: `timeline` goes on their timeline (erased with them). */
  candidateId?: number | null;
  timeline?: string;
  webhooks?: { type: EventType; data: Record<string, unknown> | (() => Record<string, unknown>); candidateId?: number | null }[];
}

export function recordPipelineEvent(deps: Deps, tx: Tx, e: PipelineEvent): void {
  const userId = typeof e.actor === "object" ? e.actor.userId : null;
  recordActivity(deps, tx, { workspaceId: e.workspaceId, userId, action: e.kind, objectType: e.subject.type, objectId: e.subject.id, summary: e.summary });
  if (e.candidateId) recordTimeline(deps, tx, e.workspaceId, e.candidateId, e.kind, { ...e.data, text: e.timeline ?? e.summary }, userId);
  for (const w of e.webhooks ?? []) queueWebhook(deps, tx, e.workspaceId, w.type, w.data, { candidateId: w.candidateId ?? null });
}
