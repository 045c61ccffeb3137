// The one place the agency pipeline's features (clients, applications, e-mail templates,
// feedback) record what happened, through the workspace's one event record (decision 0029): the
// activity log, the candidate's timeline and the outgoing webhooks, all in the change's own
// transaction. An event about a candidate is theirs (its subject), so it is on their timeline
// and goes with them on erasure; what it was done to is kept in its data.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor } from "../events/record";
import type { EventType } from "../webhooks/record";

export type { Actor } from "../events/record";

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
  const aboutCandidate = e.candidateId != null;
  recordEvent(deps, tx, {
    workspaceId: e.workspaceId,
    actor: e.actor,
    subject: aboutCandidate ? { type: "candidate", id: e.candidateId! } : e.subject,
    kind: e.kind,
    summary: e.summary,
    data: { ...e.data, ...(aboutCandidate ? { about: e.subject, text: e.timeline ?? e.summary } : {}) },
    webhooks: e.webhooks,
  });
}
