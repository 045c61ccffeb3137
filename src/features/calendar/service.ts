import type { Deps } from "../../deps";
import type { Tx } from "../../db/tx";
import { retryOnBusy } from "../../db/busy";
import { AppError } from "../../lib/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import * as repo from "./repo";
import * as google from "./providers/google";
import * as microsoft from "./providers/microsoft";
import * as microsoftSignIn from "./providers/microsoft-sign-in";
import type { ProviderKind } from "./providers/provider";
import { connectedClient, LIST_CACHE_MS, openTokens, type CalendarDeps, sealAccessToken, withGoogle } from "./connection";
import * as videoLinks from "./video-link";
import { MAIL_RETURN_PATHS } from "./mail-grant";
import type { CalendarStatus } from "./model";
import * as calendarCache from "./repo-cache";
import { calendarsToRead, firstSyncDone } from "./cache-sync";
import { pushAvailable, stopChannels } from "./push";
import { renewChannelsJob, requestSync } from "./work";

/** Google connection: status, the OAuth round trip, the calendar list, primary choice, disconnect. */

const OAUTH_STATE_MS = 10 * 60 * 1000;
const RETURN_PATHS = ["/ical-manager", "/sync-ical", "/dashboard", ...MAIL_RETURN_PATHS];

export function calendarStatus(deps: Deps, userId: number): CalendarStatus {
  const a = repo.findAccount(deps.db, userId);
  const connected = !!a?.connected;
  const notice = connected ? undefined : repo.findNotice(deps.db, userId);
  return {
    isConnected: connected,
    userEmail: connected ? (a?.email ?? null) : null,
    primaryCalendarId: connected ? (a?.primaryCalendarId ?? null) : null,
    notice: notice?.reason ?? null,
    configured: google.googleConfigured(deps.config),
    provider: connected ? a!.provider : null,
    microsoftConfigured: microsoftSignIn.microsoftConfigured(deps.config),
  };
}

/** What the page frame shows of the calendar: whether Google is set up here and whether the member connected it. */
export function calendarShellState(deps: Deps, userId: number): { calendarAvailable: boolean; calendarConnected: boolean } {
  return { calendarAvailable: google.googleConfigured(deps.config) || microsoftSignIn.microsoftConfigured(deps.config), calendarConnected: !!repo.findAccount(deps.db, userId)?.connected };
}

/**
 * Starts the OAuth round trip: a state bound to this user and session, used once within 10
 * minutes. Microsoft's adds PKCE (decision 34): the verifier is kept sealed with the state.
 */
export async function startConnect(deps: Deps, me: { userId: number; sessionId: number }, returnTo?: string, provider: ProviderKind = "google"): Promise<string> {
  if (provider === "google" && !google.googleConfigured(deps.config)) throw new AppError("not_configured", 400, "Google Calendar is not configured on this server.");
  if (provider === "microsoft" && !microsoftSignIn.microsoftConfigured(deps.config)) throw new AppError("not_configured", 400, "Microsoft Outlook is not configured on this server.");
  const state = randomToken(32);
  const now = deps.clock.now();
  const pkce = provider === "microsoft" ? microsoftSignIn.pkcePair() : null;
  repo.insertOauthState(deps.db, {
    stateHash: sha256(state),
    userId: me.userId,
    sessionId: me.sessionId,
    returnTo: returnTo && RETURN_PATHS.includes(returnTo) ? returnTo : "/ical-manager",
    expiresAt: new Date(now.getTime() + OAUTH_STATE_MS),
    now,
    provider,
    verifierSealed: pkce ? deps.secrets.seal(pkce.verifier) : null,
  });
  // Coming back to the mailbox settings: the mail scopes are asked for too (incremental consent).
  const mail = !!returnTo && MAIL_RETURN_PATHS.includes(returnTo);
  if (!pkce) return google.authorizationUrl(deps.config, state, { mail });
  // OnlineMeetings.ReadWrite only for members whose interviews get Teams links.
  return microsoftSignIn.microsoftAuthorizationUrl(deps.config, state, pkce.challenge, { teams: videoLinks.videoDefault(deps, me.userId).kind === "microsoft_teams", mail });
}

/** A failed connection: `code` goes to the page as ?error=code. */
export class ConnectError extends Error {
  constructor(
    public readonly code: string,
    public readonly returnTo = "/ical-manager",
  ) {
    super(code);
  }
}

/**
 * Finishes the round trip: checks the state (same user, same session, unexpired, once),
 * exchanges the code, reads the account e-mail and stores the tokens sealed.
 */
