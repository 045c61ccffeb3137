import type { Deps } from "../../deps";
import * as repo from "./repo";
import * as cache from "./repo-cache";
import * as pending from "./repo-pending";
import { decodePending, mergePending } from "./pending-read";
import { connectedClient, withGoogle } from "./connection";
import { meetingsOfUser } from "./meetings";
import { SyncCursorGone, type ProviderEvent } from "./providers/provider";
import { reconcile } from "./reconcile";
import { teamsCapable } from "./providers/microsoft";

/**
 * The busy cache kept by incremental sync (decision 32). Each read follows every page and
 * writes the events and the new sync token together at the end, so a read cut short leaves the
 * previous state and token. A cursor the provider no longer knows (Google's 410) reads the
 * calendar again in full; so does the daily full comparison.
 */
const CACHE_DAYS = 120;
const FULL_EVERY_MS = 24 * 60 * 60 * 1000;
const STALE_AFTER_MS = 15 * 60 * 1000;
const MAX_PAGES = 200;

/** The calendar interviews are written to: the stored choice, else the account's primary. */
export function receivingCalendarId(deps: Deps, userId: number): string | null {
  const account = repo.findAccount(deps.db, userId);
  if (!account?.connected) return null;
  const chosen = account.primaryCalendarId;
  const rows = cache.calendarsOf(deps.db, userId);
  if (chosen && chosen !== "primary") return chosen;
  return rows.find((r) => r.primary)?.calendarId ?? "primary";
}

/** The calendars a member's sync reads: the checked ones, the one receiving interviews, and those holding Frank's events. */
export function calendarsToRead(deps: Deps, userId: number): string[] {
  const receiving = receivingCalendarId(deps, userId);
  if (!receiving) return [];
  // The calendars holding interviews Frank wrote earlier are read too (their changes come back).
  const homes = new Set(cache.eventHomesOf(deps.db, userId).values());
  const ids = cache
    .calendarsOf(deps.db, userId)
    .filter((r) => r.checkConflicts || r.calendarId === receiving || homes.has(r.calendarId))
    .map((r) => r.calendarId);
  return ids.includes(receiving) ? ids : [...ids, receiving];
}

/** Reads the account's calendar list into calendar_calendars (new ones: only the primary counts as busy). */
async function refreshCalendarList(deps: Deps, userId: number): Promise<void> {
  const c = await connectedClient(deps, userId);
  if (!c) return;
  const items = await withGoogle(deps, c, (x) => x.client.listCalendars());
  cache.storeCalendarList(deps.db, userId, items);
  if (c.account.provider === "microsoft") repo.setTeamsCapable(deps.db, userId, teamsCapable(items));
}

export interface SyncOutcome {
  calendarId: string;
  full: boolean;
  events: number;
  error: string | null;
}

/** Syncs one calendar of a member; never throws (a failure is stored as the calendar's error). */
export async function syncCalendar(deps: Deps, userId: number, calendarId: string, opts: { full?: boolean } = {}): Promise<SyncOutcome> {
  const c = await connectedClient(deps, userId);
  if (!c) return { calendarId, full: false, events: 0, error: "not connected" };
  const row = cache.findCalendar(deps.db, userId, calendarId);
  const now = deps.clock.now();
  let full = !!opts.full || !row?.syncToken || !row.lastFullSyncAt || now.getTime() - row.lastFullSyncAt.getTime() >= FULL_EVERY_MS;
  try {
    // Changes an earlier read stored but did not finish applying (the process stopped in between) come first.
    const left = pending.pendingReadOf(deps.db, userId, calendarId);
    if (left) await applyPending(deps, { userId, workspaceId: c.account.workspaceId, calendarId }, left);
    const meetings = meetingsOfUser(deps, c.account.workspaceId, userId);
    const frankEventIds = new Set(meetings.flatMap((m) => (m.calendarEventId ? [m.calendarEventId] : [])));
    let read: { events: ProviderEvent[]; syncToken: string | null };
    try {
      read = await readAll(deps, c, calendarId, full ? null : row!.syncToken, now, frankEventIds);
    } catch (e) {
      if (!(e instanceof SyncCursorGone)) throw e;
      full = true;
      read = await readAll(deps, c, calendarId, null, now, frankEventIds);
    }
    // The cached state before this read, for the full comparison of Frank's own events.
    const horizon = new Date(now.getTime() + CACHE_DAYS * 86_400_000);
    if (!row) cache.storeCalendarList(deps.db, userId, [{ id: calendarId, summary: calendarId, primary: calendarId === "primary" }]);
    // The read's changes are stored with its token, applied, then cleared: a crash between the steps applies them on the next sync.
    const stored = cache.applyRead(deps.db, { userId, calendarId, full, events: read.events, syncToken: read.syncToken, now, horizon, frankEventIds }, (previous) =>
      mergePending(previous, { full, events: read.events }),
    );
    await applyPending(deps, { userId, workspaceId: c.account.workspaceId, calendarId }, stored);
    return { calendarId, full, events: read.events.length, error: null };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    cache.setSyncError(deps.db, userId, calendarId, message);
    deps.log.error("calendar cache sync failed", { userId, calendarId, error: message });
    return { calendarId, full, events: 0, error: message };
  }
}

