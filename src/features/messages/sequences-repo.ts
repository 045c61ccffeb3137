import { and, asc, desc, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { sequenceEnrolments, sequences } from "../../db/schema";
import { inWorkspace } from "../../db/scope";

type Db = DB | Tx;
export type SequenceRow = typeof sequences.$inferSelect;
export type EnrolmentRow = typeof sequenceEnrolments.$inferSelect;

export function listSequences(db: Db, workspaceId: number): SequenceRow[] {
  return db.select().from(sequences).where(inWorkspace(sequences, workspaceId)).orderBy(asc(sequences.name), asc(sequences.id)).all();
}

export function findSequence(db: Db, workspaceId: number, id: number): SequenceRow | undefined {
  return db
    .select()
    .from(sequences)
    .where(inWorkspace(sequences, workspaceId, eq(sequences.id, id)))
    .get();
}

export function insertSequence(db: Db, v: typeof sequences.$inferInsert): SequenceRow {
  return db.insert(sequences).values(v).returning().get();
}

export function updateSequence(db: Db, workspaceId: number, id: number, set: Partial<Pick<SequenceRow, "name" | "paused" | "steps">>): SequenceRow | undefined {
  return db
    .update(sequences)
    .set(set)
    .where(inWorkspace(sequences, workspaceId, eq(sequences.id, id)))
    .returning()
    .get();
}

export function enrolmentOf(db: Db, sequenceId: number, participantId: number): EnrolmentRow | undefined {
  return db
    .select()
    .from(sequenceEnrolments)
    .where(and(eq(sequenceEnrolments.sequenceId, sequenceId), eq(sequenceEnrolments.participantId, participantId)))
    .get();
}

export function enrolmentById(db: Db, id: number): EnrolmentRow | undefined {
  return db.select().from(sequenceEnrolments).where(eq(sequenceEnrolments.id, id)).get();
}

export function enrolmentByToken(db: Db, token: string): EnrolmentRow | undefined {
  return db.select().from(sequenceEnrolments).where(eq(sequenceEnrolments.unsubscribeToken, token)).get();
}

export function enrolmentsOfSequence(db: Db, sequenceId: number): EnrolmentRow[] {
  return db.select().from(sequenceEnrolments).where(eq(sequenceEnrolments.sequenceId, sequenceId)).orderBy(asc(sequenceEnrolments.id)).all();
}

export function enrolmentsOfCandidate(db: Db, workspaceId: number, participantId: number): EnrolmentRow[] {
  return db
    .select()
    .from(sequenceEnrolments)
    .where(inWorkspace(sequenceEnrolments, workspaceId, eq(sequenceEnrolments.participantId, participantId)))
    .orderBy(desc(sequenceEnrolments.id))
    .all();
}

export function insertEnrolment(db: Db, v: typeof sequenceEnrolments.$inferInsert): EnrolmentRow {
  return db.insert(sequenceEnrolments).values(v).returning().get();
}

/** Re-enrols a stopped or finished candidate from the first step (a new unsubscribe link). */
export function restartEnrolment(db: Db, id: number, set: Pick<EnrolmentRow, "enrolledBy" | "nextAt" | "nonce" | "unsubscribeToken">): EnrolmentRow {
  return db
    .update(sequenceEnrolments)
    .set({ ...set, status: "active", stopReason: null, nextStep: 0 })
    .where(eq(sequenceEnrolments.id, id))
    .returning()
    .get()!;
}

export function setEnrolment(db: Db, id: number, set: Partial<Pick<EnrolmentRow, "status" | "stopReason" | "nextStep" | "nextAt" | "nonce">>): void {
  db.update(sequenceEnrolments).set(set).where(eq(sequenceEnrolments.id, id)).run();
}

/** Erasure of a candidate: their enrolments go. */
export function deleteEnrolmentsOf(db: Db, workspaceId: number, participantId: number): void {
  db.delete(sequenceEnrolments)
    .where(inWorkspace(sequenceEnrolments, workspaceId, eq(sequenceEnrolments.participantId, participantId)))
    .run();
}
