import type { Deps } from "../../deps";
import { stagesOf, type Stage } from "./stages";
import * as repo from "./repo";

interface FunnelStage {
  name: string;
  /** Applications in the stage now. */
  now: number;
  /** Applications that reached it (were in it or in a later stage at some time). */
  reached: number;
  /** reached(next) / reached(this), null for the last stage or nobody here. */
  conversion: number | null;
  /** Median days an application spent in the stage (stays still running count up to now), null if none. */
  medianDays: number | null;
}

export interface Funnel {
  stages: FunnelStage[];
  rejected: number;
  total: number;
  /** Median days from application to the last open stage (Placed), null when nobody got there. */
  medianDaysToPlaced: number | null;
  placedName: string;
}

const DAY = 86_400_000;
const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return Math.round((s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) * 10) / 10;
};

/** The funnel of some jobs' applications (one job's board, or a client's jobs), from the moves recorded. */
export function funnelOf(deps: Deps, workspaceId: number, jobIds: number[]): Funnel {
  const stages = stagesOf(deps, workspaceId);
  const open = stages.filter((s) => s.kind === "open");
  const rank = new Map(open.map((s, i) => [s.id, i]));
  const moves = repo.funnelMoves(deps.db, workspaceId, jobIds);
  const now = deps.clock.now().getTime();
  const byApp = new Map<number, typeof moves>();
  for (const m of moves) {
    const list = byApp.get(m.applicationId);
    if (list) list.push(m);
    else byApp.set(m.applicationId, [m]);
  }
  const furthest: number[] = [];
  const stays = new Map<number, number[]>(stages.map((s) => [s.id, []]));
  const current = new Map<number, number>();
  const toPlaced: number[] = [];
  const placed = open.at(-1);
  for (const list of byApp.values()) {
    let best = -1;
    list.forEach((m, i) => {
      best = Math.max(best, rank.get(m.toStageId) ?? -1);
      const until = list[i + 1]?.at ?? now;
      stays.get(m.toStageId)?.push((until - m.at) / DAY);
    });
    const last = list.at(-1)!;
    current.set(last.toStageId, (current.get(last.toStageId) ?? 0) + 1);
    furthest.push(best);
    const reachedPlaced = placed && list.find((m) => m.toStageId === placed.id);
    if (reachedPlaced) toPlaced.push((reachedPlaced.at - list[0]!.at) / DAY);
  }
  const reached = open.map((_, i) => furthest.filter((f) => f >= i).length);
  const rejectedStage: Stage | undefined = stages.find((s) => s.kind === "rejected");
  return {
    stages: open.map((s, i) => ({
      name: s.name,
      now: current.get(s.id) ?? 0,
      reached: reached[i]!,
      conversion: i + 1 < open.length && reached[i]! > 0 ? reached[i + 1]! / reached[i]! : null,
      medianDays: median(stays.get(s.id) ?? []),
    })),
    rejected: rejectedStage ? (current.get(rejectedStage.id) ?? 0) : 0,
    total: byApp.size,
    medianDaysToPlaced: median(toPlaced),
    placedName: placed?.name ?? "Placed",
  };
}
