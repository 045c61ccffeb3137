import { timingSafeEqual } from "node:crypto";
import type { Deps } from "../../deps";
import { randomToken, sha256 } from "../../lib/crypto";
import * as repo from "./repo";
import * as cache from "./repo-cache";
import { calendarsToRead } from "./cache-sync";
import { connectedClient, withGoogle } from "./connection";

/**
 * Push where it can work (decision 32): with an https APP_URL, each calendar the sync reads
 * has an events.watch channel; a notification only queues a sync (the read is the truth).
 * Channels are renewed a day before they end, and the old one is stopped.
 */
export const NOTIFICATION_PATH = "/api/calendar/notifications/google";
/** Graph's change and lifecycle notifications (decision 34). */
export const MICROSOFT_NOTIFICATION_PATH = "/api/calendar/notifications/microsoft";
const CHANNEL_TTL_S = 7 * 24 * 60 * 60;
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

export const pushAvailable = (deps: Deps) => deps.config.APP_URL.startsWith("https://");

/** Opens a channel for one calendar (and stops the one it replaces). */
export async function openChannel(deps: Deps, userId: number, calendarId: string): Promise<void> {
  const c = await connectedClient(deps, userId);
  if (!c) return;
  const before = cache.findCalendar(deps.db, userId, calendarId);
  const id = randomToken(16);
  const token = randomToken(32);
  const path = c.client.kind === "microsoft" ? MICROSOFT_NOTIFICATION_PATH : NOTIFICATION_PATH;
  const opened = await withGoogle(deps, c, (x) => x.client.watch(calendarId, { id, token, address: `${deps.config.APP_URL}${path}`, ttlSeconds: CHANNEL_TTL_S }));
  // Graph names its subscriptions itself: that id is the channel's.
  cache.setChannel(deps.db, userId, calendarId, { id: opened.channelId ?? id, tokenHash: sha256(token), resourceId: opened.resourceId, expiresAt: opened.expiresAt });
  if (before?.channelId && before.channelResourceId) {
    await withGoogle(deps, c, (x) => x.client.stopChannel(before.channelId!, before.channelResourceId!)).catch((e) =>
      deps.log.error("calendar channel not stopped", { userId, calendarId, error: e instanceof Error ? e.message : String(e) }),
    );
  }
}

async function stopChannel(deps: Deps, userId: number, row: cache.CalendarRow): Promise<void> {
  const c = await connectedClient(deps, userId);
  if (c && row.channelId && row.channelResourceId) await withGoogle(deps, c, (x) => x.client.stopChannel(row.channelId!, row.channelResourceId!));
  cache.setChannel(deps.db, userId, row.calendarId, null);
}

/** Stops every channel of a member (before forgetting the connection). */
export async function stopChannels(deps: Deps, userId: number): Promise<void> {
  const c = await connectedClient(deps, userId).catch(() => null);
  for (const row of cache.calendarsOf(deps.db, userId)) {
    if (!row.channelId || !row.channelResourceId) continue;
    if (c) await withGoogle(deps, c, (x) => x.client.stopChannel(row.channelId!, row.channelResourceId!)).catch(() => {});
    cache.setChannel(deps.db, userId, row.calendarId, null);
  }
}

/** Opens the missing channels and renews those ending within a day (a work item, hourly and after connecting). */
export async function renewChannels(deps: Deps): Promise<void> {
  if (!pushAvailable(deps)) return;
  const soon = deps.clock.now().getTime() + RENEW_BEFORE_MS;
  for (const userId of repo.connectedUserIds(deps.db)) {
    const read = calendarsToRead(deps, userId);
    // A calendar no longer read (unchecked) keeps no channel.
    for (const row of cache.calendarsOf(deps.db, userId)) {
      if (row.channelId && !read.includes(row.calendarId)) await stopChannel(deps, userId, row).catch(() => {});
    }
    for (const calendarId of read) {
      const row = cache.findCalendar(deps.db, userId, calendarId);
      if (row?.channelId && row.channelExpiresAt && row.channelExpiresAt.getTime() > soon) continue;
      await openChannel(deps, userId, calendarId).catch((e) => deps.log.error("calendar channel not opened", { userId, calendarId, error: e instanceof Error ? e.message : String(e) }));
    }
  }
}

/**
 * A notification: known channel and its token (compared in constant time), else refused.
 * Returns the calendar to sync, or null for the first "sync" message (nothing changed yet).
 */
export function checkNotification(deps: Deps, h: { channelId: string | null; token: string | null; state: string | null }): { userId: number; calendarId: string } | "refused" | null {
  if (!h.channelId || !h.token) return "refused";
  const row = cache.findByChannel(deps.db, h.channelId);
  if (!row?.channelTokenHash) return "refused";
  const a = Buffer.from(sha256(h.token), "hex");
  const b = Buffer.from(row.channelTokenHash, "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) return "refused";
  if (h.state === "sync") return null;
  return { userId: row.userId, calendarId: row.calendarId };
}

/** One Graph notification as it arrives (change or lifecycle). */
export interface GraphNotification {
  subscriptionId?: unknown;
  clientState?: unknown;
  lifecycleEvent?: unknown;
  changeType?: unknown;
}

export type GraphVerdict = { userId: number; calendarId: string; action: "sync" | "full" | "reopen" } | "refused";

/**
 * A Graph notification (decision 34): the subscription must be known and its clientState match
 * (SHA-256 compared in constant time). A change queues a sync; the lifecycle events say what else:
 * reauthorizationRequired and subscriptionRemoved open the subscription again (and read, since
 * changes may have gone unsent), missed reads the calendar in full.
 */
export function checkGraphNotification(deps: Deps, n: GraphNotification): GraphVerdict {
  if (typeof n.subscriptionId !== "string" || typeof n.clientState !== "string") return "refused";
  const row = cache.findByChannel(deps.db, n.subscriptionId);
  if (!row?.channelTokenHash) return "refused";
  const a = Buffer.from(sha256(n.clientState), "hex");
  const b = Buffer.from(row.channelTokenHash, "hex");
  if (a.length !== b.length || !timingSafeEqual(a, b)) return "refused";
  const at = { userId: row.userId, calendarId: row.calendarId };
  if (n.lifecycleEvent === "missed") return { ...at, action: "full" };
  if (n.lifecycleEvent === "reauthorizationRequired" || n.lifecycleEvent === "subscriptionRemoved") return { ...at, action: "reopen" };
  return { ...at, action: "sync" };
}
