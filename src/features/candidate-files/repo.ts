import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { participantFiles } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Reader = DB | Tx;
export type FileRow = typeof participantFiles.$inferSelect;

export function insertFile(tx: Tx, v: Omit<typeof participantFiles.$inferInsert, "id">): FileRow {
  return tx.insert(participantFiles).values(v).returning().get();
}

export function filesOf(db: Reader, workspaceId: number, participantId: number): FileRow[] {
  return db
    .select()
    .from(participantFiles)
    .where(inWorkspace(participantFiles, workspaceId, eq(participantFiles.participantId, participantId)))
    .orderBy(asc(participantFiles.id))
    .all();
}

export function countOf(db: Reader, workspaceId: number, participantId: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(participantFiles)
      .where(inWorkspace(participantFiles, workspaceId, eq(participantFiles.participantId, participantId)))
      .get()?.n ?? 0
  );
}

export function findFile(db: Reader, workspaceId: number, id: number): FileRow | undefined {
  return db
    .select()
    .from(participantFiles)
    .where(inWorkspace(participantFiles, workspaceId, eq(participantFiles.id, id)))
    .get();
}

export function deleteFile(tx: Tx, workspaceId: number, id: number): FileRow | undefined {
  return tx
    .delete(participantFiles)
    .where(inWorkspace(participantFiles, workspaceId, eq(participantFiles.id, id)))
    .returning()
    .get();
}

/** The storage keys of these candidates' files (erasure removes the bytes after its commit). */
export function keysOf(db: Reader, workspaceId: number, participantIds: number[]): string[] {
  if (!participantIds.length) return [];
  return db
    .select({ key: participantFiles.storageKey })
    .from(participantFiles)
    .where(and(eq(participantFiles.workspaceId, workspaceId), inArray(participantFiles.participantId, participantIds)))
    .all()
    .map((r) => r.key);
}

/** The extraction job's read: by id alone (the task names the file, the row names its workspace). */
export function findFileAnywhere(db: Reader, id: number): FileRow | undefined {
  return db.select().from(participantFiles).where(eq(participantFiles.id, id)).get();
}

export function setText(tx: Tx, id: number, status: string, text: string | null, textError: string | null = null): void {
  tx.update(participantFiles).set({ textStatus: status, text, textError }).where(eq(participantFiles.id, id)).run();
}

/** A merge: the duplicates' files become the kept record's (the same bytes and keys). */
export function moveFiles(tx: Tx, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  tx.update(participantFiles)
    .set({ participantId: toId })
    .where(inWorkspace(participantFiles, workspaceId, inArray(participantFiles.participantId, fromIds)))
    .run();
}

/** The read text of these candidates' files, joined per candidate (matching quotes from it). */
export function textsOf(db: Reader, workspaceId: number, participantIds: number[]): { participantId: number; text: string }[] {
  if (!participantIds.length) return [];
  return db.all<{ participantId: number; text: string }>(
    sql`select participant_id as participantId, group_concat(text, char(10)) as text from participant_files
      where workspace_id = ${workspaceId} and text is not null and participant_id in (select value from json_each(${JSON.stringify(participantIds)})) group by participant_id`,
  );
}