/** Applies a stored read's changes to the interviews, then clears them (when no later read replaced them meanwhile). */
async function applyPending(deps: Deps, v: { userId: number; workspaceId: number; calendarId: string }, stored: string): Promise<void> {
  const { full, events } = decodePending(stored);
  await reconcile(deps, { ...v, full, events, receiving: v.calendarId === receivingCalendarId(deps, v.userId) });
  pending.clearPendingRead(deps.db, v.userId, v.calendarId, stored);
}

async function readAll(deps: Deps, c: NonNullable<Awaited<ReturnType<typeof connectedClient>>>, calendarId: string, syncToken: string | null, now: Date, frankEventIds: Set<string>) {
  const events: ProviderEvent[] = [];
  // A little of the past: an interview under way is still compared.
  const timeMin = new Date(now.getTime() - 86_400_000);
  let pageToken: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const p = await withGoogle(deps, c, (x) => x.client.readEvents(calendarId, { syncToken, timeMin, pageToken, frankEventIds }));
    events.push(...p.events);
    if (p.nextPageToken) {
      pageToken = p.nextPageToken;
      continue;
    }
    return { events, syncToken: p.nextSyncToken };
  }
  throw new Error(`more than ${MAX_PAGES} pages of events`);
}

/** Syncs every calendar a member's sync reads. */
export async function syncMember(deps: Deps, userId: number, opts: { full?: boolean } = {}): Promise<SyncOutcome[]> {
  if (!cache.calendarsOf(deps.db, userId).length) await refreshCalendarList(deps, userId).catch(() => {});
  const out: SyncOutcome[] = [];
  for (const id of calendarsToRead(deps, userId)) out.push(await syncCalendar(deps, userId, id, opts));
  return out;
}

export type ConnectionState = "ok" | "stale" | "error";

/** ok, stale (no successful sync of a read calendar for 15 minutes) or error (the last sync failed, with why). */
export function connectionState(deps: Deps, userId: number): { state: ConnectionState; lastSyncedAt: Date | null; error: string | null } {
  const read = new Set(calendarsToRead(deps, userId));
  const rows = cache.calendarsOf(deps.db, userId).filter((r) => read.has(r.calendarId));
  const failed = rows.find((r) => r.syncError);
  const times = rows.map((r) => r.lastSyncedAt?.getTime() ?? 0);
  const oldest = rows.length ? Math.min(...times) : 0;
  const lastSyncedAt = oldest ? new Date(oldest) : null;
  if (failed) return { state: "error", lastSyncedAt, error: failed.syncError };
  if (!lastSyncedAt || deps.clock.now().getTime() - oldest > STALE_AFTER_MS) return { state: "stale", lastSyncedAt, error: null };
  return { state: "ok", lastSyncedAt, error: null };
}

/**
 * After a connection, the first sync of its calendars is queued for the worker (another process
 * when `frank serve` runs one): the member's next page should show it done, so the connection's
 * answer waits for it a few seconds, as long as the calendar does not fail.
 */
export async function firstSyncDone(deps: Deps, userId: number, withinMs = 5000): Promise<void> {
  const until = Date.now() + withinMs;
  while (connectionState(deps, userId).state === "stale" && Date.now() < until) await Bun.sleep(50);
}
