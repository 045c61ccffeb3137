import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { getParticipant } from "../candidates/service";
import { eraseParticipantRows, erasedStandInFor } from "../candidates/service-erasure";
import { eraseChatMentions } from "../chat/person-data";
import { eraseBackupOf } from "../monitor/person-data";
import { anonymiseCandidateInterviews, candidateSchedule } from "../scheduling/candidate-records";
import { forgetCandidateName } from "../shortlists/service";
import { eraseConversations } from "../visitors/person-data";
import { forgetCandidateDeliveries } from "../webhooks/record";
import { recordEvent, type Actor } from "../events/record";

/**
 * DELETE /api/participants/{id}: erases one person from every table in one transaction:
 * the record (its notes, timeline and shortlist memberships go with it), the backup copy,
 * their prequalifier and assessment chats, the chat events about them and their name in
 * assistant conversations; their interviews stay for the recruiter, anonymised; the e-mails
 * to them or about their interviews keep only their delivery state.
 */
export function eraseCandidate(deps: Deps, workspaceId: number, id: number, actor: Actor): { erased: number; interviewsKept: number } {
  const p = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  const words = [p.name, p.emailAddress].filter((w): w is string => !!w && w.trim().length >= 2);
  const schedule = candidateSchedule(deps, workspaceId, id);
  const meetingIds = schedule.interviews.map((m) => m.id);
  // Deleted rows' bytes are overwritten, not left in free pages of the file (a connection
  // setting; it costs little and only matters when something is deleted).
  deps.db.run(sql`PRAGMA secure_delete = ON`);
  const kept = deps.db.transaction((tx) => {
    deps.mail.forgetPerson(tx, workspaceId, { emails: p.emailAddress ? [p.emailAddress] : [], meetingIds });
    if (schedule.sessions.length || schedule.interviews.length) {
      anonymiseCandidateInterviews(tx, workspaceId, id, erasedStandInFor(tx, workspaceId, deps.clock.now()), words);
    }
    eraseConversations(tx, workspaceId, id, p.uniqueId ? [p.uniqueId] : []);
    eraseBackupOf(tx, workspaceId, id);
    eraseChatMentions(tx, workspaceId, id, words);
    forgetCandidateName(tx, workspaceId, p.name ? [p.name] : []);
    // Webhook bodies about them (sent or waiting) carry their name and e-mail.
    forgetCandidateDeliveries(tx, workspaceId, [id]);
    if (!eraseParticipantRows(tx, workspaceId, [id])) throw notFound("Candidate not found");
    // After the rows: the candidate's own events went with them; this one names only the id.
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "candidate", id }, kind: "candidate.deleted" });
    return schedule.interviews.length;
  });
  deps.log.info("candidate erased", { workspaceId, participantId: id, interviewsKept: kept });
  return { erased: 1, interviewsKept: kept };
}

/** Erases many (test data, retention) one by one, each in its own transaction; returns how many. */
export function eraseCandidates(deps: Deps, workspaceId: number, ids: number[], actor: Actor): number {
  let n = 0;
  for (const id of ids) {
    try {
      eraseCandidate(deps, workspaceId, id, actor);
      n++;
    } catch (e) {
      if (!(e instanceof Error && "status" in e && (e as { status: number }).status === 404)) throw e;
    }
  }
  return n;
}
