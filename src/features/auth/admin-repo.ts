import { asc, count, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { passwordResets, sessions, users, workspaces } from "../../db/schema";

// The queries of the administrator's verbs (frank user list | reset-password | delete).

export interface AccountRow {
  id: number;
  email: string;
  name: string | null;
  workspaceId: number;
  workspaceName: string;
  createdAt: Date;
}

export function listAccounts(db: DB): AccountRow[] {
  return db
    .select({ id: users.id, email: users.email, name: users.name, workspaceId: users.workspaceId, workspaceName: workspaces.name, createdAt: users.createdAt })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .orderBy(asc(users.id))
    .all();
}

/** Sets a new password and ends every session and unused reset link of the user, in one transaction. */
export function replacePassword(db: DB, userId: number, passwordHash: string): void {
  db.transaction((tx) => {
    tx.update(users).set({ password: passwordHash }).where(eq(users.id, userId)).run();
    tx.delete(sessions).where(eq(sessions.userId, userId)).run();
    tx.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
  });
}

/**
 * Deletes the account; when it was the last account of its workspace, the workspace goes too,
 * and with it (foreign keys cascade) every job, candidate and interview in it.
 */
export function deleteAccount(db: DB, userId: number, workspaceId: number): { workspaceDeleted: boolean } {
  return db.transaction((tx) => {
    tx.delete(users).where(eq(users.id, userId)).run();
    const left = tx.select({ n: count() }).from(users).where(eq(users.workspaceId, workspaceId)).get()?.n ?? 0;
    if (left === 0) tx.delete(workspaces).where(eq(workspaces.id, workspaceId)).run();
    return { workspaceDeleted: left === 0 };
  });
}
