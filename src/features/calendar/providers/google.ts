import type { calendar_v3 } from "@googleapis/calendar";
import type { Config } from "../../../config/env";
import { EventChanged, EventGone, ProviderGrantRevoked, ProviderUnavailable, SyncCursorGone, type CalendarProvider, type NewEvent } from "./provider";
import { toProviderEvent, videoLink } from "./google-events";

/**
 * The one file that talks to Google (OAuth and Calendar v3), through @googleapis/calendar.
 * GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL point it at another server (the tests'
 * fake). Retries are off and every call has a time limit: a slow Google must never hold
 * a booking; what fails is picked up later by the sync.
 */
const CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar";
/** Added by incremental consent when the member connects Gmail as their mailbox (issue 55). */
const GMAIL_SCOPES = ["https://www.googleapis.com/auth/gmail.readonly", "https://www.googleapis.com/auth/gmail.send"];
const TIMEOUT_MS = 8000;
const noRetry = { retry: false, timeout: TIMEOUT_MS, retryConfig: { retry: 0, noResponseRetries: 0 } };

// The SDK is loaded on first use: importing it costs every cold start about 0.1 s.
let sdk: Promise<typeof import("@googleapis/calendar")> | null = null;
const loadSdk = () => (sdk ??= import("@googleapis/calendar"));

type GoogleConfig = Pick<Config, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET" | "GOOGLE_OAUTH_BASE_URL" | "GOOGLE_API_BASE_URL" | "APP_URL">;

export function googleConfigured(config: GoogleConfig): boolean {
  return !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

export function redirectUri(config: GoogleConfig): string {
  return `${config.APP_URL}/auth/google/calendar/callback`;
}

// Google's failures are the provider interface's (the names stay for the code that says "Google").
export { ProviderGrantRevoked as GoogleGrantRevoked, ProviderUnavailable as GoogleUnavailable };

function classify(e: unknown): Error {
  const err = e as { message?: string; status?: number; response?: { status?: number; data?: any } };
  const data = err?.response?.data;
  const code = typeof data === "object" && data ? (data.error?.status ?? data.error) : undefined;
  if (code === "invalid_grant" || err?.message === "invalid_grant" || /invalid_grant/.test(String(err?.message))) {
    return new ProviderGrantRevoked("Google refused the calendar grant (invalid_grant)");
  }
  const status = err?.response?.status ?? err?.status;
  return new ProviderUnavailable(`Google request failed${status ? ` (${status})` : ""}: ${String(err?.message ?? e).slice(0, 200)}`, status);
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw classify(e);
  }
}

export interface GoogleTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiryDate: number | null;
}

