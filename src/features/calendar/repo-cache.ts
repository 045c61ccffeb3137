import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { DB } from "../../db/client";
import type { Tx } from "../../db/tx";
import { calendarBusyEvents, calendarCalendars, calendarVideoLinks, calendarWorkspaceSettings } from "../../db/schema";
import type { ProviderCalendar, ProviderEvent } from "./providers/provider";

/**
 * The calendar's SQL for the calendars of a connection and the busy cache (decision 32):
 * calendar_calendars and calendar_busy_events are written only here.
 */
export type CalendarRow = typeof calendarCalendars.$inferSelect;

export function calendarsOf(db: DB, userId: number): CalendarRow[] {
  return db.select().from(calendarCalendars).where(eq(calendarCalendars.userId, userId)).orderBy(calendarCalendars.id).all();
}

export function findCalendar(db: DB, userId: number, calendarId: string): CalendarRow | undefined {
  return db
    .select()
    .from(calendarCalendars)
    .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, calendarId)))
    .get();
}

/**
 * Stores the provider's calendar list: new calendars count as busy only when primary (the
 * default), names follow the provider, and calendars gone from the account are forgotten
 * with their cached events.
 */
export function storeCalendarList(db: DB | Tx, userId: number, items: ProviderCalendar[]): void {
  db.transaction((tx) => {
    for (const c of items) {
      tx.insert(calendarCalendars)
        .values({ userId, calendarId: c.id, name: c.summary, primary: c.primary, checkConflicts: c.primary })
        .onConflictDoUpdate({ target: [calendarCalendars.userId, calendarCalendars.calendarId], set: { name: c.summary, primary: c.primary } })
        .run();
    }
    const keep = items.map((c) => c.id);
    const gone = tx
      .select({ id: calendarCalendars.calendarId })
      .from(calendarCalendars)
      .where(eq(calendarCalendars.userId, userId))
      .all()
      .filter((r) => !keep.includes(r.id))
      .map((r) => r.id);
    if (gone.length) {
      tx.delete(calendarCalendars)
        .where(and(eq(calendarCalendars.userId, userId), inArray(calendarCalendars.calendarId, gone)))
        .run();
      tx.delete(calendarBusyEvents)
        .where(and(eq(calendarBusyEvents.userId, userId), inArray(calendarBusyEvents.calendarId, gone)))
        .run();
    }
  });
}

export function setCheckConflicts(db: DB | Tx, userId: number, changes: { id: string; checkConflicts: boolean }[]): void {
  db.transaction((tx) => {
    for (const c of changes) {
      tx.update(calendarCalendars)
        .set({ checkConflicts: c.checkConflicts })
        .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, c.id)))
        .run();
    }
  });
}

/** Forgets every calendar and cached event of a member (disconnect). */
export function forgetCalendars(db: DB | Tx, userId: number): void {
  db.transaction((tx) => {
    tx.delete(calendarCalendars).where(eq(calendarCalendars.userId, userId)).run();
    tx.delete(calendarBusyEvents).where(eq(calendarBusyEvents.userId, userId)).run();
  });
}

/**
 * Writes one finished read into the cache, with its new sync token and its changes still to be
 * applied to interviews (pending, from the one stored before), in one transaction: a
 * full read replaces the calendar's events; an incremental one applies changes (a cancelled
 * event leaves). Only events overlapping [now, horizon) are kept.
 */
