import { eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { workspaceLogoNames, workspaceLogos } from "../../db/schema";

type Reader = DB | Tx;

/** The logo's description without its bytes (the client's page asks for it on every view). */
export function logoMeta(db: Reader, workspaceId: number) {
  return db
    .select({ type: workspaceLogos.type, size: workspaceLogos.size, sha256: workspaceLogos.sha256, name: workspaceLogos.name, updatedAt: workspaceLogos.updatedAt })
    .from(workspaceLogos)
    .where(eq(workspaceLogos.workspaceId, workspaceId))
    .get();
}

export function logoRow(db: Reader, workspaceId: number) {
  return db.select().from(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId)).get();
}

export function saveLogo(tx: Tx, v: { workspaceId: number; type: string; bytes: Buffer; size: number; sha256: string; name: string; updatedAt: Date }): void {
  tx.insert(workspaceLogos)
    .values(v)
    .onConflictDoUpdate({ target: workspaceLogos.workspaceId, set: { type: v.type, bytes: v.bytes, size: v.size, sha256: v.sha256, name: v.name, updatedAt: v.updatedAt } })
    .run();
  tx.insert(workspaceLogoNames).values({ name: v.name, workspaceId: v.workspaceId, createdAt: v.updatedAt }).run();
}

/** The workspace a logo name was given to (current or former), if any. */
export function workspaceOfLogoName(db: Reader, name: string): number | undefined {
  return db.select({ workspaceId: workspaceLogoNames.workspaceId }).from(workspaceLogoNames).where(eq(workspaceLogoNames.name, name)).get()?.workspaceId;
}

export function removeLogo(tx: Tx, workspaceId: number): boolean {
  return !!tx.delete(workspaceLogos).where(eq(workspaceLogos.workspaceId, workspaceId)).returning({ id: workspaceLogos.workspaceId }).get();
}
