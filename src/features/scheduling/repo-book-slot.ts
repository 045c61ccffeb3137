import { and, eq, gt, sql } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { meetings, schedulingSessions, schedulingSlots } from "../../db/schema";
import { userBusy } from "./repo-availability";

type SessionRow = typeof schedulingSessions.$inferSelect;
type SlotRow = typeof schedulingSlots.$inferSelect;
type MeetingRow = typeof meetings.$inferSelect;

export type BookOutcome =
  | { kind: "booked"; meeting: MeetingRow; session: SessionRow; rebooked: boolean; previousStartTime: Date | null }
  | { kind: "not_found" }
  | { kind: "taken" }
  | { kind: "bad_slot" };

type Refusal = Exclude<BookOutcome, { kind: "booked" }>;

interface BookSlot {
  tokenHash: string;
  slotId: string;
  now: Date;
  publicId: string;
  manageTokenHash: string;
  candidateTimeZone: string | null;
  videoFor?: (s: SessionRow) => { kind: string; url: string | null };
  /** Who holds the interview, when not the session's organiser (a pool's chosen member). */
  holderId?: number;
}

/**
 * The booking. Call it inside a write transaction begun IMMEDIATE (the write lock taken
 * first), so that the check against the recruiter's other meetings and the insert cannot be
 * split by another booking, in this process or another. It flips the session from pending
 * to scheduled only if it still is pending and unexpired, then inserts the meeting; the
 * unique indexes on meetings(session_id) and meetings(slot_id) are the last guard.
 */
export function bookSlot(db: DB | Tx, v: BookSlot): BookOutcome {
  return db.transaction((tx): BookOutcome => {
    const s = openSessionByToken(tx, v.tokenHash, v.now);
    if ("kind" in s) return s;
    const slot = tx
      .select()
      .from(schedulingSlots)
      .where(and(eq(schedulingSlots.id, v.slotId), eq(schedulingSlots.sessionId, s.id)))
      .get();
    if (!slot || slot.startTime.getTime() <= v.now.getTime()) return { kind: "bad_slot" };
    const holderId = v.holderId ?? s.userId;
    if (userBusy(tx, { userId: holderId, start: slot.startTime, end: slot.endTime })) return { kind: "taken" };
    const flipped = tx
      .update(schedulingSessions)
      .set({ status: "scheduled" })
      .where(and(eq(schedulingSessions.id, s.id), eq(schedulingSessions.status, "pending"), gt(schedulingSessions.expiresAt, v.now)))
      .returning()
      .get();
    if (!flipped) return { kind: "taken" };
    // The recruiter asked for a new time: the same interview (same invitation UID, same
    // manage link) takes the slot the candidate picks now.
    const waiting = tx
      .select()
      .from(meetings)
      .where(and(eq(meetings.sessionId, s.id), eq(meetings.status, "pending")))
      .get();
    if (waiting) return { kind: "booked", meeting: moveWaitingMeeting(tx, waiting, slot, v.candidateTimeZone), session: flipped, rebooked: true, previousStartTime: waiting.startTime };
    return { kind: "booked", meeting: insertMeeting(tx, s, slot, holderId, v), session: flipped, rebooked: false, previousStartTime: null };
  });
}

/** The session of the token while it can be booked; a booked one is taken, any other not found. */
function openSessionByToken(tx: Tx, tokenHash: string, now: Date): SessionRow | Refusal {
  const s = tx.select().from(schedulingSessions).where(eq(schedulingSessions.tokenHash, tokenHash)).get();
  if (!s) return { kind: "not_found" };
  if (s.status === "scheduled") return { kind: "taken" };
  if (s.status !== "pending" || s.expiresAt.getTime() <= now.getTime()) return { kind: "not_found" };
  return s;
}

/** The waiting interview takes the new slot: a new sequence for its invitation, a new reminder. */
function moveWaitingMeeting(tx: Tx, waiting: MeetingRow, slot: SlotRow, candidateTimeZone: string | null): MeetingRow {
  return tx
    .update(meetings)
    .set({
      slotId: slot.id,
      startTime: slot.startTime,
      endTime: slot.endTime,
      status: "scheduled",
      reminderSentAt: null,
      sequence: sql`${meetings.sequence} + 1`,
      candidateTimeZone: candidateTimeZone ?? waiting.candidateTimeZone,
    })
    .where(eq(meetings.id, waiting.id))
    .returning()
    .get();
}

function insertMeeting(tx: Tx, s: SessionRow, slot: SlotRow, holderId: number, v: BookSlot): MeetingRow {
  // The video link: the session's own, else the interviewer's default (a fixed link is the meeting's URL now; Meet comes with the event).
  const video = v.videoFor?.(s) ?? null;
  return tx
    .insert(meetings)
    .values({
      videoKind: video?.kind ?? null,
      meetingUrl: video?.kind === "fixed" ? video.url : null,
      publicId: v.publicId,
      workspaceId: s.workspaceId,
      sessionId: s.id,
      slotId: slot.id,
      userId: holderId,
      candidateId: s.candidateId,
      title: s.title,
      description: s.description,
      status: "scheduled",
      startTime: slot.startTime,
      endTime: slot.endTime,
      manageTokenHash: v.manageTokenHash,
      candidateTimeZone: v.candidateTimeZone,
      createdAt: v.now,
    })
    .returning()
    .get();
}
