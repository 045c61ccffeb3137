// Who belongs to a workspace, for the features that need a member without the team's rules
// (scheduling's interviewers): accounts are auth's, so asking here keeps team out of their graph.
import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import * as repo from "./membership-repo";
import { memberZone } from "../../lib/time-zone";
import { workspaceZone } from "./workspace-site";

export function workspaceMembers(deps: Deps, workspaceId: number) {
  return repo.activeMembers(deps.db, workspaceId);
}

/** A current member of the workspace, or 404 (another workspace's member is not found either). */
export function requireWorkspaceMember(deps: Deps, workspaceId: number, id: number, what = "Member not found") {
  const m = repo.activeMember(deps.db, workspaceId, id);
  if (!m) throw notFound(what);
  return m;
}

/** The zone a member reads times in: their own, else the workspace's (issue 60); the workspace's for nobody. */
export function zoneOfMember(deps: Deps, workspaceId: number, userId: number | null): string {
  const member = userId ? repo.activeMember(deps.db, workspaceId, userId) : undefined;
  return memberZone({ timeZone: member?.timeZone, workspaceTimeZone: workspaceZone(deps, workspaceId) });
}
