import type { DB } from "../../db/client";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { enqueueInterviewEmails } from "./notify";
import { enqueueCalendarWork, removeEventJob } from "./calendar-jobs";
import type { MeetingRow } from "./repo";
import * as handOver from "./repo-hand-over";
import { bumpSequence } from "./repo-interviews";

type Db = Tx | DB;

/**
 * The calendar follows an interview to its new interviewer: the event leaves the former
 * interviewer's calendar and a new one is made in the new interviewer's (work items, written
 * in the reassignment's transaction, done after it by the calendar feature).
 */
function followCalendar(deps: Deps, tx: Tx, moved: MeetingRow[]): void {
  for (const m of moved) {
    if (m.calendarEventId) removeEventJob.enqueue(tx, { userId: m.userId, eventId: m.calendarEventId });
    handOver.forgetCalendarEvent(tx, m.id);
    if (m.status === "scheduled") enqueueCalendarWork(deps, tx, m.id);
  }
}

/** Call inside the reassignment's transaction, with the interviews as they were before the move. */
function moveCalendarEvents(deps: Deps, tx: Tx, before: MeetingRow[]): void {
  followCalendar(
    deps,
    tx,
    before.filter((m) => m.status === "scheduled" || m.calendarEventId),
  );
}

/** An interview a hand-over left with its owner: it overlaps `with`, an interview of the new interviewer. */
export interface HandOverConflict {
  interviewId: string;
  startTime: string;
  with: string;
}

/** The new interviewer's scheduled interview that overlaps `m`, if any (one calendar per interviewer). */
function clashOf(db: Db, m: MeetingRow, toUserId: number): string | null {
  if (m.status !== "scheduled" || m.userId === toUserId) return null;
  return handOver.overlappingInterviewOf(db, toUserId, m) ?? null;
}

/**
 * A handed-over interview that is still to come: the candidate gets the invitation again from
 * the new interviewer (same UID, SEQUENCE + 1, ORGANIZER the new interviewer), and the new
 * interviewer an e-mail with the interview. Written in the hand-over's transaction.
 */
function announceHandOver(deps: Deps, tx: Tx, moved: MeetingRow[]): void {
  const now = deps.clock.now().getTime();
  for (const m of moved) {
    if (m.status !== "scheduled" || m.startTime.getTime() <= now) continue;
    bumpSequence(tx, m.id);
    enqueueInterviewEmails(deps, tx, m.id, "reassigned");
  }
}

/**
 * Hands one member's scheduling sessions and interviews to another member of the same
 * workspace (issue 18: a removed member's work stays and can be reassigned). The team
 * service checks both are members; this runs in the caller's transaction. It keeps the
 * one-calendar rule: an interview that would overlap one of the new interviewer's stays with
 * its owner (and so does its session), and is answered as a conflict.
 */
export function reassignSchedulingOwner(deps: Deps, tx: Tx, v: { workspaceId: number; fromUserId: number; toUserId: number }): { sessions: number; interviews: number; conflicts: HandOverConflict[] } {
  const before = handOver.interviewsBefore(tx, { workspaceId: v.workspaceId, userId: v.fromUserId });
  const conflicts: HandOverConflict[] = [];
  const kept = new Set<number>();
  for (const m of before) {
    const clash = clashOf(tx, m, v.toUserId);
    if (clash) {
      conflicts.push({ interviewId: m.publicId, startTime: m.startTime.toISOString(), with: clash });
      kept.add(m.sessionId);
    }
  }
  const movable = before.filter((m) => !kept.has(m.sessionId));
  const s = handOver.handSessionsOver(tx, v, kept);
  const m = movable.length
    ? handOver.handInterviewsOver(
        tx,
        movable.map((x) => x.id),
        v.toUserId,
      )
    : [];
  moveCalendarEvents(deps, tx, movable);
  announceHandOver(deps, tx, movable);
  return { sessions: s.length, interviews: m.length, conflicts };
}

/**
 * One session (by id) or one interview (by public id) to another member: "missing" when not in
 * the workspace, "busy" when the interview would overlap one of the new interviewer's own.
 * A moved interview's calendar event follows it and the people are told, in the caller's transaction.
 */
export function reassignOne(deps: Deps, db: Tx, v: { workspaceId: number; kind: "session" | "interview"; id: string; toUserId: number }): "done" | "missing" | "busy" {
  if (v.kind === "session") {
    const n = Number(v.id);
    if (!Number.isInteger(n) || n <= 0) return "missing";
    const row = handOver.handSessionOver(db, v.workspaceId, n, v.toUserId);
    return row ? "done" : "missing";
  }
  const m = handOver.interviewByPublicId(db, v.workspaceId, v.id);
  if (!m) return "missing";
  if (m.userId === v.toUserId) return "done";
  // One interviewer's interviews never overlap, whoever moved them to that interviewer.
  if (clashOf(db, m, v.toUserId)) return "busy";
  handOver.handInterviewOver(db, m.id, v.toUserId);
  moveCalendarEvents(deps, db, [m]);
  announceHandOver(deps, db, [m]);
  return "done";
}
