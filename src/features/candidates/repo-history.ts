import { and, desc, eq, inArray } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantNotes } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Writer = Pick<DB, "insert" | "update" | "select" | "delete">;
export type NoteRow = typeof participantNotes.$inferSelect;

export function insertNote(db: Writer, v: Omit<typeof participantNotes.$inferInsert, "id">): NoteRow {
  return db.insert(participantNotes).values(v).returning().get();
}

export function notesOf(db: DB, workspaceId: number, participantId: number): NoteRow[] {
  return db
    .select()
    .from(participantNotes)
    .where(inWorkspace(participantNotes, workspaceId, eq(participantNotes.participantId, participantId)))
    .orderBy(desc(participantNotes.id))
    .all();
}

/** Moves notes of merged-away duplicates to the record that stays (their events move with features/events). */
export function moveNotes(db: Writer, workspaceId: number, fromIds: number[], toId: number) {
  if (!fromIds.length) return;
  db.update(participantNotes)
    .set({ participantId: toId })
    .where(and(eq(participantNotes.workspaceId, workspaceId), inArray(participantNotes.participantId, fromIds)))
    .run();
}
