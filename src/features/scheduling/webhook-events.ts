// The scheduling events (decision 0029), written in the transaction of the change through the one
// recorder, with their outgoing webhooks as the event's jobs. The webhook payload carries the session or the interview as the API returns it, without the booking
// token, the booking link or the candidate's manage link (those let anyone act as the candidate).
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent, type Actor } from "../events/record";
import * as repo from "./repo";
import { getInterview } from "./interviews";

function interviewData(deps: Deps, publicId: string) {
  const { emails: _emails, ...rest } = getInterview(deps, publicId);
  return rest;
}

type InterviewEventType = "interview.booked" | "interview.moved" | "interview.cancelled" | "interview.completed" | "interview.no_show";

/**
 * An interview event; for interview.moved `previousStartTime` and `startTime` (null while the
 * candidate is choosing among newly offered times), and who made the change.
 */
export function interviewEvent(
  deps: Deps,
  tx: Tx,
  meeting: { id: number; publicId?: string; workspaceId: number; candidateId: number },
  type: InterviewEventType,
  extra: { by: "candidate" | "recruiter" | "calendar"; previousStartTime?: Date | null; reason?: string | null; noShowBy?: "candidate" | "interviewer" },
  actor: Actor = extra.by === "candidate" ? "candidate" : extra.by === "calendar" ? "calendar" : "system",
): void {
  const webhook = () => {
    const m = repo.findMeetingById(deps.db, meeting.id)!.meeting;
    return {
      interview: interviewData(deps, m.publicId),
      candidateId: m.candidateId,
      sessionId: m.sessionId,
      by: extra.by,
      ...(type === "interview.moved" ? { previousStartTime: extra.previousStartTime?.toISOString() ?? null, startTime: m.status === "scheduled" ? m.startTime.toISOString() : null } : {}),
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.noShowBy ? { noShowBy: extra.noShowBy } : {}),
    };
  };
  recordEvent(deps, tx, {
    workspaceId: meeting.workspaceId,
    actor,
    subject: { type: "interview", id: meeting.publicId ?? repo.findMeetingById(deps.db, meeting.id)!.meeting.publicId },
    kind: type,
    // A change the sync brought back from the interviewer's calendar says so in the activity log.
    summary:
      extra.by === "calendar"
        ? `${type === "interview.cancelled" ? "Deleted" : "Moved"} in the interviewer's calendar`
        : extra.noShowBy
          ? `${extra.noShowBy === "candidate" ? "Candidate" : "Interviewer"} did not attend`
          : null,
    data: {
      candidateId: meeting.candidateId,
      by: extra.by,
      ...(extra.noShowBy ? { noShowBy: extra.noShowBy } : {}),
      ...(extra.previousStartTime ? { previousStartTime: extra.previousStartTime.toISOString() } : {}),
    },
    webhooks: [{ type, candidateId: meeting.candidateId, data: webhook }],
  });
}
