import type { Deps } from "../../deps";
import * as repo from "./repo";
import { calendarsOf as calendarsOfConnection } from "./repo-cache";
import { EventChanged, EventGone, SyncCursorGone } from "./providers/provider";
import { calendarClient, googleConfigured, GoogleGrantRevoked, GoogleUnavailable, type GoogleTokens } from "./providers/google";
import { graphClient } from "./providers/microsoft";
import { microsoftConfigured } from "./providers/microsoft-sign-in";
import type { CalendarProvider, ProviderKind } from "./providers/provider";

/**
 * A connected user's provider client (Google or Microsoft, decision 34): tokens are opened from
 * their sealed form, refreshed ones are sealed and stored again, and a grant the provider refuses
 * (invalid_grant) turns the connection off with a notice, instead of failing every later call.
 */
type Client = CalendarProvider;

const REVOKED_NOTICE = "Google no longer accepts this connection (access was revoked or has expired). Connect Google Calendar again.";
const MICROSOFT_REVOKED_NOTICE = "Microsoft no longer accepts this connection (access was revoked or has expired). Connect Microsoft Outlook again.";
export const revokedNotice = (provider: ProviderKind) => (provider === "microsoft" ? MICROSOFT_REVOKED_NOTICE : REVOKED_NOTICE);

/** Whether this server can use the provider (its client id and secret are set). */
export const providerConfigured = (deps: Deps, provider: ProviderKind) => (provider === "microsoft" ? microsoftConfigured(deps.config) : googleConfigured(deps.config));

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
  const account = repo.findAccount(deps.db, userId);
  if (!account?.connected || !providerConfigured(deps, account.provider)) return null;
  const tokens = openTokens(deps, account);
  if (!tokens) {
    repo.clearConnection(deps.db, userId, { reason: revokedNotice(account.provider), email: account.email, provider: account.provider });
    return null;
  }
  const onTokens = (t: GoogleTokens) => {
    const sealed = sealAccessToken(deps, t);
    if (sealed) repo.saveAccessToken(deps.db, userId, sealed);
    // Microsoft answers a new refresh token with each refresh; the newest is the one to keep.
    if (account.provider === "microsoft" && t.refreshToken) repo.saveRefreshToken(deps.db, userId, deps.secrets.seal(t.refreshToken));
  };
  const client: Client = account.provider === "microsoft" ? graphClient(deps.config, tokens, onTokens) : await calendarClient(deps.config, tokens, onTokens);
  // Microsoft has no "primary" alias: the receiving calendar is the stored choice or the default calendar.
  return { account, client, calendarId: account.primaryCalendarId || (account.provider === "microsoft" ? defaultCalendarOf(deps, userId) : "primary") };
}

function defaultCalendarOf(deps: Deps, userId: number): string {
  return calendarsOfConnection(deps.db, userId).find((c) => c.primary)?.calendarId ?? "primary";
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
      repo.clearConnection(deps.db, c.account.userId, { reason: revokedNotice(c.account.provider), email: c.account.email, provider: c.account.provider });
      deps.log.info("calendar disconnected: grant refused by the provider", { userId: c.account.userId, provider: c.account.provider });
    }
    // The provider's own answers pass through as they are (a gone event or cursor is not an outage).
    if (e instanceof GoogleGrantRevoked || e instanceof GoogleUnavailable || e instanceof EventGone || e instanceof EventChanged || e instanceof SyncCursorGone) throw e;
    throw new GoogleUnavailable(e instanceof Error ? e.message : String(e));
  }
}

// The calendar list, cached 5 minutes per user (part1 §9), in each web process's memory: a reconnection
// through one process is seen by another when its copy ends (a disconnection at once: a hit is
// served only while the connection's row says connected).
export const LIST_CACHE_MS = 5 * 60 * 1000;

/** One app's calendar lists by user: a field of the calendar feature's closure. */
type CalendarLists = Map<number, { at: number; items: { id: string; summary: string; primary: boolean }[] }>;

/** What the calendar's connection services need beyond the infrastructure. */
export type CalendarDeps = Deps & { calendarLists: CalendarLists };
