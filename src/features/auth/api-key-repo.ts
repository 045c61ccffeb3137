import { and, desc, eq, isNull } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { apiKeys, users } from "../../db/schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(db: DB | Tx, v: { workspaceId: number; createdBy: number; name: string; scope: "read" | "read-write"; keyHash: string; prefix: string }): ApiKeyRow {
  return db.insert(apiKeys).values(v).returning().get();
}

/** The workspace's keys that still work, newest first. */
export function listApiKeys(db: DB, workspaceId: number) {
  return db
    .select({ key: apiKeys, creatorName: users.name, creatorEmail: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.id))
    .all();
}

/** Revokes a key of this workspace; false when there is none (or it was revoked already). */
export function revokeApiKey(db: DB | Tx, workspaceId: number, id: number, at: Date): boolean {
  return !!db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id })
    .get();
}

/** A working key by its hash, with the member it acts as. */
export function findKeyWithUser(db: DB, keyHash: string) {
  return db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .get();
}

export function touchApiKey(db: DB, id: number, at: Date) {
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)).run();
}
