import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client";
import { meetings, schedulingSessions } from "../../db/schema";
import { userBusy } from "./repo";

type Db = Parameters<Parameters<DB["transaction"]>[0]>[0] | DB;

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
