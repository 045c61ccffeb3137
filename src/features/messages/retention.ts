// Retention of the e-mails kept from the members' mailboxes and written in Frank (issue 55 item 6):
// the workspace's retention period (candidate settings, off by default) applies to them as to the
// rest of a candidate's data. Their attachments are never stored with them (only listed; one kept
// on request becomes a file of the candidate, under the files' own rules), so deleting the
// messages deletes all of them that Frank holds.
import type { Deps } from "../../deps";
import { recordEvent } from "../events/record";
import * as repo from "./retention-repo";

/** Deletes the workspace's messages older than the retention period (any candidate's or contact's); how many. */
export function pruneOldMessages(deps: Deps, workspaceId: number, cutoff: Date, months: number): number {
  return deps.db.transaction((tx) => {
    const n = repo.deleteMessagesBefore(tx, workspaceId, cutoff);
    if (n) recordEvent(deps, tx, { workspaceId, actor: "system", subject: { type: "workspace", id: workspaceId }, kind: "messages.pruned", data: { removed: n, months } });
    return n;
  });
}

/** An e-mail with the candidate after `cutoff`: they are not idle. */
export const messagedSince = (deps: Deps, workspaceId: number, participantId: number, cutoff: Date): boolean =>
  (repo.lastMessageAt(deps.db, workspaceId, participantId)?.getTime() ?? 0) > cutoff.getTime();
