import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { meetings, schedulingSessions } from "../../db/schema";
import { enqueueCalendarWork, REMOVE_EVENT_WORK } from "./notify";
import { userBusy, type MeetingRow } from "./repo";

type Db = Parameters<Parameters<DB["transaction"]>[0]>[0] | DB;

/**
 * The calendar follows an interview to its new interviewer: the event leaves the former
 * interviewer's calendar and a new one is made in the new interviewer's (work items, written
 * in the reassignment's transaction, done after it by the calendar feature).
 */
function followCalendar(deps: Deps, tx: Tx, moved: MeetingRow[]): void {
  for (const m of moved) {
    if (m.calendarEventId) deps.work.enqueue(tx, REMOVE_EVENT_WORK, { userId: m.userId, eventId: m.calendarEventId });
    tx.update(meetings).set({ calendarEventId: null, meetingUrl: null }).where(eq(meetings.id, m.id)).run();
    if (m.status === "scheduled") enqueueCalendarWork(deps, tx, m.id);
  }
}

/** Call inside the reassignment's transaction, with the interviews as they were before the move. */
export function moveCalendarEvents(deps: Deps, tx: Tx, before: MeetingRow[]): void {
  followCalendar(deps, tx, before.filter((m) => m.status === "scheduled" || m.calendarEventId));
}

/** A member's interviews, or one interview by its public id, as they are before a reassignment. */
export function interviewsBefore(db: Db, v: { workspaceId: number; userId?: number; publicId?: string }): MeetingRow[] {
  const by = v.publicId !== undefined ? eq(meetings.publicId, v.publicId) : eq(meetings.userId, v.userId ?? -1);
  return db.select().from(meetings).where(and(eq(meetings.workspaceId, v.workspaceId), by)).all();
}

/**
 * Hands one member's scheduling sessions and interviews to another member of the same
 * workspace (issue 18: a removed member's work stays and can be reassigned). The team
 * service checks both are members; this only moves the rows, in the caller's transaction.
 */
export function reassignSchedulingOwner(db: Db, v: { workspaceId: number; fromUserId: number; toUserId: number }): { sessions: number; interviews: number } {
  const s = db
    .update(schedulingSessions)
    .set({ userId: v.toUserId })
    .where(and(eq(schedulingSessions.workspaceId, v.workspaceId), eq(schedulingSessions.userId, v.fromUserId)))
    .returning({ id: schedulingSessions.id })
    .all();
  const m = db
    .update(meetings)
    .set({ userId: v.toUserId })
    .where(and(eq(meetings.workspaceId, v.workspaceId), eq(meetings.userId, v.fromUserId)))
    .returning({ id: meetings.id })
    .all();
  return { sessions: s.length, interviews: m.length };
}

/**
 * One session (by id) or one interview (by public id) to another member: "missing" when not in
 * the workspace, "busy" when the interview would overlap one of the new interviewer's own.
 */
export function reassignOne(db: Db, v: { workspaceId: number; kind: "session" | "interview"; id: string; toUserId: number }): "done" | "missing" | "busy" {
  if (v.kind === "session") {
    const n = Number(v.id);
    if (!Number.isInteger(n) || n <= 0) return "missing";
    const row = db
      .update(schedulingSessions)
      .set({ userId: v.toUserId })
      .where(and(eq(schedulingSessions.workspaceId, v.workspaceId), eq(schedulingSessions.id, n)))
      .returning({ id: schedulingSessions.id })
      .get();
    return row ? "done" : "missing";
  }
  const m = db.select().from(meetings).where(and(eq(meetings.workspaceId, v.workspaceId), eq(meetings.publicId, v.id))).get();
  if (!m) return "missing";
  // One interviewer's interviews never overlap, whoever moved them to that interviewer.
  if (m.status === "scheduled" && m.userId !== v.toUserId && userBusy(db as DB, { userId: v.toUserId, start: m.startTime, end: m.endTime, exceptMeetingId: m.id })) return "busy";
  db.update(meetings).set({ userId: v.toUserId }).where(eq(meetings.id, m.id)).run();
  return "done";
}
