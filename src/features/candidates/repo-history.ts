import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import { participantEvents, participantNotes } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Writer = Pick<DB, "insert" | "update" | "select" | "delete">;
export type NoteRow = typeof participantNotes.$inferSelect;
export type EventRow = typeof participantEvents.$inferSelect;

export function insertNote(db: Writer, v: Omit<typeof participantNotes.$inferInsert, "id">): NoteRow {
  return db.insert(participantNotes).values(v).returning().get();
}

export function notesOf(db: DB, workspaceId: number, participantId: number): NoteRow[] {
  return db.select().from(participantNotes).where(inWorkspace(participantNotes, workspaceId, eq(participantNotes.participantId, participantId))).orderBy(desc(participantNotes.id)).all();
}

export function insertEvent(db: Writer, v: { workspaceId: number; participantId: number; kind: string; detail?: Record<string, unknown>; userId?: number | null; createdAt: Date }) {
  db.insert(participantEvents)
    .values({ ...v, detail: JSON.stringify(v.detail ?? {}) })
    .run();
}

/** Many events at once (an import): one statement per 500. */
export function insertEvents(db: Writer, rows: { workspaceId: number; participantId: number; kind: string; detail: string; createdAt: Date }[]) {
  for (let i = 0; i < rows.length; i += 500) db.insert(participantEvents).values(rows.slice(i, i + 500)).run();
}

export function eventsOf(db: DB, workspaceId: number, participantId: number): EventRow[] {
  return db.select().from(participantEvents).where(inWorkspace(participantEvents, workspaceId, eq(participantEvents.participantId, participantId))).orderBy(asc(participantEvents.id)).all();
}

/** Moves notes and events of merged-away duplicates to the record that stays. */
export function moveHistory(db: Writer, workspaceId: number, fromIds: number[], toId: number) {
  if (!fromIds.length) return;
  db.update(participantNotes).set({ participantId: toId }).where(and(eq(participantNotes.workspaceId, workspaceId), inArray(participantNotes.participantId, fromIds))).run();
  db.update(participantEvents).set({ participantId: toId }).where(and(eq(participantEvents.workspaceId, workspaceId), inArray(participantEvents.participantId, fromIds))).run();
}

/** When the candidate last had anything happen (for retention): the newest note or event. */
export function lastHistoryAt(db: DB, workspaceId: number, participantId: number): number | null {
  const n = db.get<{ t: number | null }>(
    sql`select max(t) as t from (select max(created_at) as t from participant_notes where workspace_id = ${workspaceId} and participant_id = ${participantId} union all select max(created_at) from participant_events where workspace_id = ${workspaceId} and participant_id = ${participantId})`,
  );
  return n?.t ?? null;
}
