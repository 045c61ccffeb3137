import type { Deps } from "../../deps";
import { AppError, conflict, notFound } from "../../lib/errors";
import type { SignedIn } from "../auth/service";
import { reassignOne, reassignSchedulingOwner, type HandOverConflict } from "../scheduling/reassign";
import * as repo from "./repo";
import * as membership from "../auth/membership-repo";
import type { TeamDeps } from "./needs";
import { recordActivity } from "./activity";
import { can, requirePermission, type Role } from "../auth/permissions";
import type { MemberView } from "./model";

type Me = SignedIn["user"];

export const LAST_OWNER_MESSAGE = "A workspace needs an owner: make another member owner first.";

const memberView = (m: repo.MemberRow): MemberView => ({ id: m.id, name: m.name, email: m.email, role: m.role, createdAt: m.createdAt.toISOString() });

/** GET /api/workspace/members: every active member of the caller's workspace. */
export function listMembers(deps: Deps, me: Me): MemberView[] {
  requirePermission(me, "members.read");
  return repo.listMembers(deps.db, me.workspaceId).map(memberView);
}

/** A member of the workspace, or 404 (another workspace's member is not found either). */
export function requireMember(deps: Deps, workspaceId: number, id: number, what = "Member not found") {
  const m = repo.findMember(deps.db, workspaceId, id);
  if (!m) throw notFound(what);
  return m;
}

/** Only an owner may make an owner or change an owner's role. */
function guardOwnerChange(me: Me, target: { role: string }, newRole?: Role) {
  if (me.role !== "owner" && (target.role === "owner" || newRole === "owner")) {
    throw new AppError("forbidden", 403, "Only an owner can change an owner or make one.");
  }
}

/** PATCH /api/workspace/members/{id} {role}. The last owner cannot be demoted. */
export function changeRole(deps: Deps, me: Me, id: number, role: Role): MemberView {
  requirePermission(me, "members.update");
  const target = requireMember(deps, me.workspaceId, id);
  guardOwnerChange(me, target, role);
  if (target.role === role) return memberView(target);
  deps.db.transaction((tx) => {
    if (target.role === "owner" && repo.countOwners(tx, me.workspaceId) <= 1) throw conflict(LAST_OWNER_MESSAGE);
    membership.setRole(tx, id, role);
    // Keys are made by those who may manage them: a member who no longer may keeps none (issue 37).
    if (!can({ role }, "apiKeys.manage")) membership.revokeApiKeysOf(tx, id, deps.clock.now());
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "member.role_changed", objectType: "member", objectId: id, summary: `${target.email}: ${target.role} → ${role}` });
  });
  return memberView({ ...target, role });
}

/**
 * DELETE /api/workspace/members/{id}: the member's sessions end at once; their candidates,
 * scheduling sessions and interviews stay in the workspace, handed to `reassignTo` when given.
 * A member may leave (remove themself) whatever their role; the last owner cannot.
 */
export function removeMember(deps: TeamDeps, me: Me, id: number, reassignTo?: number): { success: true; reassigned: { sessions: number; interviews: number }; conflicts: HandOverConflict[] } {
  const self = id === me.id;
  if (!self) requirePermission(me, "members.remove");
  const target = requireMember(deps, me.workspaceId, id);
  if (!self) guardOwnerChange(me, target);
  if (reassignTo !== undefined) {
    if (reassignTo === id) throw new AppError("validation_failed", 400, "Choose another member to take over", { reassignTo: "Choose another member to take over" });
    requireMember(deps, me.workspaceId, reassignTo, "The member to take over was not found");
  }
  const { conflicts, ...reassigned } = deps.db.transaction((tx) => {
    if (target.role === "owner" && repo.countOwners(tx, me.workspaceId) <= 1) throw conflict(LAST_OWNER_MESSAGE);
    membership.removeFromWorkspace(tx, id, deps.clock.now());
    const moved = reassignTo ? reassignSchedulingOwner(deps, tx, { workspaceId: me.workspaceId, fromUserId: id, toUserId: reassignTo }) : { sessions: 0, interviews: 0, conflicts: [] };
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: self ? "member.left" : "member.removed", objectType: "member", objectId: id, summary: target.email });
    deps.memberLeaving.inTransaction(tx, id);
    return moved;
  });
  deps.memberLeaving.afterCommit(id);
  return { success: true, reassigned, conflicts };
}

/**
 * POST /api/workspace/members/{id}/reassign {to}: hands a (former) member's sessions and
 * interviews to a member. Interviews that would overlap the new interviewer's stay and are
 * answered as conflicts: {moved: {sessions, interviews}, conflicts}.
 */
export function reassignAll(deps: Deps, me: Me, fromId: number, to: number) {
  requirePermission(me, "records.reassign");
  requireMember(deps, me.workspaceId, to, "The member to take over was not found");
  return deps.db.transaction((tx) => {
    const { conflicts, ...moved } = reassignSchedulingOwner(deps, tx, { workspaceId: me.workspaceId, fromUserId: fromId, toUserId: to });
    recordActivity(deps, tx, {
      workspaceId: me.workspaceId,
      userId: me.id,
      action: "records.reassigned",
      objectType: "member",
      objectId: fromId,
      summary: `${moved.sessions} sessions and ${moved.interviews} interviews to member ${to}`,
    });
    return { moved, conflicts };
  });
}

/** PATCH /api/workspace/{sessions|interviews}/{id}/owner {to}: one session or interview to another member. */
export function reassignRecord(deps: Deps, me: Me, kind: "session" | "interview", id: string, to: number) {
  requirePermission(me, "records.reassign");
  requireMember(deps, me.workspaceId, to, "The member to take over was not found");
  deps.db.transaction((tx) => {
    const r = reassignOne(deps, tx, { workspaceId: me.workspaceId, kind, id, toUserId: to });
    if (r === "missing") throw notFound(kind === "session" ? "Scheduling session not found" : "Interview not found");
    if (r === "busy") throw conflict("That member already has an interview at this time.");
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: `${kind}.reassigned`, objectType: kind, objectId: id, summary: `to member ${to}` });
  });
  return { success: true as const };
}

// ---- invitations --------------------------------------------------------------------------

export function workspaceOwners(deps: Deps, workspaceId: number) {
  return repo.ownerRows(deps.db, workspaceId);
}

export function listWorkspaces(deps: Deps) {
  return repo.listWorkspaces(deps.db);
}

/** The workspace's name (the agency's, in e-mails it sends). */
export function workspaceNameOf(deps: Deps, workspaceId: number): string {
  return repo.workspaceName(deps.db, workspaceId);
}
