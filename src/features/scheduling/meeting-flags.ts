// The open flags of interviews (decision 32): what the calendar's sync found and the interview
// page, the Interview Status card and /interviews show. Read-only; calendar-changes.ts writes them.
import type { Deps } from "../../deps";
import { openFlagsOf, openFlagsOfMeetings } from "./repo-flags";

export type FlagKind = "declined" | "clash" | "moved_in_calendar" | "deleted_in_calendar";
export interface InterviewFlag {
  id: number;
  kind: FlagKind;
  message: string;
  at: string;
  startTime: string | null;
}

/** The open flags of an interview, oldest first (GET /api/interviews/{id}, the pages). */
export function interviewFlags(deps: Deps, meetingId: number): InterviewFlag[] {
  return openFlagsOf(deps.db, meetingId).map((f) => ({ id: f.id, kind: f.kind as FlagKind, message: f.message, at: f.createdAt.toISOString(), startTime: f.startTime?.toISOString() ?? null }));
}

/** The open flags of several interviews (lists: the Interview Status card, /interviews). */
export function openFlagsByMeeting(deps: Deps, meetingIds: number[]): Map<number, { kind: FlagKind; message: string }[]> {
  const out = new Map<number, { kind: FlagKind; message: string }[]>();
  if (!meetingIds.length) return out;
  const rows = openFlagsOfMeetings(deps.db, meetingIds);
  for (const f of rows) out.set(f.meetingId, [...(out.get(f.meetingId) ?? []), { kind: f.kind as FlagKind, message: f.message }]);
  return out;
}
