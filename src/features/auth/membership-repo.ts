import { and, asc, eq, isNull } from "drizzle-orm";
import type { DB } from "../../db/client";
import { apiKeys, passwordResets, sessions, users } from "../../db/schema";

/**
 * The account writes that membership needs (team's invitations, roles and removals). Accounts and
 * sessions are auth's tables, so auth writes them; team decides when (docs/decisions/0022).
 */
type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type Db = DB | Tx;
type Role = "owner" | "admin" | "recruiter";

export function setRole(db: Db, id: number, role: Role) {
  db.update(users).set({ role }).where(eq(users.id, id)).run();
}

/**
 * Marks the account removed from its workspace and ends what it could still act with: every
 * session, every API key (marked revoked, so joining again brings none back) and every
 * outstanding password-reset link.
 */
export function removeFromWorkspace(db: Db, id: number, now: Date) {
  db.update(users).set({ removedAt: now }).where(eq(users.id, id)).run();
  db.delete(sessions).where(eq(sessions.userId, id)).run();
  revokeApiKeysOf(db, id, now);
  db.update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)))
    .run();
}

/** Moves an account into a workspace with a role (a new member, or a former member back). */
export function joinWorkspace(db: Db, id: number, v: { workspaceId: number; role: Role; name?: string | null; passwordHash?: string }) {
  db.update(users)
    .set({ workspaceId: v.workspaceId, role: v.role, removedAt: null, ...(v.name ? { name: v.name } : {}), ...(v.passwordHash ? { password: v.passwordHash } : {}) })
    .where(eq(users.id, id))
    .run();
}

/** A new account straight into an existing workspace. */
export function insertMember(db: Db, v: { workspaceId: number; email: string; passwordHash: string; name: string | null; role: Role }) {
  return db.insert(users).values({ workspaceId: v.workspaceId, email: v.email.toLowerCase(), password: v.passwordHash, name: v.name, role: v.role }).returning().get();
}

/** Marks every API key the account made revoked (never undone). */
export function revokeApiKeysOf(db: Db, id: number, now: Date) {
  db.update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.createdBy, id), isNull(apiKeys.revokedAt)))
    .run();
}

/** The workspace's current members (not removed), oldest first: who can interview or take records over. */
export function activeMembers(db: Db, workspaceId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, timeZone: users.timeZone })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), isNull(users.removedAt)))
    .orderBy(asc(users.id))
    .all();
}

export function activeMember(db: Db, workspaceId: number, id: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, timeZone: users.timeZone })
    .from(users)
    .where(and(eq(users.id, id), eq(users.workspaceId, workspaceId), isNull(users.removedAt)))
    .get();
}
