// What placements (issue 58) need of an application: its facts, the move into the closing success
// stage, and whether a stage is that stage (the board offers the placement's form after it).
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { notFound } from "../../lib/errors";
import type { Actor } from "../pipeline-events/record";
import { ensureStages, stagesOf, successStage } from "./stages";
import { moveIn } from "./service";
import * as repo from "./repo";

/** What a placement needs of its application (issue 58), or 404: its job, candidate, owner and stage. */
export function applicationForPlacement(deps: Deps, db: Tx | Deps["db"], workspaceId: number, id: number) {
  const row = repo.findApplication(db, workspaceId, id);
  if (!row) throw notFound("Application not found");
  const stages = stagesOf(deps, workspaceId);
  const placed = successStage(stages);
  return {
    id: row.id,
    participantId: row.participantId,
    jobId: row.jobId,
    ownerUserId: row.ownerUserId,
    stageId: row.stageId,
    placed: !!placed && row.stageId === placed.id,
    placedStage: placed?.name ?? "Placed",
  };
}

/** Moves an application to the closing success stage in `tx` (a placement recorded from the API). */
export function moveToPlaced(deps: Deps, tx: Tx, workspaceId: number, actor: Actor, id: number): void {
  const placed = successStage(ensureStages(deps, tx, workspaceId));
  if (placed) moveIn(deps, tx, workspaceId, actor, id, { stage: placed.id, rejectedReason: null });
}

/** Whether a stage (by id) is the workspace's closing success stage: the board offers the placement form after it. */
export function isSuccessStage(deps: Deps, workspaceId: number, stageId: number): boolean {
  return successStage(stagesOf(deps, workspaceId))?.id === stageId;
}