export function applyRead(
  db: DB,
  v: { userId: number; calendarId: string; full: boolean; events: ProviderEvent[]; syncToken: string | null; now: Date; horizon: Date; frankEventIds: Set<string> },
  pending: (previous: string | null) => string,
): string {
  return db.transaction((tx) => {
    const key = and(eq(calendarBusyEvents.userId, v.userId), eq(calendarBusyEvents.calendarId, v.calendarId));
    if (v.full) tx.delete(calendarBusyEvents).where(key).run();
    // Past events are of no use to the cache.
    tx.delete(calendarBusyEvents)
      .where(and(key, lt(calendarBusyEvents.endTime, v.now)))
      .run();
    if (v.full) {
      // A full read into an emptied calendar: plain inserts, many rows a statement (5,000 events in one go).
      const rows = v.events
        .filter((e) => e.status !== "cancelled" && e.start && e.end && e.end > v.now && e.start < v.horizon)
        .map((e) => ({
          userId: v.userId,
          calendarId: v.calendarId,
          eventId: e.id,
          summary: e.summary,
          startTime: e.start!,
          endTime: e.end!,
          transparent: e.transparent,
          status: e.status,
          frankEvent: !!e.frankMeeting || v.frankEventIds.has(e.id),
        }));
      // Google lists an event once; a repeated id (an instance listed twice) keeps the last.
      const unique = [...new Map(rows.map((r) => [r.eventId, r])).values()];
      // One prepared statement, run per row inside the transaction (drizzle's builder costs more than SQLite here).
      const insert = db.$client.prepare(
        "insert into calendar_busy_events (user_id, calendar_id, event_id, summary, start_time, end_time, transparent, status, frank_event) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      );
      for (const r of unique) insert.run(r.userId, r.calendarId, r.eventId, r.summary, r.startTime.getTime(), r.endTime.getTime(), r.transparent ? 1 : 0, r.status, r.frankEvent ? 1 : 0);
    }
    for (const e of v.full ? [] : v.events) {
      const keep = e.status !== "cancelled" && e.start && e.end && e.end > v.now && e.start < v.horizon;
      if (!keep) {
        if (!v.full)
          tx.delete(calendarBusyEvents)
            .where(and(key, eq(calendarBusyEvents.eventId, e.id)))
            .run();
        continue;
      }
      const row = {
        summary: e.summary,
        startTime: e.start!,
        endTime: e.end!,
        transparent: e.transparent,
        status: e.status,
        frankEvent: !!e.frankMeeting || v.frankEventIds.has(e.id),
      };
      tx.insert(calendarBusyEvents)
        .values({ userId: v.userId, calendarId: v.calendarId, eventId: e.id, ...row })
        .onConflictDoUpdate({ target: [calendarBusyEvents.userId, calendarBusyEvents.calendarId, calendarBusyEvents.eventId], set: row })
        .run();
    }
    // The changes to apply to interviews are stored with the token that reads past them.
    const mine = and(eq(calendarCalendars.userId, v.userId), eq(calendarCalendars.calendarId, v.calendarId));
    const pendingRead = pending(tx.select({ p: calendarCalendars.pendingRead }).from(calendarCalendars).where(mine).get()?.p ?? null);
    tx.update(calendarCalendars)
      .set({ syncToken: v.syncToken, lastSyncedAt: v.now, syncError: null, pendingRead, ...(v.full ? { lastFullSyncAt: v.now } : {}) })
      .where(mine)
      .run();
    return pendingRead;
  });
}

/** A new grant: the old connection's failures no longer say anything. */
export function clearSyncErrors(db: DB | Tx, userId: number): void {
  db.update(calendarCalendars).set({ syncError: null }).where(eq(calendarCalendars.userId, userId)).run();
}

export function setSyncError(db: DB, userId: number, calendarId: string, error: string): void {
  db.update(calendarCalendars)
    .set({ syncError: error.slice(0, 500) })
    .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, calendarId)))
    .run();
}

export interface CachedBusy {
  start: Date;
  end: Date;
  calendarId: string;
  eventId: string;
  summary: string | null;
}

const fastBusy = new WeakMap<DB, ReturnType<DB["$client"]["prepare"]>>();

/**
 * The same busy times, start and end in epoch milliseconds, straight from SQLite (no row
 * mapping, no Date objects): the slot filter reads thousands of them on every booking page
 * (decisions 32 and 35). The checked calendars are a small list read once per call (the IN
 * list), and the busy rows come from the covering index alone.
 */
