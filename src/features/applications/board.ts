import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { nextInterviews } from "../scheduling/candidate-records";
import { rejectReasons, stagesOf, type Stage } from "./stages";
import * as repo from "./repo";

/** Cards shown per column before "Show all": a column of hundreds is read by its count and a search, not by scrolling. */
export const CARDS_PER_COLUMN = 50;

export interface BoardCard {
  id: number;
  candidateId: number;
  name: string;
  city: string | null;
  daysInStage: number;
  rejectedReason: string | null;
  nextInterview: { publicId: string; startTime: string } | null;
  feedback: string | null;
}

export interface BoardColumn {
  stage: Stage;
  count: number;
  cards: BoardCard[];
  /** Cards left out (see CARDS_PER_COLUMN); `?column=<stage id>` shows them all. */
  hidden: number;
}

/** What summarises each application's interview feedback (item 6), wired by app.ts. */
export type FeedbackSummaries = (workspaceId: number, candidateIds: number[]) => Map<number, string>;

/** /jobs/{id}: the job, its stages as columns with counts and cards, and the reasons for Rejected. */
export function loadBoard(deps: Deps, workspaceId: number, jobId: number, opts: { column?: number; feedback?: FeedbackSummaries } = {}) {
  const job = getJob(deps, workspaceId, jobId);
  const stages = stagesOf(deps, workspaceId);
  const rows = repo.applicationsOfJob(deps.db, workspaceId, jobId);
  const interviews = nextInterviews(deps, workspaceId);
  const feedback = opts.feedback?.(workspaceId, rows.map((r) => r.a.participantId)) ?? new Map<number, string>();
  const now = deps.clock.now().getTime();
  const byStage = new Map<number, BoardCard[]>(stages.map((s) => [s.id, []]));
  for (const r of rows) {
    byStage.get(r.a.stageId)?.push({
      id: r.a.id,
      candidateId: r.a.participantId,
      name: r.name ?? "Unnamed candidate",
      city: r.city,
      daysInStage: Math.max(0, Math.floor((now - r.a.movedAt.getTime()) / 86_400_000)),
      rejectedReason: r.a.rejectedReason,
      nextInterview: interviews.get(r.a.participantId) ?? null,
      feedback: feedback.get(r.a.participantId) ?? null,
    });
  }
  const columns: BoardColumn[] = stages.map((stage) => {
    const all = byStage.get(stage.id) ?? [];
    const limit = opts.column === stage.id ? all.length : CARDS_PER_COLUMN;
    return { stage, count: all.length, cards: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
  });
  return { job, columns, stages, rejectReasons: rejectReasons(deps, workspaceId), total: rows.length };
}
export type BoardData = ReturnType<typeof loadBoard>;
