import type { Deps } from "../../deps";
import * as repo from "./repo";
import { calendarsToRead, syncCalendar } from "./cache-sync";
import { renewChannels } from "./push";

/**
 * The calendar's background work, all in this one file (decision 32): sync runs and channel
 * renewals go through the work queue (deps.work) as kinds of their own; polling wakes them
 * every CALENDAR_POLL_SECONDS. Requests for the same calendar merge: while one run is queued,
 * another request adds nothing (push notifications arrive in bursts).
 */
export const SYNC_WORK = "calendar.sync";
export const RENEW_WORK = "calendar.renew-channels";

// Calendar key → when its run was queued. A run not started within QUEUED_MS (the queue paused or
// its row lost) no longer blocks the next request.
const queued = new WeakMap<Deps, Map<string, number>>();
const QUEUED_MS = 10 * 60_000;
const queuedOf = (deps: Deps) => {
  let s = queued.get(deps);
  if (!s) queued.set(deps, (s = new Map()));
  return s;
};

export function registerCalendarWork(deps: Deps): void {
  deps.work.register(SYNC_WORK, async (p) => {
    const userId = Number(p.userId);
    const calendarId = String(p.calendarId);
    queuedOf(deps).delete(`${userId}:${calendarId}`);
    const r = await syncCalendar(deps, userId, calendarId, { full: p.full === true });
    // Stored on the calendar (its state shows it); a failed run is not retried here: the next poll is the retry.
    if (r.error) deps.log.info("calendar sync run ended with an error", { userId, calendarId, error: r.error });
  });
  deps.work.register(RENEW_WORK, () => renewChannels(deps));
}

/** Queues one sync of a calendar, unless one is queued already. */
export function requestSync(deps: Deps, userId: number, calendarId: string, opts: { full?: boolean } = {}): void {
  const key = `${userId}:${calendarId}`;
  const q = queuedOf(deps);
  const now = Date.now();
  if ((q.get(key) ?? 0) > now - QUEUED_MS) return;
  q.set(key, now);
  deps.work.enqueue(deps.db, SYNC_WORK, { userId, calendarId, full: !!opts.full });
}

/** Queues a sync of every calendar every connected member's sync reads. */
export function requestAllSyncs(deps: Deps): void {
  for (const userId of repo.connectedUserIds(deps.db)) for (const id of calendarsToRead(deps, userId)) requestSync(deps, userId, id);
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
  const renew = setInterval(() => {
    try {
      deps.work.enqueue(deps.db, RENEW_WORK, {});
    } catch (e) {
      deps.log.error("calendar channel renewal not queued", { error: e instanceof Error ? e.message : String(e) });
    }
  }, 60 * 60 * 1000);
  return {
    stop() {
      clearInterval(poll);
      clearInterval(renew);
    },
  };
}