export function busyMillis(db: DB, userId: number, from: number, to: number): [number, number][] {
  let stmt = fastBusy.get(db);
  if (!stmt) {
    stmt = db.$client.prepare(
      `select start_time, end_time from calendar_busy_events
       where user_id = ?1 and start_time < ?3 and end_time > ?2 and transparent = 0 and frank_event = 0
         and calendar_id in (select calendar_id from calendar_calendars where user_id = ?1 and check_conflicts = 1)
       order by start_time`,
    );
    fastBusy.set(db, stmt);
  }
  return stmt.values(userId, from, to) as [number, number][];
}

/** The same as dates. */
export function busySpans(db: DB, userId: number, from: Date, to: Date): { start: Date; end: Date }[] {
  return busyMillis(db, userId, from.getTime(), to.getTime()).map(([s, e]) => ({ start: new Date(s), end: new Date(e) }));
}

/**
 * The busy times of a member's checked calendars overlapping [from, to): opaque, not
 * cancelled, and not Frank's own events (their time is the meeting's, which scheduling knows).
 */
export function busyBetween(db: DB, userId: number, from: Date, to: Date): CachedBusy[] {
  return db
    .select({
      start: calendarBusyEvents.startTime,
      end: calendarBusyEvents.endTime,
      calendarId: calendarBusyEvents.calendarId,
      eventId: calendarBusyEvents.eventId,
      summary: calendarBusyEvents.summary,
    })
    .from(calendarBusyEvents)
    .innerJoin(calendarCalendars, and(eq(calendarCalendars.userId, calendarBusyEvents.userId), eq(calendarCalendars.calendarId, calendarBusyEvents.calendarId)))
    .where(
      and(
        eq(calendarBusyEvents.userId, userId),
        eq(calendarCalendars.checkConflicts, true),
        eq(calendarBusyEvents.transparent, false),
        eq(calendarBusyEvents.frankEvent, false),
        lt(calendarBusyEvents.startTime, to),
        gt(calendarBusyEvents.endTime, from),
      ),
    )
    .orderBy(calendarBusyEvents.startTime)
    .all();
}

// Push channels

export function findByChannel(db: DB, channelId: string): CalendarRow | undefined {
  return db.select().from(calendarCalendars).where(eq(calendarCalendars.channelId, channelId)).get();
}

export function setChannel(db: DB, userId: number, calendarId: string, c: { id: string; tokenHash: string; resourceId: string; expiresAt: Date } | null): void {
  db.update(calendarCalendars)
    .set({ channelId: c?.id ?? null, channelTokenHash: c?.tokenHash ?? null, channelResourceId: c?.resourceId ?? null, channelExpiresAt: c?.expiresAt ?? null })
    .where(and(eq(calendarCalendars.userId, userId), eq(calendarCalendars.calendarId, calendarId)))
    .run();
}

// Settings

export function eventChangeMode(db: DB, workspaceId: number): "follow" | "flag" {
  const row = db.select().from(calendarWorkspaceSettings).where(eq(calendarWorkspaceSettings.workspaceId, workspaceId)).get();
  return row?.onEventChange === "flag" ? "flag" : "follow";
}

export function setEventChangeMode(db: DB, workspaceId: number, mode: "follow" | "flag"): void {
  db.insert(calendarWorkspaceSettings)
    .values({ workspaceId, onEventChange: mode })
    .onConflictDoUpdate({ target: calendarWorkspaceSettings.workspaceId, set: { onEventChange: mode } })
    .run();
}

export function videoLinkOf(db: DB, userId: number): { kind: string; url: string | null } | undefined {
  return db.select({ kind: calendarVideoLinks.kind, url: calendarVideoLinks.url }).from(calendarVideoLinks).where(eq(calendarVideoLinks.userId, userId)).get();
}

export function setVideoLink(db: DB, userId: number, v: { kind: string; url: string | null }): void {
  db.insert(calendarVideoLinks)
    .values({ userId, ...v })
    .onConflictDoUpdate({ target: calendarVideoLinks.userId, set: v })
    .run();
}

// Where each interview's event lives

export * from "./repo-event-homes";
