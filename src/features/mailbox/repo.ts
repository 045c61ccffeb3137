import { and, desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { outbox } from "../../db/schema";

/** The newest e-mails of one workspace (mail of no workspace is never listed). */
export function latestMail(db: DB, workspaceId: number, limit = 50) {
  return db.select().from(outbox).where(eq(outbox.workspaceId, workspaceId)).orderBy(desc(outbox.id)).limit(limit).all();
}

export function mailById(db: DB, workspaceId: number, id: number) {
  return db.select().from(outbox).where(and(eq(outbox.id, id), eq(outbox.workspaceId, workspaceId))).get();
}