export async function finishConnect(deps: CalendarDeps, me: { userId: number; sessionId: number }, q: { code?: string; state?: string; error?: string }): Promise<{ returnTo: string }> {
  const done = await finishRoundTrip(deps, me, q);
  // The member's next page should show the first sync done; it runs in the worker (up to 5 s).
  await firstSyncDone(deps, me.userId);
  return done;
}

async function finishRoundTrip(deps: CalendarDeps, me: { userId: number; sessionId: number }, q: { code?: string; state?: string; error?: string }): Promise<{ returnTo: string }> {
  const row = q.state ? repo.takeOauthState(deps.db, sha256(q.state), deps.clock.now()) : undefined;
  if (!row || row.userId !== me.userId || row.sessionId !== me.sessionId) throw new ConnectError("invalid_state");
  const returnTo = row.returnTo;
  if (q.error) throw new ConnectError(/^[a-z_]{1,40}$/.test(q.error) ? q.error : "access_denied", returnTo);
  if (!q.code) throw new ConnectError("missing_code", returnTo);
  if (row.provider === "microsoft") return finishMicrosoft(deps, me, q.code, row.verifierSealed, returnTo);
  if (!google.googleConfigured(deps.config)) throw new ConnectError("not_configured", returnTo);

  try {
    const tokens = await google.exchangeCode(deps.config, q.code);
    const before = repo.findAccount(deps.db, me.userId);
    // Google gives a refresh token with prompt=consent; keep the old one if it did not.
    const refreshToken = tokens.refreshToken ?? (before?.connected && before.provider === "google" ? openTokens(deps, before)?.refreshToken : null);
    if (!refreshToken) throw new ConnectError("no_refresh_token", returnTo);
    const client = await google.calendarClient(deps.config, { ...tokens, refreshToken }, (t) => Object.assign(tokens, t));
    const email = await client.accountEmail();
    const calendars = await client.listCalendars();
    // One connection per member: the other provider's (its channels, its grant) goes first.
    if (before?.connected && before.provider !== "google") await disconnect(deps, me.userId);
    // Written after the provider answered: another process's write lock is waited for, not a failed connection.
    await retryOnBusy(deps.db.$client, () =>
      deps.db.transaction((tx) => {
        repo.saveConnection(tx, me.userId, {
          provider: "google",
          email,
          accessTokenSealed: sealAccessToken(deps, tokens),
          refreshTokenSealed: deps.secrets.seal(refreshToken),
        });
        afterConnect(deps, tx, me.userId, before?.connected && before.provider === "google" ? before.email : null, email, calendars);
      }),
    );
    deps.calendarLists.delete(me.userId);
    return { returnTo };
  } catch (e) {
    if (e instanceof ConnectError) throw e;
    deps.log.error("calendar connection failed", { userId: me.userId, error: e instanceof Error ? e.message : String(e) });
    throw new ConnectError(e instanceof google.GoogleGrantRevoked ? "invalid_grant" : "google_unavailable", returnTo);
  }
}

/**
 * The calendars that count (decision 32): the list is stored now (the member is waiting on the
 * provider anyway), the busy cache is filled by a queued sync, push channels by a renewal.
 */
function afterConnect(deps: Deps, tx: Tx, userId: number, beforeEmail: string | null, email: string, calendars: google.CalendarListItem[]) {
  if (beforeEmail !== email) calendarCache.forgetCalendars(tx, userId);
  calendarCache.storeCalendarList(tx, userId, calendars);
  calendarCache.clearSyncErrors(tx, userId);
  for (const id of calendarsToRead(deps, userId)) requestSync(deps, userId, id, {}, tx);
  if (pushAvailable(deps)) renewChannelsJob.enqueue(tx, {});
}

