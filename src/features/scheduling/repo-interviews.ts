import { and, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, schedulingSessions, schedulingSlots } from "../../db/schema";
import { userBusy, type MeetingRow } from "./repo";

// The changes to a booked interview, the recruiter's and the candidate's. Each runs inside the
// caller's write transaction, beside the e-mails, calendar work and webhooks it causes.

/** Moves a scheduled meeting to [start, end): a new slot of its session; null when the time clashes with another of the recruiter's meetings. */
export function moveMeetingTo(db: DB | Tx, v: { meeting: MeetingRow; slotId: string; start: Date; end: Date }): MeetingRow | null {
  if (userBusy(db, { userId: v.meeting.userId, start: v.start, end: v.end, exceptMeetingId: v.meeting.id })) return null;
  db.insert(schedulingSlots).values({ id: v.slotId, sessionId: v.meeting.sessionId, workspaceId: v.meeting.workspaceId, startTime: v.start, endTime: v.end }).run();
  return (
    db
      .update(meetings)
      .set({ slotId: v.slotId, startTime: v.start, endTime: v.end, reminderSentAt: null, sequence: sql`${meetings.sequence} + 1` })
      .where(and(eq(meetings.id, v.meeting.id), eq(meetings.status, "scheduled")))
      .returning()
      .get() ?? null
  );
}

/**
 * Offers new times on the candidate's own link: the session's unbooked slots are replaced,
 * the session is open again (for another 14 days), and the meeting waits as "pending" until
 * the candidate picks one (bookSlot then gives it the new slot).
 */
export function offerNewTimes(db: DB | Tx, v: { meeting: MeetingRow; slots: { id: string; startTime: Date; endTime: Date }[]; expiresAt: Date }): MeetingRow | null {
  const m = db
    .update(meetings)
    .set({ status: "pending", reminderSentAt: null, sequence: sql`${meetings.sequence} + 1` })
    .where(and(eq(meetings.id, v.meeting.id), eq(meetings.status, "scheduled")))
    .returning()
    .get();
  if (!m) return null;
  db.delete(schedulingSlots)
    .where(
      and(
        eq(schedulingSlots.sessionId, m.sessionId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(meetings)
            .where(eq(meetings.slotId, schedulingSlots.id)),
        ),
      ),
    )
    .run();
  db.insert(schedulingSlots)
    .values(v.slots.map((s) => ({ ...s, sessionId: m.sessionId, workspaceId: m.workspaceId })))
    .run();
  // Hand-picked times replace a session's free times (issue 36).
  db.update(schedulingSessions).set({ status: "pending", expiresAt: v.expiresAt, mode: "slots" }).where(eq(schedulingSessions.id, m.sessionId)).run();
  return m;
}

/** Marks a scheduled meeting that has started as completed, or one that has ended as a no-show (and who did not attend). */
export function markMeeting(db: DB | Tx, v: { meetingId: number; status: "completed" | "no_show"; noShowBy?: "candidate" | "interviewer"; now: Date }): MeetingRow | null {
  return (
    db
      .update(meetings)
      .set({ status: v.status, noShowBy: v.status === "no_show" ? (v.noShowBy ?? "candidate") : null })
      .where(and(eq(meetings.id, v.meetingId), inArray(meetings.status, ["scheduled", "completed", "no_show"]), lte(v.status === "no_show" ? meetings.endTime : meetings.startTime, v.now)))
      .returning()
      .get() ?? null
  );
}

/** The candidate cancels: only a scheduled meeting; its session is closed with it. */
export function cancelMeeting(db: DB | Tx, meetingId: number): MeetingRow | undefined {
  return db.transaction((tx) => {
    const m = tx
      .update(meetings)
      .set({ status: "canceled", sequence: sql`${meetings.sequence} + 1` })
      .where(and(eq(meetings.id, meetingId), inArray(meetings.status, ["scheduled", "pending"])))
      .returning()
      .get();
    if (m) tx.update(schedulingSessions).set({ status: "cancelled" }).where(eq(schedulingSessions.id, m.sessionId)).run();
    return m;
  });
}

/**
 * The candidate moves the interview to another offered slot that is still open. The
 * unique index on meetings(slot_id) refuses a slot another meeting holds.
 */
export function moveMeeting(db: DB | Tx, v: { meetingId: number; slotId: string; now: Date }): MeetingRow | undefined {
  return db.transaction((tx) => {
    const m = tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.id, v.meetingId), eq(meetings.status, "scheduled")))
      .get();
    if (!m) return undefined;
    const slot = tx
      .select()
      .from(schedulingSlots)
      .where(and(eq(schedulingSlots.id, v.slotId), eq(schedulingSlots.sessionId, m.sessionId), gt(schedulingSlots.startTime, v.now)))
      .get();
    if (!slot || slot.id === m.slotId) return undefined;
    if (userBusy(db, { userId: m.userId, start: slot.startTime, end: slot.endTime, exceptMeetingId: m.id })) return undefined;
    return tx
      .update(meetings)
      .set({ slotId: slot.id, startTime: slot.startTime, endTime: slot.endTime, reminderSentAt: null, sequence: sql`${meetings.sequence} + 1` })
      .where(and(eq(meetings.id, m.id), eq(meetings.slotId, m.slotId), eq(meetings.status, "scheduled")))
      .returning()
      .get();
  });
}

/** One more move made by the candidate themselves (the workspace limits how many). */
export function countCandidateMove(db: DB | Tx, meetingId: number): void {
  db.update(meetings)
    .set({ candidateMoves: sql`${meetings.candidateMoves} + 1` })
    .where(eq(meetings.id, meetingId))
    .run();
}

/** A new version of the interview without another change (its event is written again). */
export function bumpSequence(db: DB | Tx, meetingId: number): void {
  db.update(meetings)
    .set({ sequence: sql`${meetings.sequence} + 1` })
    .where(eq(meetings.id, meetingId))
    .run();
}

/** The recruiter's own notes on an interview (Edit Interview): what it was, or null when there is no such meeting. */
export function setMeetingNotes(db: DB | Tx, meetingId: number, notes: string | null): MeetingRow | null {
  return db.update(meetings).set({ notes }).where(eq(meetings.id, meetingId)).returning().get() ?? null;
}
