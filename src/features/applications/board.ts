import type { Deps } from "../../deps";
import { getJob } from "../jobs/service";
import { nextInterviews } from "../scheduling/candidate-records";
import { rejectReasons, stagesOf, type Stage } from "./stages";
import * as repo from "./repo";

/** Cards shown per column before "Show all": a column of hundreds is read by its count and a search, not by scrolling. */
const CARDS_PER_COLUMN = 30;

export interface BoardCard {
  id: number;
  candidateId: number;
  name: string;
  city: string | null;
  daysInStage: number;
  rejectedReason: string | null;
  nextInterview: { publicId: string; startTime: string } | null;
  feedback: string | null;
  /** Where the application came from, and what the recruiter should look at (a knock-out answer). */
  source: string | null;
  flags: string[];
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
  const rows = repo.boardRows(deps.db, workspaceId, jobId);
  const now = deps.clock.now().getTime();
  // Counted over every row; only the cards shown are built (and only their people looked up).
  const byStage = new Map<number, typeof rows>(stages.map((s) => [s.id, []]));
  for (const r of rows) byStage.get(r.stageId)?.push(r);
  const shown = stages.map((stage) => {
    const all = byStage.get(stage.id) ?? [];
    return { stage, all, rows: all.slice(0, opts.column === stage.id ? all.length : CARDS_PER_COLUMN) };
  });
  const people = shown.flatMap((c) => c.rows.map((r) => r.participantId));
  const interviews = nextInterviews(deps, workspaceId);
  const feedback = opts.feedback?.(workspaceId, people) ?? new Map<number, string>();
  const columns: BoardColumn[] = shown.map(({ stage, all, rows: cards }) => ({
    stage,
    count: all.length,
    hidden: all.length - cards.length,
    cards: cards.map((r) => ({
      id: r.id,
      candidateId: r.participantId,
      name: r.name ?? "Unnamed candidate",
      city: r.city,
      daysInStage: Math.max(0, Math.floor((now - r.movedAt) / 86_400_000)),
      rejectedReason: r.rejectedReason,
      nextInterview: interviews.get(r.participantId) ?? null,
      feedback: feedback.get(r.participantId) ?? null,
      source: r.source,
      flags: flagsOf(r.flags),
    })),
  }));
  return { job, columns, stages, rejectReasons: rejectReasons(deps, workspaceId), total: rows.length };
}
export type BoardData = ReturnType<typeof loadBoard>;

function flagsOf(raw: string | null): string[] {
  try {
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}
