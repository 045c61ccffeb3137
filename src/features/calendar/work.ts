import { z } from "zod";
import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { defineJob, type Job } from "../../lib/jobs";
import { hasWaitingTask, lastStartedDue } from "../../lib/task-claims";
import { meetingEventJob, removeEventJob } from "../scheduling/calendar-jobs";
import { removeEventOf, syncMeetingEvent } from "./hooks";
import * as repo from "./repo";
import { calendarsToRead, syncCalendar } from "./cache-sync";
import { openChannel, renewChannels } from "./push";

/**
 * The calendar's background work, all in this one file (decision 32): sync runs and channel
 * renewals are typed jobs of the one task table (decision 28); polling wakes them
 * every CALENDAR_POLL_SECONDS. Requests for the same calendar merge: while one run is queued,
 * another request adds nothing (push notifications arrive in bursts).
 */
export const SYNC_WORK = "calendar.sync";
const RENEW_WORK = "calendar.renew-channels";

/** One sync run of one calendar; runs of one calendar go one at a time (serial key). */
const syncCalendarJob = defineJob(SYNC_WORK, z.object({ userId: z.number().int(), calendarId: z.string(), full: z.boolean().default(false) }), {
  serialKey: (p) => `calendar:${p.userId}:${p.calendarId}`,
});

/** Renews the push channels that expire within a day (and opens missing ones). */
export const renewChannelsJob = defineJob(RENEW_WORK, z.object({}), { serialKey: () => "calendar-channels" });

/**
 * Opens a calendar's push channel again now (Graph's reauthorizationRequired and
 * subscriptionRemoved lifecycle events, decision 34); the old subscription is deleted after.
 */
export const reopenChannelJob = defineJob("calendar.reopen-channel", z.object({ userId: z.number().int(), calendarId: z.string() }), { serialKey: () => "calendar-channels" });

/** Queues a reopening of a calendar's channel, unless one is waiting already (lifecycle events come many to a body). */
export function requestReopen(deps: Deps, userId: number, calendarId: string): void {
  const payload = { userId, calendarId };
  deps.db.transaction(
    (tx) => {
      if (!hasWaitingTask(tx, reopenChannelJob.name, reopenChannelJob.serialKey!(payload)!, JSON.stringify(payload))) reopenChannelJob.enqueue(tx, payload);
    },
    { behavior: "immediate" },
  );
}

/** The calendar's work for the worker: its own sync and channels, and the interview events scheduling asks for. */
export function calendarJobs(deps: Deps): Job<any>[] {
  return [
    syncCalendarJob.runs(async (p) => {
      const r = await syncCalendar(deps, p.userId, p.calendarId, { full: p.full });
      // Stored on the calendar (its state shows it); a failed run is not retried here: the next poll is the retry.
      if (r.error) deps.log.info("calendar sync run ended with an error", { userId: p.userId, calendarId: p.calendarId, error: r.error });
    }),
    renewChannelsJob.runs(() => renewChannels(deps)),
    reopenChannelJob.runs((p) => openChannel(deps, p.userId, p.calendarId)),
    meetingEventJob.runs((p) => syncMeetingEvent(deps, p.meetingId)),
    removeEventJob.runs((p) => removeEventOf(deps, p.userId, p.eventId)),
  ];
}

/**
 * Push notifications for one calendar start at most one sync run in this long: the first of a
 * quiet spell at once, the rest of a burst in one run when the spell is over (issue 59 item 9).
 */
export const PUSH_MERGE_MS = 3_000;

/**
 * Queues one sync of a calendar, unless one is waiting already (push notifications arrive in
 * bursts). The task table says so, so a request from the web and a run in the worker agree.
 * A pushed request (`pushed`) is due no sooner than PUSH_MERGE_MS after the calendar's last run
 * started: a burst spread over seconds still makes one run beside the first (a full read asked
 * meanwhile is due with the waiting partial one, and runs after it).
 */
export function requestSync(deps: Deps, userId: number, calendarId: string, opts: { full?: boolean; pushed?: boolean } = {}, tx?: Tx): void {
  const payload = { userId, calendarId, full: !!opts.full };
  const key = syncCalendarJob.serialKey!(payload)!;
  const enqueue = (t: Tx) => {
    // A waiting run reads what this one would; a full read waits behind a partial one, not in it.
    if (hasWaitingTask(t, SYNC_WORK, key, opts.full ? JSON.stringify(payload) : undefined)) return;
    const last = opts.pushed ? lastStartedDue(t, SYNC_WORK, key) : null;
    const next = last ? last.getTime() + PUSH_MERGE_MS : 0;
    syncCalendarJob.enqueue(t, payload, next > deps.clock.now().getTime() ? { runAt: new Date(next) } : undefined);
  };
  if (tx) enqueue(tx);
  // Immediate: the check and the write under one write lock (a read that upgrades later fails at once when another process wrote meanwhile).
  else deps.db.transaction(enqueue, { behavior: "immediate" });
}

/** Queues a sync of every calendar every connected member's sync reads. */
function requestAllSyncs(deps: Deps): void {
  // One write lock for the whole poll; when another process holds it, the next poll asks again.
  deps.db.transaction(
    (tx) => {
      for (const userId of repo.connectedUserIds(deps.db)) for (const id of calendarsToRead(deps, userId)) requestSync(deps, userId, id, {}, tx);
    },
    { behavior: "immediate" },
  );
}

/** Polling (every CALENDAR_POLL_SECONDS) and channel renewal (hourly); the daily full comparison is decided per run. */
export function startCalendarPolling(deps: Deps): { stop(): void } {
  const poll = setInterval(() => {
    try {
      requestAllSyncs(deps);
    } catch (e) {
      deps.log.error("calendar poll failed", { error: e instanceof Error ? e.message : String(e) });
    }
  }, deps.config.CALENDAR_POLL_SECONDS * 1000);
  const renew = setInterval(
    () => {
      try {
        deps.db.transaction((tx) => renewChannelsJob.enqueue(tx, {}));
      } catch (e) {
        deps.log.error("calendar channel renewal not queued", { error: e instanceof Error ? e.message : String(e) });
      }
    },
    60 * 60 * 1000,
  );
  return {
    stop() {
      clearInterval(poll);
      clearInterval(renew);
    },
  };
}
