import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { applicationForms, applicationLinks, careersSites } from "../../db/schema";

type Reader = DB | Tx;
export type SiteRow = typeof careersSites.$inferSelect;
export type FormRow = typeof applicationForms.$inferSelect;
export type LinkRow = typeof applicationLinks.$inferSelect;

export function siteOf(db: Reader, workspaceId: number): SiteRow | undefined {
  return db.select().from(careersSites).where(eq(careersSites.workspaceId, workspaceId)).get();
}

export function siteBySlug(db: Reader, slug: string): SiteRow | undefined {
  return db.select().from(careersSites).where(eq(careersSites.slug, slug)).get();
}

/** Saves the site; false when another workspace has the slug. */
export function saveSite(tx: Tx, v: typeof careersSites.$inferInsert): boolean {
  const other = tx.select({ workspaceId: careersSites.workspaceId }).from(careersSites).where(eq(careersSites.slug, v.slug)).get();
  if (other && other.workspaceId !== v.workspaceId) return false;
  tx.insert(careersSites)
    .values(v)
    .onConflictDoUpdate({ target: careersSites.workspaceId, set: { slug: v.slug, intro: v.intro, privacyNotice: v.privacyNotice, feedEmail: v.feedEmail, updatedAt: v.updatedAt } })
    .run();
  return true;
}

export function formOf(db: Reader, workspaceId: number, jobId: number): FormRow | undefined {
  return db
    .select()
    .from(applicationForms)
    .where(and(eq(applicationForms.workspaceId, workspaceId), eq(applicationForms.jobId, jobId)))
    .get();
}

export function saveForm(tx: Tx, v: typeof applicationForms.$inferInsert): void {
  tx.insert(applicationForms)
    .values(v)
    .onConflictDoUpdate({ target: applicationForms.jobId, set: { fields: v.fields, questions: v.questions, updatedAt: v.updatedAt } })
    .run();
}

export function insertLink(tx: Tx, v: typeof applicationLinks.$inferInsert): void {
  tx.insert(applicationLinks).values(v).run();
}

export function linkByHash(db: Reader, tokenHash: string): LinkRow | undefined {
  return db.select().from(applicationLinks).where(eq(applicationLinks.tokenHash, tokenHash)).get();
}

export function markWithdrawn(tx: Tx, workspaceId: number, applicationId: number, at: Date): boolean {
  return !!tx
    .update(applicationLinks)
    .set({ withdrawnAt: at })
    .where(and(eq(applicationLinks.workspaceId, workspaceId), eq(applicationLinks.applicationId, applicationId)))
    .returning({ id: applicationLinks.applicationId })
    .get();
}

export function allSlugs(db: Reader): string[] {
  return db
    .select({ slug: careersSites.slug })
    .from(careersSites)
    .orderBy(careersSites.slug)
    .all()
    .map((r) => r.slug);
}
