// Where each interview's event was written, and its version there (calendar_event_homes).
import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { calendarEventHomes } from "../../db/schema";

export function eventHome(db: DB, meetingId: number) {
  const h = calendarEventHomes;
  return db.select({ calendarId: h.calendarId, eventId: h.eventId, version: h.version, versionStart: h.versionStart, versionEnd: h.versionEnd }).from(h).where(eq(h.meetingId, meetingId)).get();
}

/** The event's version Frank wrote or took in (null: unknown, the next write is not conditional). */
export function setEventVersion(db: DB, meetingId: number, eventId: string, version: string | null, times: { start: Date | null; end: Date | null }): void {
  db.update(calendarEventHomes)
    .set({ version, versionStart: times.start, versionEnd: times.end })
    .where(and(eq(calendarEventHomes.meetingId, meetingId), eq(calendarEventHomes.eventId, eventId)))
    .run();
}

/** The home of an event of a member's by its id (the hand-over removes it from the former interviewer's calendar). */
export function eventHomeById(db: DB, userId: number, eventId: string): { calendarId: string; meetingId: number } | undefined {
  return db
    .select({ calendarId: calendarEventHomes.calendarId, meetingId: calendarEventHomes.meetingId })
    .from(calendarEventHomes)
    .where(and(eq(calendarEventHomes.userId, userId), eq(calendarEventHomes.eventId, eventId)))
    .get();
}

export function eventHomesOf(db: DB, userId: number): Map<number, string> {
  return new Map(
    db
      .select({ meetingId: calendarEventHomes.meetingId, calendarId: calendarEventHomes.calendarId })
      .from(calendarEventHomes)
      .where(eq(calendarEventHomes.userId, userId))
      .all()
      .map((r) => [r.meetingId, r.calendarId]),
  );
}

type EventHome = { meetingId: number; userId: number; calendarId: string; eventId: string; version?: string | null; start?: Date; end?: Date };
export function setEventHome(db: DB, v: EventHome | { meetingId: number; remove: true }): void {
  if ("remove" in v) {
    db.delete(calendarEventHomes).where(eq(calendarEventHomes.meetingId, v.meetingId)).run();
    return;
  }
  const set = { userId: v.userId, calendarId: v.calendarId, eventId: v.eventId, version: v.version ?? null, versionStart: v.start ?? null, versionEnd: v.end ?? null };
  db.insert(calendarEventHomes)
    .values({ meetingId: v.meetingId, ...set })
    .onConflictDoUpdate({ target: calendarEventHomes.meetingId, set })
    .run();
}
