// Where applications came from (issue 56 item 5) and how far those of each source got, read from
// each application's `reached` summary (decision 57): /jobs, the job's Posting page, the candidate
// list's Source filter.
import type { Deps } from "../../deps";
import { stagesOf } from "./stages";
import { furthestPosition } from "./reached";
import * as repo from "./repo";

/** Added by a member, imported, or from a CV: the sources report's name too. */
const DIRECT = "Direct";

export interface SourceCounts {
  /** As the sources report names it: the application's own source, else the candidate's campaign, else "Direct". */
  source: string;
  /** An application's own source (the candidate list filters by it); false for a campaign's name or "Direct". */
  own: boolean;
  count: number;
  /** Per open stage in order: how many got at least that far (the furthest stage each ever reached). */
  stages: { name: string; reached: number }[];
}

/**
 * Where applications came from (issue 56 item 5): per job, per source, how many and how far each
 * got, stage by stage, from each application's `reached` summary (decision 57). One job, or all.
 */
export function applicationsBySourcePerJob(deps: Deps, workspaceId: number, jobId?: number): Map<number, SourceCounts[]> {
  const open = stagesOf(deps, workspaceId).filter((s) => s.kind === "open");
  const positions = new Map(open.map((s) => [s.id, s.position]));
  const out = new Map<number, Map<string, SourceCounts>>();
  for (const r of repo.reachBySource(deps.db, workspaceId, jobId)) {
    const job = out.get(r.jobId) ?? out.set(r.jobId, new Map()).get(r.jobId)!;
    const key = r.source ?? r.campaign ?? DIRECT;
    const row = job.get(key) ?? job.set(key, { source: key, own: false, count: 0, stages: open.map((s) => ({ name: s.name, reached: 0 })) }).get(key)!;
    row.own ||= r.source !== null;
    row.count += r.n;
    const furthest = furthestPosition(r.reached, positions);
    open.forEach((s, i) => {
      if (furthest !== null && furthest >= s.position) row.stages[i]!.reached += r.n;
    });
  }
  return new Map([...out].map(([id, m]) => [id, [...m.values()].sort((a, b) => b.count - a.count || a.source.localeCompare(b.source))]));
}

/** One job's applications by source and how far each got (the job's page). */
export function applicationsBySource(deps: Deps, workspaceId: number, jobId: number): SourceCounts[] {
  return applicationsBySourcePerJob(deps, workspaceId, jobId).get(jobId) ?? [];
}

/** The sources applications came from, most used first (the candidate list's Source filter). */
export function applicationSources(deps: Deps, workspaceId: number): string[] {
  return repo.sourcesSeen(deps.db, workspaceId);
}
