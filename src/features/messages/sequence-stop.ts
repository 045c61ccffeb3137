// Stopping a candidate's enrolment in a sequence, and why: a reply (the sync), a bounce (the send
// task), an unsubscribe (the link), a member. Apart from sequences.ts so the send task and the sync
// need nothing else of it.
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { recordEvent } from "../events/record";
import * as repo from "./sequences-repo";

/** Stops an active enrolment with its reason, and says so (the record and the sequence.stopped webhook). */
export function stopEnrolment(deps: Deps, tx: Tx, e: repo.EnrolmentRow, reason: string): void {
  if (e.status !== "active") return;
  repo.setEnrolment(tx, e.id, { status: "stopped", stopReason: reason, nextAt: null, nonce: "" });
  recordEvent(deps, tx, {
    workspaceId: e.workspaceId,
    actor: "system",
    subject: { type: "candidate", id: e.participantId },
    kind: "sequence.stopped",
    summary: `Sequence stopped: ${reason}`,
    data: { sequenceId: e.sequenceId, enrolmentId: e.id, reason },
    webhooks: [{ type: "sequence.stopped", data: { sequenceId: e.sequenceId, candidateId: e.participantId, reason }, candidateId: e.participantId }],
  });
}

/** A candidate's answer stops every sequence they are in (the sync, in its transaction). */
export function stopForReply(deps: Deps, tx: Tx, workspaceId: number, participantId: number): void {
  for (const e of repo.enrolmentsOfCandidate(tx, workspaceId, participantId)) stopEnrolment(deps, tx, e, "The candidate replied");
}

/** The one-click unsubscribe (List-Unsubscribe-Post), or the page's button. False for an unknown link. */
export function unsubscribe(deps: Deps, token: string): boolean {
  const e = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? repo.enrolmentByToken(deps.db, token) : undefined;
  if (!e) return false;
  deps.db.transaction((tx) => stopEnrolment(deps, tx, e, "The candidate unsubscribed"));
  return true;
}

export const unsubscribeTokenOf = (deps: Deps, enrolmentId: number): string | null => repo.enrolmentById(deps.db, enrolmentId)?.unsubscribeToken ?? null;

/** A step's e-mail could not be delivered for good (a bounce): the enrolment stops. */
export function stopForBounce(deps: Deps, tx: Tx, enrolmentId: number, reason: string | null): void {
  const e = repo.enrolmentById(tx, enrolmentId);
  // The last step's bounce too: the enrolment did not end well, and says why.
  if (e) stopEnrolment(deps, tx, e.status === "finished" ? { ...e, status: "active" } : e, `The e-mail bounced${reason ? `: ${reason}` : ""}`.slice(0, 300));
}

/**
 * A message to a candidate bounced (a report in the mailbox, or a permanent refusal when sent): its
 * own step's enrolment and every other sequence the candidate is in stop, with the reason.
 */
export function stopForBouncedMessage(deps: Deps, tx: Tx, m: { workspaceId: number; participantId: number | null; enrolmentId: number | null }, reason: string | null): void {
  if (m.enrolmentId) stopForBounce(deps, tx, m.enrolmentId, reason);
  if (!m.participantId) return;
  const why = `The e-mail bounced${reason ? `: ${reason}` : ""}`.slice(0, 300);
  for (const e of repo.enrolmentsOfCandidate(tx, m.workspaceId, m.participantId)) stopEnrolment(deps, tx, e, why);
}
