import { asc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { shortlistMembers, shortlists } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

export type ShortlistRow = typeof shortlists.$inferSelect;

export function listShortlists(db: DB, workspaceId: number): ShortlistRow[] {
  return db.select().from(shortlists).where(inWorkspace(shortlists, workspaceId)).orderBy(asc(shortlists.id)).all();
}

export function findShortlist(db: DB | Tx, workspaceId: number, id: number): ShortlistRow | undefined {
  return db
    .select()
    .from(shortlists)
    .where(inWorkspace(shortlists, workspaceId, eq(shortlists.id, id)))
    .get();
}

export function insertShortlist(db: DB | Tx, workspaceId: number, v: { name: string; candidateName: string | null; chatMessage: string | null; createdAt: Date }): ShortlistRow {
  return db
    .insert(shortlists)
    .values({ ...v, workspaceId })
    .returning()
    .get();
}

/** Member ids per shortlist of the workspace, in the order they were added. */
export function membersByShortlist(db: DB, workspaceId: number): Map<number, number[]> {
  const rows = db
    .select({ shortlistId: shortlistMembers.shortlistId, participantId: shortlistMembers.participantId })
    .from(shortlistMembers)
    .where(inWorkspace(shortlistMembers, workspaceId))
    .orderBy(asc(shortlistMembers.addedAt), asc(shortlistMembers.participantId))
    .all();
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.shortlistId, [...(out.get(r.shortlistId) ?? []), r.participantId]);
  return out;
}

export function memberIds(db: DB | Tx, workspaceId: number, shortlistId: number): number[] {
  return db
    .select({ id: shortlistMembers.participantId })
    .from(shortlistMembers)
    .where(inWorkspace(shortlistMembers, workspaceId, eq(shortlistMembers.shortlistId, shortlistId)))
    .orderBy(asc(shortlistMembers.addedAt), asc(shortlistMembers.participantId))
    .all()
    .map((r) => r.id);
}

/** Adds members; ones already there are left as they are. Returns how many were new. */
export function addMembers(db: DB | Tx, workspaceId: number, shortlistId: number, participantIds: number[], at: Date): number {
  if (!participantIds.length) return 0;
  return db
    .insert(shortlistMembers)
    .values(participantIds.map((participantId) => ({ shortlistId, participantId, workspaceId, addedAt: at })))
    .onConflictDoNothing()
    .returning({ id: shortlistMembers.participantId })
    .all().length;
}
