import type { Deps } from "../../deps";
import * as repo from "./repo";
import { EventGone, SyncCursorGone } from "./providers/provider";
import { calendarClient, googleConfigured, GoogleGrantRevoked, GoogleUnavailable, type GoogleTokens } from "./providers/google";

/**
 * A connected user's Google client: tokens are opened from their sealed form, refreshed
 * ones are sealed and stored again, and a grant Google refuses (invalid_grant) turns the
 * connection off with a notice, instead of failing every later call.
 */
export type Client = Awaited<ReturnType<typeof calendarClient>>;

export const REVOKED_NOTICE = "Google no longer accepts this connection (access was revoked or has expired). Connect Google Calendar again.";

export function sealAccessToken(deps: Deps, t: Pick<GoogleTokens, "accessToken" | "expiryDate">): string | null {
  return t.accessToken ? deps.secrets.seal(JSON.stringify({ t: t.accessToken, e: t.expiryDate })) : null;
}

export function openTokens(deps: Deps, account: repo.CalendarAccount): GoogleTokens | null {
  if (!account.refreshTokenSealed) return null;
  try {
    const refreshToken = deps.secrets.open(account.refreshTokenSealed);
    let accessToken: string | null = null;
    let expiryDate: number | null = null;
    if (account.accessTokenSealed) {
      const a = JSON.parse(deps.secrets.open(account.accessTokenSealed));
      accessToken = typeof a.t === "string" ? a.t : null;
      expiryDate = typeof a.e === "number" ? a.e : null;
    }
    return { accessToken, refreshToken, expiryDate };
  } catch {
    // APP_SECRET changed: the tokens cannot be read back; the user must connect again.
    return null;
  }
}

export interface Connected {
  account: repo.CalendarAccount;
  client: Client;
  calendarId: string;
}

/** The user's client, or null when the calendar is not connected or cannot be used. */
export async function connectedClient(deps: Deps, userId: number): Promise<Connected | null> {
  if (!googleConfigured(deps.config)) return null;
  const account = repo.findAccount(deps.db, userId);
  if (!account?.connected) return null;
  const tokens = openTokens(deps, account);
  if (!tokens) {
    repo.clearConnection(deps.db, userId, { reason: REVOKED_NOTICE, email: account.email });
    return null;
  }
  const client = await calendarClient(deps.config, tokens, (t) => {
    const sealed = sealAccessToken(deps, t);
    if (sealed) repo.saveAccessToken(deps.db, userId, sealed);
  });
  return { account, client, calendarId: account.primaryCalendarId || "primary" };
}

/**
 * Runs one Google call for a user. A refused grant disconnects the calendar (with the
 * notice) and is rethrown as GoogleGrantRevoked; other failures are GoogleUnavailable.
 */
export async function withGoogle<T>(deps: Deps, c: Connected, fn: (c: Connected) => Promise<T>): Promise<T> {
  try {
    return await fn(c);
  } catch (e) {
    if (e instanceof GoogleGrantRevoked) {
      repo.clearConnection(deps.db, c.account.userId, { reason: REVOKED_NOTICE, email: c.account.email });
      forgetCalendarList(deps, c.account.userId);
      deps.log.info("calendar disconnected: grant refused by Google", { userId: c.account.userId });
    }
    // The provider's own answers pass through as they are (a gone event or cursor is not an outage).
    if (e instanceof GoogleGrantRevoked || e instanceof GoogleUnavailable || e instanceof EventGone || e instanceof SyncCursorGone) throw e;
    throw new GoogleUnavailable(e instanceof Error ? e.message : String(e));
  }
}

// The calendar list, cached 5 minutes per user (part1 §9). In memory: one process serves all.
export const LIST_CACHE_MS = 5 * 60 * 1000;
const listCaches = new WeakMap<Deps, Map<number, { at: number; items: { id: string; summary: string; primary: boolean }[] }>>();

export function listCache(deps: Deps) {
  let m = listCaches.get(deps);
  if (!m) listCaches.set(deps, (m = new Map()));
  return m;
}

export function forgetCalendarList(deps: Deps, userId: number) {
  listCache(deps).delete(userId);
}
