import { asc, eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { participantDrafts } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Reader = DB | Tx;
export type DraftRow = typeof participantDrafts.$inferSelect;

export function insertDraft(tx: Tx, v: Omit<typeof participantDrafts.$inferInsert, "id">): DraftRow {
  return tx.insert(participantDrafts).values(v).returning().get();
}

/** The workspace's drafts, oldest first (the order they were dropped in). */
export function draftsOf(db: Reader, workspaceId: number): DraftRow[] {
  return db.select().from(participantDrafts).where(eq(participantDrafts.workspaceId, workspaceId)).orderBy(asc(participantDrafts.id)).all();
}

export function countOf(db: Reader, workspaceId: number): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(participantDrafts)
      .where(eq(participantDrafts.workspaceId, workspaceId))
      .get()?.n ?? 0
  );
}

export function findDraft(db: Reader, workspaceId: number, id: number): DraftRow | undefined {
  return db
    .select()
    .from(participantDrafts)
    .where(inWorkspace(participantDrafts, workspaceId, eq(participantDrafts.id, id)))
    .get();
}

export function deleteDraft(tx: Tx, workspaceId: number, id: number): DraftRow | undefined {
  return tx
    .delete(participantDrafts)
    .where(inWorkspace(participantDrafts, workspaceId, eq(participantDrafts.id, id)))
    .returning()
    .get();
}

/** The jobs' read: by id alone (the task names the draft, the row names its workspace). */
export function findDraftAnywhere(db: Reader, id: number): DraftRow | undefined {
  return db.select().from(participantDrafts).where(eq(participantDrafts.id, id)).get();
}

export function setDraft(tx: Tx, id: number, v: Partial<Pick<DraftRow, "status" | "textStatus" | "text" | "textError" | "proposal" | "proposedBy">>): void {
  tx.update(participantDrafts).set(v).where(eq(participantDrafts.id, id)).run();
}

/**
 * An erasure: the drafts whose CV text or proposal holds one of these e-mail addresses (a CV
 * the person sent that was never confirmed), deleted; their storage keys for the bytes.
 */
export function deleteDraftsMentioning(tx: Tx, workspaceId: number, emails: string[]): string[] {
  const keys: string[] = [];
  for (const email of emails) {
    const needle = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows = tx
      .delete(participantDrafts)
      .where(
        inWorkspace(
          participantDrafts,
          workspaceId,
          sql`(lower(coalesce(${participantDrafts.text}, '')) like ${needle} escape '\\' or lower(coalesce(${participantDrafts.proposal}, '')) like ${needle} escape '\\')`,
        ),
      )
      .returning({ key: participantDrafts.storageKey })
      .all();
    keys.push(...rows.map((r) => r.key));
  }
  return keys;
}