/** Google's OAuth client for this server (the Gmail mailbox uses it with the calendar connection's grant). */
export async function oauthClient(config: GoogleConfig) {
  const { auth } = await loadSdk();
  const base = config.GOOGLE_OAUTH_BASE_URL?.replace(/\/$/, "");
  return new auth.OAuth2({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: redirectUri(config),
    endpoints: base ? { oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`, oauth2TokenUrl: `${base}/token`, oauth2RevokeUrl: `${base}/revoke` } : undefined,
    transporterOptions: noRetry,
    // A 401 on an unexpired access token (revoked at Google) tries the refresh token,
    // which then tells invalid_grant apart from a passing failure.
    forceRefreshOnFailure: true,
  });
}

/** Where to send the browser: offline access (a refresh token), consent each time so Google gives one. */
export async function authorizationUrl(config: GoogleConfig, state: string, opts: { mail?: boolean } = {}): Promise<string> {
  return (await oauthClient(config)).generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    // include_granted_scopes: Gmail's scopes are added to the calendar's, never instead of them.
    scope: opts.mail ? [CALENDAR_SCOPE, ...GMAIL_SCOPES] : [CALENDAR_SCOPE],
    include_granted_scopes: true,
    state,
  });
}

export async function exchangeCode(config: GoogleConfig, code: string): Promise<GoogleTokens> {
  const { tokens } = await call(async () => (await oauthClient(config)).getToken(code));
  return { accessToken: tokens.access_token ?? null, refreshToken: tokens.refresh_token ?? null, expiryDate: tokens.expiry_date ?? null };
}

/** Revokes the grant at Google (revoking either token ends both). */
export async function revoke(config: GoogleConfig, token: string): Promise<void> {
  await call(async () => (await oauthClient(config)).revokeToken(token));
}

export type { ProviderCalendar as CalendarListItem } from "./provider";
import type { ProviderCalendar as CalendarListItem } from "./provider";

/**
 * A Calendar v3 client for one user's tokens. onTokens receives a refreshed access token,
 * so the caller can store it (encrypted) for the next call.
 */
export async function calendarClient(config: GoogleConfig, tokens: GoogleTokens, onTokens: (t: GoogleTokens) => void): Promise<CalendarProvider> {
  const { calendar } = await loadSdk();
  const client = await oauthClient(config);
  client.setCredentials({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, expiry_date: tokens.expiryDate });
  client.on("tokens", (t) => {
    if (t.access_token) onTokens({ accessToken: t.access_token, refreshToken: t.refresh_token ?? null, expiryDate: t.expiry_date ?? null });
  });
  const api = calendar({
    version: "v3",
    auth: client,
    rootUrl: config.GOOGLE_API_BASE_URL ? config.GOOGLE_API_BASE_URL.replace(/\/?$/, "/") : undefined,
    ...noRetry,
  } as calendar_v3.Options);

  return {
    kind: "google" as const,
    /** The account's e-mail: the id of its primary calendar. */
    async accountEmail(): Promise<string> {
      const res = await call(() => api.calendars.get({ calendarId: "primary" }));
      return res.data.id ?? "";
    },

    async listCalendars(): Promise<CalendarListItem[]> {
      const items: CalendarListItem[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await call(() => api.calendarList.list({ maxResults: 250, pageToken, minAccessRole: "writer" }));
        for (const c of res.data.items ?? []) {
          if (c.id) items.push({ id: c.id, summary: c.summaryOverride || c.summary || c.id, primary: !!c.primary });
        }
        pageToken = res.data.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
      return items;
    },

    /**
     * Creates an event with a client-chosen id, so a retry after a lost answer cannot
     * make a second copy: Google answers 409 and the existing event is read instead.
     */
    async insertEvent(calendarId: string, event: NewEvent) {
      const requestBody: calendar_v3.Schema$Event = {
        id: event.id,
        summary: event.summary,
        description: event.description,
        location: event.location ?? undefined,
        start: { dateTime: event.start.toISOString(), timeZone: event.timeZone },
        end: { dateTime: event.end.toISOString(), timeZone: event.timeZone },
        attendees: event.attendees.map((a) => ({ email: a.email, displayName: a.name ?? undefined })),
        conferenceData: event.createVideo ? { createRequest: { requestId: event.id, conferenceSolutionKey: { type: "hangoutsMeet" } } } : undefined,
        extendedProperties: { private: { frankMeeting: event.frankMeeting, frankVersion: String(event.frankVersion) } },
        reminders: { useDefault: true },
      };
      try {
        // Frank sends the invitation itself (iMIP): Google must not send a second one.
        const res = await api.events.insert({ calendarId, requestBody, conferenceDataVersion: 1, sendUpdates: "none" });
        return { eventId: res.data.id ?? event.id, videoUrl: videoLink(res.data), existed: false, version: res.data.etag ?? null };
      } catch (e) {
        const status = (e as { response?: { status?: number }; status?: number })?.response?.status ?? (e as { status?: number }).status;
        if (status !== 409) throw classify(e);
        const res = await call(() => api.events.get({ calendarId, eventId: event.id }));
        return { eventId: res.data.id ?? event.id, videoUrl: videoLink(res.data), existed: true, version: res.data.etag ?? null };
      }
    },

    /**
     * Moves an event (new times, text and attendees); Google sends no update of its own. With
     * ifMatch the write is conditional on that version (If-Match): a changed event answers 412
     * and EventChanged is thrown, nothing written.
     */
    async patchEvent(calendarId: string, eventId: string, event: Omit<NewEvent, "id">, opts: { ifMatch?: string | null } = {}) {
      const res = await callOrGone(() =>
        api.events.patch(
          {
            calendarId,
            eventId,
            sendUpdates: "none",
            ...(event.createVideo ? { conferenceDataVersion: 1 } : {}),
            requestBody: {
              summary: event.summary,
              description: event.description,
              location: event.location ?? undefined,
              start: { dateTime: event.start.toISOString(), timeZone: event.timeZone },
              end: { dateTime: event.end.toISOString(), timeZone: event.timeZone },
              // No attendees: a patch would reset the candidate's answer (declined, accepted); the event was made with them.
              extendedProperties: { private: { frankMeeting: event.frankMeeting, frankVersion: String(event.frankVersion) } },
              status: "confirmed",
              ...(event.createVideo ? { conferenceData: { createRequest: { requestId: `${eventId}-${event.frankVersion}`, conferenceSolutionKey: { type: "hangoutsMeet" } } } } : {}),
            },
          },
          opts.ifMatch ? { headers: { "if-match": opts.ifMatch } } : undefined,
        ),
      );
      return { videoUrl: videoLink(res.data), version: res.data.etag ?? null };
    },

    async getEvent(calendarId: string, eventId: string) {
      try {
        const res = await callOrGone(() => api.events.get({ calendarId, eventId }));
        return toProviderEvent(res.data, "UTC");
      } catch (e) {
        if (e instanceof EventGone) return null;
        throw e;
      }
    },

    /** Removes an event; one already gone (404, 410) counts as removed. */
    async deleteEvent(calendarId: string, eventId: string): Promise<void> {
      try {
        await api.events.delete({ calendarId, eventId, sendUpdates: "none" });
      } catch (e) {
        const status = (e as { response?: { status?: number }; status?: number })?.response?.status ?? (e as { status?: number }).status;
        if (status === 404 || status === 410) return;
        throw classify(e);
      }
    },

    /**
     * One page of events.list: singleEvents so a recurring meeting's busy times are its
     * instances; with a sync token only what changed (deleted ones as status "cancelled").
     * A 410 means the token is gone: the caller reads everything again.
     */
    async readEvents(calendarId, q) {
      try {
        const res = await api.events.list({
          calendarId,
          singleEvents: true,
          showDeleted: !!q.syncToken,
          maxResults: 2500,
          pageToken: q.pageToken ?? undefined,
          ...(q.syncToken ? { syncToken: q.syncToken } : { timeMin: q.timeMin.toISOString() }),
        });
        return {
          // All-day events are days of the calendar's own zone (events.list names it).
          events: (res.data.items ?? []).flatMap((e) => (e.id ? [toProviderEvent(e, res.data.timeZone ?? "UTC")] : [])),
          nextPageToken: res.data.nextPageToken ?? null,
          nextSyncToken: res.data.nextSyncToken ?? null,
        };
      } catch (e) {
        if (statusOf(e) === 410) throw new SyncCursorGone("Google's sync token expired (410)");
        throw classify(e);
      }
    },

    async watch(calendarId, channel) {
      const res = await call(() =>
        api.events.watch({
          calendarId,
          requestBody: { id: channel.id, token: channel.token, type: "web_hook", address: channel.address, params: { ttl: String(channel.ttlSeconds) } },
        }),
      );
      const expires = Number(res.data.expiration);
      return { resourceId: res.data.resourceId ?? "", expiresAt: new Date(Number.isFinite(expires) && expires > 0 ? expires : Date.now() + channel.ttlSeconds * 1000) };
    },

    async stopChannel(channelId, resourceId) {
      try {
        await api.channels.stop({ requestBody: { id: channelId, resourceId } });
      } catch (e) {
        // A channel Google no longer knows is stopped already.
        if (statusOf(e) === 404) return;
        throw classify(e);
      }
    },
  };
}

const statusOf = (e: unknown) => (e as { response?: { status?: number }; status?: number })?.response?.status ?? (e as { status?: number })?.status;

/**
 * A patch of an event deleted in the calendar answers 404 or 410, a conditional one of an event
 * changed since its version 412: the caller decides what follows.
 */
async function callOrGone<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const status = statusOf(e);
    if (status === 404 || status === 410) throw new EventGone(`the event is gone (${status})`);
    if (status === 412) throw new EventChanged("the event changed in the calendar since Frank's version (412)");
    throw classify(e);
  }
}
