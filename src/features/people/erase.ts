import type { Deps } from "../../deps";
import { notFound } from "../../lib/errors";
import { getParticipant } from "../candidates/service";
import { eraseParticipantRows, erasedStandInFor, searchIndexMergeStep } from "../candidates/service-erasure";
import { eraseChatMentions, type Mentions } from "../chat/person-data";
import { forgetFreedPages } from "../../db/residue";
import type { Participant } from "../candidates/model";
import { eraseBackupOf } from "../monitor/person-data";
import { anonymiseCandidateInterviews, candidateSchedule } from "../scheduling/candidate-records";
import { forgetCandidateName } from "../shortlists/service";
import { fileKeysOf, forgetStoredFiles, removeStoredFiles } from "../candidate-files/service";
import { eraseDraftsOf } from "../candidate-drafts/service";
import { eraseConversations } from "../visitors/person-data";
import { forgetCandidateDeliveries } from "../webhooks/record";
import { recordEvent, type Actor } from "../events/record";
import { forgetMessagesOf } from "../messages/service";
import { forgetEnrolmentsOf } from "../messages/sequences";

/**
 * DELETE /api/participants/{id}: erases one person from every table in one transaction:
 * the record (its notes, timeline and shortlist memberships go with it), the backup copy,
 * their prequalifier and assessment chats, their CVs still waiting as drafts, the chat events about them and their name in
 * assistant conversations; their interviews stay for the recruiter, anonymised; the e-mails
 * to them or about their interviews keep only their delivery state.
 */
export function eraseCandidate(deps: Deps, workspaceId: number, id: number, actor: Actor, opts: { cleanUp?: boolean } = {}): { erased: number; interviewsKept: number } {
  const p = getParticipant(deps, workspaceId, id); // another workspace's id: 404
  const words = [p.name, p.emailAddress].filter((w): w is string => !!w && w.trim().length >= 2);
  const schedule = candidateSchedule(deps, workspaceId, id);
  const meetingIds = schedule.interviews.map((m) => m.id);
  const fileKeys = fileKeysOf(deps, workspaceId, [id]);
  const kept = deps.db.transaction((tx) => {
    deps.mail.forgetPerson(tx, workspaceId, { emails: p.emailAddress ? [p.emailAddress] : [], meetingIds });
    if (schedule.sessions.length || schedule.interviews.length) {
      anonymiseCandidateInterviews(tx, workspaceId, id, erasedStandInFor(tx, workspaceId, deps.clock.now()), words);
    }
    eraseConversations(tx, workspaceId, id, p.uniqueId ? [p.uniqueId] : []);
    // The e-mails with them kept from the members' mailboxes (issue 55).
    forgetMessagesOf(tx, workspaceId, id);
    forgetEnrolmentsOf(tx, workspaceId, id);
    eraseBackupOf(tx, workspaceId, id);
    eraseChatMentions(tx, workspaceId, id, mentionsOf(p));
    forgetCandidateName(tx, workspaceId, p.name ? [p.name] : []);
    // Webhook bodies about them (sent or waiting) carry their name and e-mail.
    forgetCandidateDeliveries(tx, workspaceId, [id]);
    // Their files' bytes: removed after the commit by a job (a bucket that is down is tried again).
    forgetStoredFiles(tx, workspaceId, fileKeys);
    // A CV of theirs still waiting as a draft (sent again, never confirmed) names them too.
    if (p.emailAddress) eraseDraftsOf(tx, workspaceId, [p.emailAddress]);
    if (!eraseParticipantRows(tx, workspaceId, [id])) throw notFound("Candidate not found");
    // After the rows: the candidate's own events went with them; this one names only the id.
    recordEvent(deps, tx, { workspaceId, actor, subject: { type: "candidate", id }, kind: "candidate.deleted" });
    return schedule.interviews.length;
  });
  // Their files' rows went with the record; the bytes go now (the job above is the second try).
  void removeStoredFiles(deps, workspaceId, fileKeys);
  if (opts.cleanUp !== false) void afterErasure(deps);
  deps.log.info("candidate erased", { workspaceId, participantId: id, interviewsKept: kept });
  return { erased: 1, interviewsKept: kept };
}

/**
 * The erased bytes out of the file (decision 0030): deleted rows are zeroed as they are freed
 * (secure_delete, set when the file opens); the search index is merged in small steps and the
 * -wal emptied after the answer, between other requests (a full merge rewrites the whole index).
 * Once per erasure, or once after a batch of them. A backup waits for it.
 */
export function afterErasure(deps: Deps): Promise<void> {
  return forgetFreedPages(deps.db, searchIndexMergeStep()).catch((e: unknown) => {
    deps.log.error("erasure clean-up failed", { error: e instanceof Error ? e.message : String(e) });
  });
}

/** Phone numbers written in a text: runs of 7 or more digits with the usual separators. */
function phonesIn(text: string | null): string[] {
  return [...(text ?? "").matchAll(/\+?\d[\d ().-]{5,}\d/g)].map((m) => m[0]).filter((m) => m.replace(/\D/g, "").length >= 7);
}

/** Everything that identifies the person in free text: each field of theirs that names them, and the parts of their name. */
function mentionsOf(p: Participant): Mentions {
  const linkedin = p.linkedinUrl?.trim() || null;
  const phones = [p.phone, p.prequalifier, p.assessment, p.voiceTranscript, p.availability, p.summary].flatMap(phonesIn);
  const words = [p.name, p.emailAddress, linkedin, linkedin?.replace(/^https?:\/\/(www\.)?/i, ""), p.uniqueId, ...phones, ...phones.map((x) => x.replace(/\D/g, ""))].filter(
    (w): w is string => !!w && w.trim().length >= 2,
  );
  const nameParts = (p.name ?? "").split(/[\s,.'"()-]+/).filter((x) => x.length >= 2);
  return { words: [...new Set(words)], nameParts: [...new Set(nameParts)] };
}

/** Erases many (test data, retention) one by one, each in its own transaction; returns how many. */
export function eraseCandidates(deps: Deps, workspaceId: number, ids: number[], actor: Actor): number {
  let n = 0;
  try {
    for (const id of ids) {
      try {
        eraseCandidate(deps, workspaceId, id, actor, { cleanUp: false });
        n++;
      } catch (e) {
        if (!(e instanceof Error && "status" in e && (e as { status: number }).status === 404)) throw e;
      }
    }
  } finally {
    if (n) void afterErasure(deps);
  }
  return n;
}
