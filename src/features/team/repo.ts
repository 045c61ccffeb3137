import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { invitations, users, workspaces } from "../../db/schema";
import type { Role } from "../auth/permissions";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Db = DB | Tx;
export type InvitationRow = typeof invitations.$inferSelect;

const memberColumns = { id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt };
export type MemberRow = { id: number; name: string | null; email: string; role: Role; createdAt: Date };

/** The active members of a workspace (removed ones are left out), oldest first. */
export function listMembers(db: Db, workspaceId: number): MemberRow[] {
  return db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), isNull(users.removedAt)))
    .orderBy(asc(users.id))
    .all();
}

export function findMember(db: Db, workspaceId: number, id: number): MemberRow | undefined {
  return db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.workspaceId, workspaceId), isNull(users.removedAt)))
    .get();
}

export function countOwners(db: Db, workspaceId: number): number {
  const r = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.role, "owner"), isNull(users.removedAt)))
    .get();
  return r?.n ?? 0;
}

export function ownerRows(db: Db, workspaceId: number) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.role, "owner"), isNull(users.removedAt)))
    .orderBy(asc(users.id))
    .all();
}

export function workspaceName(db: Db, workspaceId: number): string {
  return db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).get()?.name ?? "Frank";
}

export function listWorkspaces(db: Db) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      createdAt: workspaces.createdAt,
      // Written out in full: inside a subquery drizzle would leave the columns unqualified.
      members: sql<number>`(select count(*) from users u where u.workspace_id = "workspaces"."id" and u.removed_at is null)`,
      owner: sql<string | null>`(select u.email from users u where u.workspace_id = "workspaces"."id" and u.role = 'owner' and u.removed_at is null order by u.id limit 1)`,
    })
    .from(workspaces)
    .orderBy(asc(workspaces.id))
    .all();
}

export function workspaceExists(db: Db, workspaceId: number): boolean {
  return !!db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).get();
}

// ---- invitations --------------------------------------------------------------------------

export function insertInvitation(db: Db, v: { workspaceId: number; email: string; role: Role; tokenHash: string; invitedBy: number; expiresAt: Date; createdAt: Date }): InvitationRow {
  return db.insert(invitations).values(v).returning().get();
}

/** Pending invitations: neither accepted nor revoked (expired ones are shown as expired). */
export function listInvitations(db: Db, workspaceId: number): InvitationRow[] {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .orderBy(desc(invitations.id))
    .all();
}

export function findInvitation(db: Db, workspaceId: number, id: number): InvitationRow | undefined {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.workspaceId, workspaceId)))
    .get();
}

export function pendingInvitationFor(db: Db, workspaceId: number, email: string, now: Date): InvitationRow | undefined {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .get();
}

export function findInvitationByHash(db: Db, tokenHash: string): InvitationRow | undefined {
  return db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).get();
}

export function revokeInvitation(db: Db, id: number, now: Date) {
  db.update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)))
    .run();
}

/** A resend gives the invitation a new token and a new 7 days; the old link stops working. */
export function renewInvitation(db: Db, id: number, v: { tokenHash: string; expiresAt: Date }) {
  db.update(invitations).set(v).where(eq(invitations.id, id)).run();
}

/** Uses the invitation once: only an unused, unrevoked, unexpired one; false when it was not. */
export function consumeInvitation(db: Db, id: number, now: Date): boolean {
  const r = db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id })
    .get();
  return !!r;
}
