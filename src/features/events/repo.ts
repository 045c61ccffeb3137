// The SQL of the events table (decision 0029): the only file that touches it.
import { and, asc, desc, eq, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { events, users } from "../../db/schema";

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = Omit<typeof events.$inferInsert, "id">;

export function insert(tx: Tx, v: NewEventRow): number {
  return tx.insert(events).values(v).returning({ id: events.id }).get().id;
}

/** The activity log: newest first; of what candidates do, only the kinds given (their application, their booking). */
export function activity(db: DB, workspaceId: number, f: { userId?: number; kind?: string; before?: number; limit: number; hidden: string[]; candidateKinds: string[] }) {
  const where = [
    eq(events.workspaceId, workspaceId),
    or(sql`${events.actor} <> 'candidate'`, inArray(events.kind, f.candidateKinds))!,
    sql`json_extract(${events.data}, '$.legacy') is null`,
    notInArray(events.kind, f.hidden),
  ];
  if (f.userId) where.push(eq(events.userId, f.userId));
  if (f.kind) where.push(eq(events.kind, f.kind));
  if (f.before) where.push(lt(events.id, f.before));
  return db
    .select({
      id: events.id,
      userId: events.userId,
      memberName: users.name,
      memberEmail: users.email,
      kind: events.kind,
      subjectType: events.subjectType,
      subjectId: events.subjectId,
      summary: events.summary,
      createdAt: events.createdAt,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.userId))
    .where(and(...where))
    .orderBy(desc(events.id))
    .limit(f.limit)
    .all();
}

/** Everything that happened to one subject, oldest first (the candidate's timeline). */
export function ofSubject(db: DB, workspaceId: number, subjectType: string, subjectId: string | number): EventRow[] {
  return db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.subjectType, subjectType), eq(events.subjectId, String(subjectId))))
    .orderBy(asc(events.id))
    .all();
}

/** Merged-away records' history moves to the record that stays. */
export function moveSubjects(tx: Tx, workspaceId: number, subjectType: string, fromIds: (string | number)[], toId: string | number) {
  if (!fromIds.length) return;
  tx.update(events)
    .set({ subjectId: String(toId) })
    .where(and(eq(events.workspaceId, workspaceId), eq(events.subjectType, subjectType), inArray(events.subjectId, fromIds.map(String))))
    .run();
}
