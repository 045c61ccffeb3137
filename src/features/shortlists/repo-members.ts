import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { shortlistMembers, shortlists } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Writer = Pick<DB, "update" | "delete" | "select" | "insert" | "run">;

/** The shortlists one candidate is in, with when they were added. */
export function membershipsOf(db: DB, workspaceId: number, participantId: number) {
  return db
    .select({ shortlistId: shortlists.id, name: shortlists.name, addedAt: shortlistMembers.addedAt })
    .from(shortlistMembers)
    .innerJoin(shortlists, eq(shortlists.id, shortlistMembers.shortlistId))
    .where(inWorkspace(shortlistMembers, workspaceId, eq(shortlistMembers.participantId, participantId)))
    .orderBy(asc(shortlistMembers.addedAt))
    .all();
}

export function removeMember(db: DB | Tx, workspaceId: number, shortlistId: number, participantId: number): boolean {
  return (
    db
      .delete(shortlistMembers)
      .where(inWorkspace(shortlistMembers, workspaceId, eq(shortlistMembers.shortlistId, shortlistId), eq(shortlistMembers.participantId, participantId)))
      .returning({ id: shortlistMembers.participantId })
      .all().length > 0
  );
}

export function renameShortlist(db: DB | Tx, workspaceId: number, id: number, name: string): boolean {
  return (
    db
      .update(shortlists)
      .set({ name })
      .where(inWorkspace(shortlists, workspaceId, eq(shortlists.id, id)))
      .returning({ id: shortlists.id })
      .all().length > 0
  );
}

export function deleteShortlist(db: DB | Tx, workspaceId: number, id: number): boolean {
  return (
    db
      .delete(shortlists)
      .where(inWorkspace(shortlists, workspaceId, eq(shortlists.id, id)))
      .returning({ id: shortlists.id })
      .all().length > 0
  );
}

/** Merge: memberships of the duplicates go to the record that stays (once per shortlist). */
export function moveMemberships(tx: Writer, workspaceId: number, fromIds: number[], toId: number): void {
  if (!fromIds.length) return;
  const ids = sql.join(
    fromIds.map((i) => sql`${i}`),
    sql`, `,
  );
  tx.run(sql`insert or ignore into shortlist_members(shortlist_id, participant_id, workspace_id, added_at)
    select shortlist_id, ${toId}, workspace_id, min(added_at) from shortlist_members where workspace_id = ${workspaceId} and participant_id in (${ids}) group by shortlist_id`);
  tx.delete(shortlistMembers)
    .where(and(eq(shortlistMembers.workspaceId, workspaceId), inArray(shortlistMembers.participantId, fromIds)))
    .run();
}

/** Erasure: a shortlist made from the chat popup keeps its name but forgets the person and the message. */
export function forgetCandidateName(tx: Writer, workspaceId: number, names: string[]): void {
  const n = names.map((x) => x.trim().toLowerCase()).filter(Boolean);
  if (!n.length) return;
  tx.update(shortlists)
    .set({ candidateName: null, chatMessage: null })
    .where(and(eq(shortlists.workspaceId, workspaceId), inArray(sql`lower(trim(${shortlists.candidateName}))`, n)))
    .run();
}

/** The recruiter's notes on a shortlist's members (a share may show them to the client). */
export function notesOf(db: DB | Tx, workspaceId: number, shortlistId: number): Map<number, string> {
  const rows = db
    .select({ id: shortlistMembers.participantId, note: shortlistMembers.note })
    .from(shortlistMembers)
    .where(inWorkspace(shortlistMembers, workspaceId, eq(shortlistMembers.shortlistId, shortlistId)))
    .all();
  return new Map(rows.filter((r) => r.note).map((r) => [r.id, r.note!]));
}

export function setNote(tx: Tx, workspaceId: number, shortlistId: number, participantId: number, note: string | null): boolean {
  return (
    tx
      .update(shortlistMembers)
      .set({ note })
      .where(inWorkspace(shortlistMembers, workspaceId, and(eq(shortlistMembers.shortlistId, shortlistId), eq(shortlistMembers.participantId, participantId))))
      .returning({ id: shortlistMembers.participantId })
      .all().length > 0
  );
}
