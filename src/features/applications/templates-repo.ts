import { and, asc, desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { emailTemplates } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;
export type TemplateRow = typeof emailTemplates.$inferSelect;

export function listTemplates(db: Db, workspaceId: number): TemplateRow[] {
  return db.select().from(emailTemplates).where(inWorkspace(emailTemplates, workspaceId)).orderBy(asc(emailTemplates.name), asc(emailTemplates.id)).all();
}

export function findTemplate(db: Db, workspaceId: number, id: number): TemplateRow | undefined {
  return db
    .select()
    .from(emailTemplates)
    .where(inWorkspace(emailTemplates, workspaceId, eq(emailTemplates.id, id)))
    .get();
}

export function templateForStage(db: Db, workspaceId: number, stageId: number): TemplateRow | undefined {
  return db
    .select()
    .from(emailTemplates)
    .where(inWorkspace(emailTemplates, workspaceId, and(eq(emailTemplates.stageId, stageId))))
    .orderBy(desc(emailTemplates.id))
    .get();
}

export function insertTemplate(db: Db, v: Omit<typeof emailTemplates.$inferInsert, "id">): TemplateRow {
  return db.insert(emailTemplates).values(v).returning().get();
}

export function updateTemplate(db: Db, workspaceId: number, id: number, set: Partial<Omit<TemplateRow, "id" | "workspaceId">>): TemplateRow | undefined {
  return db
    .update(emailTemplates)
    .set(set)
    .where(inWorkspace(emailTemplates, workspaceId, eq(emailTemplates.id, id)))
    .returning()
    .get();
}

export function deleteTemplate(db: Db, workspaceId: number, id: number): void {
  db.delete(emailTemplates)
    .where(inWorkspace(emailTemplates, workspaceId, eq(emailTemplates.id, id)))
    .run();
}
