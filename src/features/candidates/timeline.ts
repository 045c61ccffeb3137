// The candidate's own history, read from the event record (decision 0029): each event of the
// candidate becomes the timeline's entries (applied, applied_again, stage, edited, merged, imported).
import type { EventRow } from "../events/views";

export interface CandidateEvent {
  kind: string;
  at: string;
  detail: Record<string, unknown>;
  userId: number | null;
}

function parse(s: string): Record<string, unknown> {
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

/** The id of the scorecard an event is about (feedback given, then changed): one line per scorecard. */
function scorecardOf(r: EventRow): number | null {
  if (!r.kind.startsWith("feedback.")) return null;
  const id = parse(r.data).feedbackId;
  return typeof id === "number" ? id : null;
}

export function timelineOf(all: EventRow[]): CandidateEvent[] {
  // A scorecard changed later keeps one line: the latest event about it (its latest answer).
  const latest = new Map<number, EventRow>();
  for (const r of all) {
    const id = scorecardOf(r);
    if (id !== null) latest.set(id, r);
  }
  const rows = all.filter((r) => {
    const id = scorecardOf(r);
    return id === null || latest.get(id) === r;
  });
  return rows.flatMap((r) => {
    const { legacy: _legacy, ...d } = parse(r.data);
    const at = r.createdAt.toISOString();
    const entry = (kind: string, detail: Record<string, unknown>): CandidateEvent => ({ kind, at, detail, userId: r.userId });
    const stage = d.stage as { from: number; to: number } | undefined;
    const byCandidate = d.source === "visitor";
    const stageEntry = stage ? [entry("stage", byCandidate ? { from: stage.from, to: stage.to, by: "candidate" } : { from: stage.from, to: stage.to })] : [];
    const via = { campaignId: d.campaignId ?? null, jobId: d.jobId ?? null };
    const fields = ((d.fields as string[] | undefined) ?? []).filter((f) => f !== "stages");
    switch (r.kind) {
      case "candidate.created":
        return [entry("applied", via)];
      case "candidate.applied_again":
        return [entry("applied_again", via), ...stageEntry];
      case "candidate.updated":
      case "candidate.stage_changed":
        return [...stageEntry, ...(fields.length && !byCandidate ? [entry("edited", { fields })] : [])];
      case "candidate.created_from_cv":
        return [entry("imported", { fromCv: true, fileId: d.fileId ?? null })];
      case "candidate.imported_row":
        return [entry("imported", d.updated ? { updated: true, fields: d.fields ?? [] } : {})];
      case "candidate.merged":
        return [entry("merged", { mergedIds: d.mergedIds ?? [], count: d.count ?? 0 })];
      default:
        // The pipeline's events about the candidate (a stage move, a stage e-mail, feedback) carry their line.
        return typeof d.text === "string" ? [entry(r.kind, d)] : [];
    }
  });
}
