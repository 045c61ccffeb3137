// interview_types: the workspace's named recipes for a session (interview-types.ts holds the rules).
import { and, asc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { interviewTypes } from "../../db/schema";

export type InterviewTypeRow = typeof interviewTypes.$inferSelect;
type Columns = Omit<typeof interviewTypes.$inferInsert, "id" | "workspaceId">;

/** The workspace's types by name. */
export function typesOf(db: DB, workspaceId: number): InterviewTypeRow[] {
  return db.select().from(interviewTypes).where(eq(interviewTypes.workspaceId, workspaceId)).orderBy(asc(interviewTypes.name), asc(interviewTypes.id)).all();
}

export function findType(db: DB, workspaceId: number, id: number): InterviewTypeRow | undefined {
  return db
    .select()
    .from(interviewTypes)
    .where(and(eq(interviewTypes.workspaceId, workspaceId), eq(interviewTypes.id, id)))
    .get();
}

/** A type by its id alone: a session keeps its type's id, checked to be the workspace's when it was made. */
export function typeById(db: DB | Tx, id: number): InterviewTypeRow | undefined {
  return db.select().from(interviewTypes).where(eq(interviewTypes.id, id)).get();
}

export function insertType(tx: Tx, workspaceId: number, values: Columns): InterviewTypeRow {
  return tx
    .insert(interviewTypes)
    .values({ workspaceId, ...values })
    .returning()
    .get();
}

export function updateType(tx: Tx, workspaceId: number, id: number, set: Partial<Columns>): void {
  tx.update(interviewTypes)
    .set(set)
    .where(and(eq(interviewTypes.workspaceId, workspaceId), eq(interviewTypes.id, id)))
    .run();
}

export function deleteType(tx: Tx, workspaceId: number, id: number): void {
  tx.delete(interviewTypes)
    .where(and(eq(interviewTypes.workspaceId, workspaceId), eq(interviewTypes.id, id)))
    .run();
}
