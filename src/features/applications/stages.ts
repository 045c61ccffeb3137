import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import * as repo from "./repo";

/** The pipeline a workspace starts with (issue 38): five open stages and the closing Rejected. */
const DEFAULT_STAGES = ["Applied", "Screening", "Interview", "Offer", "Placed"] as const;
const REJECTED = "Rejected";
const DEFAULT_REJECT_REASONS = ["Not a fit", "Withdrew", "Salary", "Position filled", "No response"];

export interface Stage {
  id: number;
  name: string;
  position: number;
  kind: "open" | "rejected";
}

const toStage = (r: repo.StageRow): Stage => ({ id: r.id, name: r.name, position: r.position, kind: r.kind });

/**
 * The workspace's stages in order, Rejected last. A workspace made after the migration gets the
 * defaults on first use, in the caller's transaction (two requests at once: SQLite runs the
 * synchronous transactions one after the other, so the second finds the first's rows).
 */
export function ensureStages(deps: Deps, tx: Tx, workspaceId: number): Stage[] {
  let rows = repo.stagesOf(tx, workspaceId);
  if (!rows.length) {
    repo.insertStages(tx, [
      ...DEFAULT_STAGES.map((name, position) => ({ workspaceId, name, position, kind: "open" as const })),
      { workspaceId, name: REJECTED, position: DEFAULT_STAGES.length, kind: "rejected" as const },
    ]);
    rows = repo.stagesOf(tx, workspaceId);
  }
  return rows.map(toStage);
}

/** The stages for reading: the defaults are written on first read too, so ids are stable. */
export function stagesOf(deps: Deps, workspaceId: number): Stage[] {
  const rows = repo.stagesOf(deps.db, workspaceId);
  if (rows.length) return rows.map(toStage);
  return deps.db.transaction((tx) => ensureStages(deps, tx, workspaceId));
}

export function rejectReasons(deps: Deps, workspaceId: number, db: Tx | Deps["db"] = deps.db): string[] {
  const raw = repo.rejectReasonsOf(db, workspaceId);
  if (!raw) return [...DEFAULT_REJECT_REASONS];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.map(String) : [...DEFAULT_REJECT_REASONS];
  } catch {
    return [...DEFAULT_REJECT_REASONS];
  }
}

/** A stage by its name (any case) or its id, or undefined. */
export function findStage(stages: Stage[], key: string | number): Stage | undefined {
  if (typeof key === "number" || /^\d+$/.test(String(key))) {
    const byId = stages.find((s) => s.id === Number(key));
    if (byId) return byId;
  }
  const k = String(key).trim().toLowerCase();
  return stages.find((s) => s.name.toLowerCase() === k);
}

/** The closing success stage (Placed by default): the last open stage, as the funnel reads it. */
export function successStage(stages: Stage[]): Stage | undefined {
  return stages.filter((s) => s.kind === "open").at(-1);
}
