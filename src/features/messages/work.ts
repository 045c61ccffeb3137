import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob, type Job } from "../../lib/jobs";
import { hasWaitingTask } from "../../lib/task-claims";
import * as repo from "./repo";
import { syncMailbox } from "./sync";

const MAILBOX_SYNC = "mailbox.sync";

/** One sync run of one mailbox; runs of one mailbox go one at a time. */
const syncMailboxJob = defineJob(MAILBOX_SYNC, z.object({ mailboxId: z.number().int() }), { serialKey: (p) => `mailbox:${p.mailboxId}` });

/** Queues a sync of a mailbox unless one is waiting already. */
export function requestMailboxSync(tx: Tx, mailboxId: number): void {
  if (!hasWaitingTask(tx, MAILBOX_SYNC, `mailbox:${mailboxId}`)) syncMailboxJob.enqueue(tx, { mailboxId });
}

export function requestAllMailboxSyncs(deps: Deps): void {
  deps.db.transaction((tx) => repo.allMailboxIds(tx).forEach((id) => requestMailboxSync(tx, id)), { behavior: "immediate" });
}

export function messagesJobs(deps: Deps): Job<any>[] {
  return [
    syncMailboxJob.runs(
      async (p) => {
        const r = await syncMailbox(deps, p.mailboxId);
        // Kept on the mailbox (its state shows it); the next poll is the retry.
        if (r.error) deps.log.info("mailbox sync ended with an error", { mailboxId: p.mailboxId, error: r.error });
      },
      { timeoutMs: 10 * 60 * 1000 },
    ),
  ];
}

/** Polling: every MAILBOX_POLL_SECONDS (the calendar's interval), each mailbox's sync is queued. */
export function startMailboxPolling(deps: Deps, seconds = deps.config.CALENDAR_POLL_SECONDS): { stop(): void } {
  const t = setInterval(() => {
    try {
      requestAllMailboxSyncs(deps);
    } catch (e) {
      deps.log.error("mailbox poll failed", { error: e instanceof Error ? e.message : String(e) });
    }
  }, seconds * 1000);
  return { stop: () => clearInterval(t) };
}