/** Microsoft's end of the round trip: the code with the PKCE verifier, then as Google's. */
async function finishMicrosoft(deps: CalendarDeps, me: { userId: number }, code: string, verifierSealed: string | null, returnTo: string): Promise<{ returnTo: string }> {
  if (!microsoftSignIn.microsoftConfigured(deps.config)) throw new ConnectError("not_configured", returnTo);
  let verifier: string;
  try {
    verifier = deps.secrets.open(verifierSealed ?? "");
  } catch {
    throw new ConnectError("invalid_state", returnTo);
  }
  try {
    const tokens = await microsoftSignIn.exchangeMicrosoftCode(deps.config, code, verifier);
    if (!tokens.refreshToken) throw new ConnectError("no_refresh_token", returnTo);
    const client = microsoft.graphClient(deps.config, tokens, (t) => Object.assign(tokens, t));
    const email = await client.accountEmail();
    const calendars = await client.listCalendars();
    const before = repo.findAccount(deps.db, me.userId);
    if (before?.connected && before.provider !== "microsoft") await disconnect(deps, me.userId);
    // Written after the provider answered: another process's write lock is waited for, not a failed connection.
    await retryOnBusy(deps.db.$client, () =>
      deps.db.transaction((tx) => {
        repo.saveConnection(tx, me.userId, {
          provider: "microsoft",
          email,
          accessTokenSealed: sealAccessToken(deps, tokens),
          refreshTokenSealed: deps.secrets.seal(tokens.refreshToken!),
          // Work and school accounts make Teams meetings; personal (Outlook.com) ones cannot.
          teamsCapable: microsoft.teamsCapable(calendars),
        });
        afterConnect(deps, tx, me.userId, before?.connected && before.provider === "microsoft" ? before.email : null, email, calendars);
      }),
    );
    deps.calendarLists.delete(me.userId);
    return { returnTo };
  } catch (e) {
    if (e instanceof ConnectError) throw e;
    deps.log.error("calendar connection failed", { userId: me.userId, provider: "microsoft", error: e instanceof Error ? e.message : String(e) });
    throw new ConnectError(e instanceof google.GoogleGrantRevoked ? "invalid_grant" : "microsoft_unavailable", returnTo);
  }
}

/**
 * The user's calendars (writable ones), cached 5 minutes. Not connected, or Google
 * refusing the grant, gives an empty list; Google down gives 502 (nothing to cache).
 */
export async function listCalendars(deps: CalendarDeps, userId: number): Promise<google.CalendarListItem[]> {
  const cache = deps.calendarLists;
  const now = deps.clock.now().getTime();
  const hit = cache.get(userId);
  if (hit && now - hit.at < LIST_CACHE_MS && repo.findAccount(deps.db, userId)?.connected) return hit.items;
  const c = await connectedClient(deps, userId);
  if (!c) return [];
  try {
    const items = await withGoogle(deps, c, (x) => x.client.listCalendars());
    cache.set(userId, { at: now, items });
    calendarCache.storeCalendarList(deps.db, userId, items);
    // An admin may have turned Teams on (or off) since connecting.
    if (c.account.provider === "microsoft") repo.setTeamsCapable(deps.db, userId, microsoft.teamsCapable(items));
    return items;
  } catch (e) {
    if (e instanceof google.GoogleGrantRevoked) return [];
    throw new AppError("google_unavailable", 502, c.account.provider === "microsoft" ? "Microsoft Outlook did not answer. Please try again." : "Google Calendar did not answer. Please try again.");
  }
}

const REFUSED = new Set(["", "none", "loading"]);

export const NOT_YOUR_CALENDAR = "Please choose one of your calendars";

/**
 * Stores the calendar Frank writes events to. Only one of the user's own (writable)
 * calendars, as Google lists them, or Google's "primary" alias is accepted.
 */
export async function setPrimaryCalendar(deps: CalendarDeps, userId: number, calendarId: string) {
  const id = calendarId.trim();
  if (REFUSED.has(id)) throw new AppError("validation_failed", 400, "Choose a calendar first.", { calendarId: "Choose a calendar first." });
  const a = repo.findAccount(deps.db, userId);
  if (!a?.connected) throw new AppError("not_connected", 409, "Google Calendar is not connected.");
  const mine = await listCalendars(deps, userId);
  // "primary" is Google's alias; Microsoft names every calendar by its own id.
  if ((id !== "primary" || a.provider === "microsoft") && !mine.some((c) => c.id === id)) {
    throw new AppError("validation_failed", 400, NOT_YOUR_CALENDAR, { calendarId: NOT_YOUR_CALENDAR });
  }
  repo.setPrimaryCalendar(deps.db, userId, id);
  return calendarStatus(deps, userId);
}

/** Revokes the grant at Google (best effort) and forgets the tokens here in any case. */
export async function disconnect(deps: CalendarDeps, userId: number) {
  // Push channels are stopped while the grant still works.
  await stopChannels(deps, userId).catch(() => {});
  const a = repo.findAccount(deps.db, userId);
  if (a) {
    const tokens = openTokens(deps, a);
    const token = tokens?.refreshToken ?? tokens?.accessToken;
    // Microsoft has no endpoint that revokes a refresh token: forgetting it here ends Frank's use
    // of it (the member removes the app's consent at myapps.microsoft.com to end the grant).
    if (token && a.provider === "google" && google.googleConfigured(deps.config)) {
      await google.revoke(deps.config, token).catch((e) => deps.log.error("calendar revoke failed", { userId, error: String(e?.message ?? e) }));
    }
  }
  repo.clearConnection(deps.db, userId);
  calendarCache.forgetCalendars(deps.db, userId);
  deps.calendarLists.delete(userId);
  return calendarStatus(deps, userId);
}
