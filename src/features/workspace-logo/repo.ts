import { eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { workspaceLogos } from "../../db/schema";

type Reader = DB | Tx;

/** The logo's description without its bytes (the client's page asks for it on every view). */
export function logoMeta(db: Reader, workspaceId: number) {
  return db
    .select({ type: workspaceLogos.type, size: workspaceLogos.size, sha256: workspaceLogos.sha256, updatedAt: workspaceLogos.updatedAt })
    .from(workspaceLogos)
    .where(eq(workspaceLogos.workspaceId, workspaceId))
    .get();
}

export function logoRow(db: Reader, workspaceId: number) {
  return db.select().from(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId)).get();
}

export function saveLogo(tx: Tx, v: typeof workspaceLogos.$inferInsert): void {
  tx.insert(workspaceLogos)
    .values(v)
    .onConflictDoUpdate({ target: workspaceLogos.workspaceId, set: { type: v.type, bytes: v.bytes, size: v.size, sha256: v.sha256, updatedAt: v.updatedAt } })
    .run();
}

export function removeLogo(tx: Tx, workspaceId: number): boolean {
  return !!tx.delete(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId)).returning({ id: workspaceLogos.workspaceId }).get();
}
