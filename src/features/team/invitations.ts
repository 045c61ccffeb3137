import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { AppError, conflict, notFound } from "../../lib/errors";
import { hashPassword, randomToken, sha256 } from "../../lib/crypto";
import { findUserByEmail, type SignedIn } from "../auth/service";
import * as repo from "./repo";
import * as membership from "../auth/membership-repo";
import { recordActivity } from "./activity";
import { requirePermission, type Role } from "../auth/permissions";
import { AcceptInput, type InvitationView } from "./model";
import { parseInput } from "../../lib/validate";
import { InvitationEmail } from "./emails/invitation-email";
import { workspaceZone } from "../auth/workspace-site";
import { formatDateTime } from "../../lib/when";
import { LAST_OWNER_MESSAGE } from "./service";

type Me = SignedIn["user"];

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invitationView = (r: repo.InvitationRow, now: Date): InvitationView => ({
  id: r.id,
  email: r.email,
  role: r.role,
  status: r.expiresAt.getTime() > now.getTime() ? "pending" : "expired",
  expiresAt: r.expiresAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

function sendInvitation(deps: Deps, tx: Tx, me: Me, inv: { email: string; role: string; expiresAt: Date }, token: string) {
  const url = `${deps.config.APP_URL}/invite/${encodeURIComponent(token)}`;
  const workspaceName = repo.workspaceName(tx, me.workspaceId);
  deps.mail.enqueue(tx, {
    to: inv.email,
    subject: `Join ${workspaceName} on Frank`,
    workspaceId: me.workspaceId,
    email: InvitationEmail({ inviterName: me.name, workspaceName, role: inv.role, url, expires: formatDateTime(inv.expiresAt, workspaceZone(deps, me.workspaceId)) }),
  });
}

/** POST /api/workspace/invitations {email, role}: the link is random, stored hashed, valid 7 days, and goes out by e-mail (written in the same transaction). */
export function invite(deps: Deps, me: Me, input: { email: string; role: Role }): InvitationView {
  requirePermission(me, "invitations.create");
  if (input.role === "owner" && me.role !== "owner") throw new AppError("forbidden", 403, "Only an owner can invite an owner.");
  const now = deps.clock.now();
  const existing = findUserByEmail(deps, input.email);
  if (existing && existing.workspaceId === me.workspaceId && !existing.removedAt) throw conflict("This person is already a member of the workspace.");
  if (repo.pendingInvitationFor(deps.db, me.workspaceId, input.email, now)) throw conflict("This person already has a pending invitation. Resend it instead.");
  const token = randomToken(32);
  const row = deps.db.transaction((tx) => {
    const inv = repo.insertInvitation(tx, {
      workspaceId: me.workspaceId,
      email: input.email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy: me.id,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      createdAt: now,
    });
    sendInvitation(deps, tx, me, inv, token);
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "member.invited", objectType: "invitation", objectId: inv.id, summary: `${input.email} as ${input.role}` });
    return inv;
  });
  return invitationView(row, now);
}

export function listInvitations(deps: Deps, me: Me): InvitationView[] {
  requirePermission(me, "invitations.read");
  const now = deps.clock.now();
  return repo.listInvitations(deps.db, me.workspaceId).map((r) => invitationView(r, now));
}

/** GET /api/workspace/invitations/{id}: one pending invitation of the workspace. */
export function getInvitation(deps: Deps, me: Me, id: number): InvitationView {
  requirePermission(me, "invitations.read");
  return invitationView(pendingInvitation(deps, me, id), deps.clock.now());
}

function pendingInvitation(deps: Deps, me: Me, id: number) {
  const inv = repo.findInvitation(deps.db, me.workspaceId, id);
  if (!inv || inv.acceptedAt || inv.revokedAt) throw notFound("Invitation not found");
  return inv;
}

/** DELETE /api/workspace/invitations/{id}: the link stops working at once. */
export function revokeInvitation(deps: Deps, me: Me, id: number) {
  requirePermission(me, "invitations.revoke");
  const inv = pendingInvitation(deps, me, id);
  deps.db.transaction((tx) => {
    repo.revokeInvitation(tx, id, deps.clock.now());
    recordActivity(deps, tx, { workspaceId: me.workspaceId, userId: me.id, action: "invitation.revoked", objectType: "invitation", objectId: id, summary: inv.email });
  });
  return { success: true as const };
}

/** POST /api/workspace/invitations/{id}/resend: a new link, valid 7 days from now; the old link stops working. */
export function resendInvitation(deps: Deps, me: Me, id: number): InvitationView {
  requirePermission(me, "invitations.resend");
  const inv = pendingInvitation(deps, me, id);
  const now = deps.clock.now();
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  deps.db.transaction((tx) => {
    repo.renewInvitation(tx, id, { tokenHash: sha256(token), expiresAt });
    sendInvitation(deps, tx, me, { ...inv, expiresAt }, token);
  });
  return invitationView({ ...inv, expiresAt }, now);
}

