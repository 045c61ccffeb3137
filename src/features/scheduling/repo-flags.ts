// meeting_flags: what the calendar's sync found about an interview (decision 32), open until
// resolved. Flags hang off their interview (no workspace of their own): callers reach them
// through an interview of the workspace.
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetingFlags } from "../../db/schema";

export type FlagRow = typeof meetingFlags.$inferSelect;

/** The open flags of an interview, oldest first; with `kind`, only that kind. */
export function openFlagsOf(db: DB | Tx, meetingId: number, kind?: string): FlagRow[] {
  if (kind !== undefined)
    return db
      .select()
      .from(meetingFlags)
      .where(and(eq(meetingFlags.meetingId, meetingId), eq(meetingFlags.kind, kind), isNull(meetingFlags.resolvedAt)))
      .all();
  return db
    .select()
    .from(meetingFlags)
    .where(and(eq(meetingFlags.meetingId, meetingId), isNull(meetingFlags.resolvedAt)))
    .orderBy(meetingFlags.id)
    .all();
}

/** The open flags of several interviews, oldest first. */
export function openFlagsOfMeetings(db: DB | Tx, meetingIds: number[]): FlagRow[] {
  return db
    .select()
    .from(meetingFlags)
    .where(and(inArray(meetingFlags.meetingId, meetingIds), isNull(meetingFlags.resolvedAt)))
    .orderBy(meetingFlags.id)
    .all();
}

/** One open flag of an interview by its id. */
export function findOpenFlag(db: DB | Tx, meetingId: number, flagId: number): FlagRow | undefined {
  return db
    .select()
    .from(meetingFlags)
    .where(and(eq(meetingFlags.id, flagId), eq(meetingFlags.meetingId, meetingId), isNull(meetingFlags.resolvedAt)))
    .get();
}

export function insertFlag(db: DB | Tx, v: { meetingId: number; kind: string; message: string; subject: string; startTime: Date | null; endTime: Date | null; createdAt: Date }): void {
  db.insert(meetingFlags).values(v).run();
}

/** Every open flag of each kind resolved (one statement a kind). */
export function resolveOpenFlags(db: DB | Tx, meetingId: number, kinds: string[], now: Date): void {
  for (const kind of kinds) {
    db.update(meetingFlags)
      .set({ resolvedAt: now })
      .where(and(eq(meetingFlags.meetingId, meetingId), eq(meetingFlags.kind, kind), isNull(meetingFlags.resolvedAt)))
      .run();
  }
}

/** The open flags of one kind and subject resolved. */
export function resolveOpenFlagsAbout(db: DB | Tx, meetingId: number, kind: string, subject: string, now: Date): void {
  db.update(meetingFlags)
    .set({ resolvedAt: now })
    .where(and(eq(meetingFlags.meetingId, meetingId), eq(meetingFlags.kind, kind), eq(meetingFlags.subject, subject), isNull(meetingFlags.resolvedAt)))
    .run();
}

export function resolveFlagById(db: DB | Tx, flagId: number, now: Date): void {
  db.update(meetingFlags).set({ resolvedAt: now }).where(eq(meetingFlags.id, flagId)).run();
}
