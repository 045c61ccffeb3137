import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import * as repo from "./repo";
import type { Participant } from "./model";
import { toParticipant } from "./participant-view";

/** One candidate of the workspace (404 for another workspace's id): apart from the service, so a reader of a CV upload or a booking opens only this. */
export function getParticipant(deps: Deps, workspaceId: number, id: number): Participant {
  const row = repo.findParticipant(deps.db, workspaceId, id);
  if (!row) throw notFound("Candidate not found");
  return toParticipant(row);
}