type InvitationState = "valid" | "invalid";
export interface InvitationPageData {
  state: InvitationState;
  email?: string;
  role?: string;
  workspaceName?: string;
  /** The e-mail already has an account (the person signs in and joins). */
  accountExists?: boolean;
}

const INVALID_MESSAGE = "This invitation link is invalid, was already used, or has expired.";

function usableInvitation(deps: Deps, token: string) {
  if (!token || token.length > 200) return null;
  const inv = repo.findInvitationByHash(deps.db, sha256(token));
  if (!inv || inv.acceptedAt || inv.revokedAt || inv.expiresAt.getTime() <= deps.clock.now().getTime()) return null;
  return inv;
}

/** What /invite/{token} shows. */
export function invitationPage(deps: Deps, token: string): InvitationPageData {
  const inv = usableInvitation(deps, token);
  if (!inv) return { state: "invalid" };
  const user = findUserByEmail(deps, inv.email);
  return { state: "valid", email: inv.email, role: inv.role, workspaceName: repo.workspaceName(deps.db, inv.workspaceId), accountExists: !!user && !user.removedAt };
}

/**
 * POST /api/invitations/{token}/accept. A new person sends {name, password} and gets an
 * account; a signed-in person whose e-mail the invitation names sends nothing and joins
 * (their account moves to this workspace). The invitation is used once, in the same
 * transaction as the membership.
 */
export async function acceptInvitation(deps: Deps, token: string, me: Me | null, posted: unknown): Promise<{ userId: number; workspaceId: number; role: Role; newSession: boolean }> {
  // A new person's name and password are checked first (a signed-in person needs none).
  const body = me ? null : parseInput(AcceptInput, posted);
  const inv = usableInvitation(deps, token);
  if (!inv) throw new AppError("invalid_token", 400, INVALID_MESSAGE);
  const now = deps.clock.now();
  const existing = findUserByEmail(deps, inv.email);
  if (me) {
    if (me.email !== inv.email) throw new AppError("forbidden", 403, `This invitation is for ${inv.email}. Sign in with that account to accept it.`);
    // Already a member: a role changes on the Members page, never through an old link.
    if (me.workspaceId === inv.workspaceId) throw conflict("You are already a member of this workspace.");
    if (me.workspaceId !== inv.workspaceId && me.role === "owner" && repo.listMembers(deps.db, me.workspaceId).length > 1 && repo.countOwners(deps.db, me.workspaceId) <= 1) {
      throw conflict(`You are the only owner of your current workspace. ${LAST_OWNER_MESSAGE}`);
    }
    deps.db.transaction((tx) => {
      if (!repo.consumeInvitation(tx, inv.id, now)) throw new AppError("invalid_token", 400, INVALID_MESSAGE);
      membership.joinWorkspace(tx, me.id, { workspaceId: inv.workspaceId, role: inv.role });
      recordActivity(deps, tx, { workspaceId: inv.workspaceId, userId: me.id, action: "member.joined", objectType: "member", objectId: me.id, summary: `${inv.email} as ${inv.role}` });
    });
    return { userId: me.id, workspaceId: inv.workspaceId, role: inv.role, newSession: false };
  }
  if (existing && !existing.removedAt) throw new AppError("sign_in_required", 401, "An account with this email already exists. Sign in to accept the invitation.");
  if (!body) throw new AppError("validation_failed", 400, "Name is required", { name: "Name is required" });
  const passwordHash = await hashPassword(body.password);
  const userId = deps.db.transaction((tx) => {
    if (!repo.consumeInvitation(tx, inv.id, now)) throw new AppError("invalid_token", 400, INVALID_MESSAGE);
    let id: number;
    if (existing) {
      // A former (removed) member comes back with the new name and password.
      membership.joinWorkspace(tx, existing.id, { workspaceId: inv.workspaceId, role: inv.role, name: body.name, passwordHash });
      id = existing.id;
    } else {
      id = membership.insertMember(tx, { workspaceId: inv.workspaceId, email: inv.email, passwordHash, name: body.name, role: inv.role }).id;
    }
    recordActivity(deps, tx, { workspaceId: inv.workspaceId, userId: id, action: "member.joined", objectType: "member", objectId: id, summary: `${inv.email} as ${inv.role}` });
    return id;
  });
  return { userId, workspaceId: inv.workspaceId, role: inv.role, newSession: true };
}

/** The CLI's `user create --workspace <id> --role <role>`: an account straight into an existing workspace. */
export async function addMemberDirectly(deps: Deps, v: { workspaceId: number; email: string; password: string; name?: string | null; role: Role }) {
  if (!repo.workspaceExists(deps.db, v.workspaceId)) throw notFound(`Workspace ${v.workspaceId} not found`);
  if (findUserByEmail(deps, v.email)) throw conflict("An account with this email already exists");
  const passwordHash = await hashPassword(v.password);
  return membership.insertMember(deps.db, { workspaceId: v.workspaceId, email: v.email, passwordHash, name: v.name ?? null, role: v.role });
}

/** The active owners of a workspace, full rows (billing: the subscription is theirs). */
