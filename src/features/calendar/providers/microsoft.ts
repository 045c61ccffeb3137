import { EventChanged, EventGone, ProviderGrantRevoked, ProviderUnavailable, SyncCursorGone, type CalendarProvider, type NewEvent, type ProviderCalendar, type ProviderEvent } from "./provider";
import { EXPAND, FRANK_EVENT, FRANK_MEETING, FRANK_VERSION, graphTime, marksOf, toProviderEvent, versionOf } from "./microsoft-events";
import { BASE_SCOPES, MICROSOFT_TIMEOUT_MS, microsoftTokenCall, type MicrosoftConfig, type MicrosoftTokens } from "./microsoft-sign-in";

// Microsoft Graph's calendar endpoints for one signed-in member (decision 34; the sign-in itself
// is microsoft-sign-in.ts), with plain fetch: a Graph SDK would add megabytes to the binary for a
// dozen calls. Every call has a time limit and no retry of its own: what fails is picked up by
// the calendar's jobs and the sync, as for Google.

/** How far ahead the first delta round reads (the cache keeps 120 days; the daily full read moves the window). */
const WINDOW_DAYS = 121;
/** Graph keeps subscriptions to events at most 4,230 minutes (just under three days). */
const MAX_SUBSCRIPTION_MINUTES = 4230 - 5;

/** Every event Frank writes carries this transactionId prefix: the sync knows Frank's events without reading their properties. */
const TRANSACTION_PREFIX = "frank-";

export const graphBase = (config: Pick<MicrosoftConfig, "MICROSOFT_GRAPH_URL">) => (config.MICROSOFT_GRAPH_URL ?? "https://graph.microsoft.com/v1.0").replace(/\/$/, "");

/** A calendar as Graph lists it, with whether the account can make Teams meetings in it. */
interface MicrosoftCalendar extends ProviderCalendar {
  teams: boolean;
}

/** Teams meetings are possible where the default calendar (else any calendar) allows them. */
export function teamsCapable(items: ProviderCalendar[]): boolean {
  const teams = (c: ProviderCalendar | undefined) => (c as MicrosoftCalendar | undefined)?.teams;
  return teams(items.find((c) => c.primary)) ?? items.some((c) => teams(c));
}

export type MicrosoftProvider = Omit<CalendarProvider, "listCalendars"> & { listCalendars(): Promise<MicrosoftCalendar[]> };

/**
 * A Graph client for one member's tokens. Access tokens are refreshed a minute before they end
 * (and once on a 401); Microsoft rotates the refresh token, and onTokens receives both so the
 * caller stores them sealed.
 */
export function graphClient(config: MicrosoftConfig, tokens: MicrosoftTokens, onTokens: (t: MicrosoftTokens) => void): MicrosoftProvider {
  const base = graphBase(config);
  const origin = new URL(base).origin;
  let current = { ...tokens };
  let refreshing: Promise<void> | null = null;

  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        if (!current.refreshToken) throw new ProviderGrantRevoked("no Microsoft refresh token");
        const t = await microsoftTokenCall(config, { grant_type: "refresh_token", refresh_token: current.refreshToken, scope: BASE_SCOPES });
        current = { accessToken: t.accessToken, refreshToken: t.refreshToken ?? current.refreshToken, expiryDate: t.expiryDate };
        onTokens(current);
      } finally {
        refreshing = null;
      }
    })());

  /** One Graph call: a path under the Graph base or a link Graph gave (nextLink, deltaLink) on the same origin. */
  async function graph(method: string, pathOrUrl: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${base}${pathOrUrl}`;
    // The bearer token goes to Graph only, never to a link that points elsewhere.
    if (new URL(url).origin !== origin) throw new ProviderUnavailable(`Graph answered a link outside ${origin}`);
    for (let attempt = 0; ; attempt++) {
      if (!current.accessToken || (current.expiryDate ?? 0) < Date.now() + 60_000) await refresh();
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${current.accessToken}`,
            ...(body !== undefined ? { "content-type": "application/json" } : {}),
            // Times come back in UTC whatever the mailbox's zone.
            prefer: 'outlook.timezone="UTC"',
            ...headers,
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(MICROSOFT_TIMEOUT_MS),
        });
      } catch (e) {
        throw new ProviderUnavailable(`Microsoft Graph did not answer: ${e instanceof Error ? e.message : String(e)}`);
      }
      if (res.status === 401 && attempt === 0) {
        // Revoked at Microsoft before the token ran out: the refresh tells a revoked grant from a passing failure.
        current.expiryDate = 0;
        continue;
      }
      return res;
    }
  }

  async function ok(res: Response, what: string): Promise<any> {
    if (res.ok) return res.status === 204 ? null : res.json();
    const text = await res.text().catch(() => "");
    throw new ProviderUnavailable(`Microsoft Graph ${what} failed (${res.status}): ${text.slice(0, 200)}`, res.status);
  }

  function eventBody(event: Omit<NewEvent, "id">, frankEventId: string | null) {
    return {
      subject: event.summary,
      body: { contentType: "text", content: event.description },
      start: { dateTime: graphTime(event.start), timeZone: "UTC" },
      end: { dateTime: graphTime(event.end), timeZone: "UTC" },
      location: { displayName: event.location ?? "" },
      showAs: "busy",
      // No attendees on Outlook's copy: Exchange mails every attendee its own invitation and Graph
      // has no switch to stop it; Frank's iMIP invitation is the one the candidate gets.
      singleValueExtendedProperties: [
        ...(frankEventId ? [{ id: FRANK_EVENT, value: frankEventId }] : []),
        { id: FRANK_MEETING, value: event.frankMeeting },
        { id: FRANK_VERSION, value: String(event.frankVersion) },
      ],
      ...(event.createVideo ? { isOnlineMeeting: true, onlineMeetingProvider: "teamsForBusiness" } : {}),
    };
  }

  /** Frank's version on one of its events (delta answers leave extended properties out). */
  async function frankMarks(id: string): Promise<{ meeting: string | null; version: number | null }> {
    const res = await graph("GET", `/me/events/${encodeURIComponent(id)}?$select=id&$expand=${encodeURIComponent(EXPAND)}`);
    if (res.status === 404) return { meeting: null, version: null };
    const e = await ok(res, "event read");
    return marksOf(e);
  }

  return {
    kind: "microsoft" as const,

    async accountEmail() {
      const me = await ok(await graph("GET", "/me?$select=mail,userPrincipalName"), "profile read");
      return String(me.mail || me.userPrincipalName || "");
    },

    async listCalendars() {
      const items: MicrosoftCalendar[] = [];
      let next: string | null = "/me/calendars?$top=100";
      for (let page = 0; next && page < 10; page++) {
        const data: any = await ok(await graph("GET", next), "calendar list");
        for (const c of data.value ?? []) {
          if (c.canEdit === false) continue;
          const providers: string[] = c.allowedOnlineMeetingProviders ?? [];
          items.push({ id: c.id, summary: c.name || c.id, primary: !!c.isDefaultCalendar, teams: providers.includes("teamsForBusiness") });
        }
        next = data["@odata.nextLink"] ?? null;
      }
      return items;
    },

    /**
     * Creates the event once: Frank's id is looked for first (an extended property), and the
     * create carries it as transactionId, so a retry after a lost answer finds the first event.
     */
    async insertEvent(calendarId, event) {
      const filter = `singleValueExtendedProperties/Any(ep: ep/id eq '${FRANK_EVENT}' and ep/value eq '${event.id}')`;
      const found = await ok(await graph("GET", `/me/calendars/${encodeURIComponent(calendarId)}/events?$filter=${encodeURIComponent(filter)}&$select=id,onlineMeeting,changeKey`), "event search");
      const existing = found.value?.[0];
      if (existing) return { eventId: existing.id, videoUrl: existing.onlineMeeting?.joinUrl ?? null, existed: true, version: versionOf(existing) };
      const res = await graph("POST", `/me/calendars/${encodeURIComponent(calendarId)}/events`, { ...eventBody(event, event.id), transactionId: `${TRANSACTION_PREFIX}${event.id}` });
      const e = await ok(res, "event create");
      return { eventId: e.id, videoUrl: e.onlineMeeting?.joinUrl ?? null, existed: false, version: versionOf(e) };
    },

    /**
     * Brings the event up to date. With ifMatch the write is conditional on that version (the
     * event's @odata.etag, its changeKey): a changed event answers 412 (ErrorIrresolvableConflict)
     * and EventChanged is thrown, nothing written.
     */
    async patchEvent(_calendarId, eventId, event, opts = {}) {
      const res = await graph("PATCH", `/me/events/${encodeURIComponent(eventId)}`, eventBody(event, null), opts.ifMatch ? { "if-match": opts.ifMatch } : {});
      goneOrChanged(res);
      const e = await ok(res, "event update");
      return { videoUrl: e.onlineMeeting?.joinUrl ?? null, version: versionOf(e) };
    },

    /** The event as it is now, with Frank's marks and its version (null when it is gone). */
    async getEvent(_calendarId, eventId) {
      const res = await graph("GET", `/me/events/${encodeURIComponent(eventId)}?$expand=${encodeURIComponent(EXPAND)}`);
      if (res.status === 404 || res.status === 410) return null;
      return toProviderEvent(await ok(res, "event read"));
    },

    /** Removes the event (on the condition of ifMatch, as a patch); one already gone counts as removed. */
    async deleteEvent(_calendarId, eventId, opts = {}) {
      const res = await graph("DELETE", `/me/events/${encodeURIComponent(eventId)}`, undefined, opts.ifMatch ? { "if-match": opts.ifMatch } : {});
      if (res.status === 404 || res.status === 410) return;
      if (res.status === 412) throw new EventChanged("the event changed in the calendar since Frank's version (412)");
      await ok(res, "event delete");
    },

    /**
     * One page of calendarView/delta. The cursor Frank keeps is Graph's own deltaLink (and the
     * page token its nextLink); an expired one (410, syncStateNotFound) reads the window in full.
     */
    async readEvents(calendarId, q) {
      const first = () => {
        const end = new Date(q.timeMin.getTime() + WINDOW_DAYS * 86_400_000);
        return `/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta?startDateTime=${q.timeMin.toISOString()}&endDateTime=${end.toISOString()}`;
      };
      const res = await graph("GET", q.pageToken ?? q.syncToken ?? first(), undefined, { prefer: 'outlook.timezone="UTC", odata.maxpagesize=500' });
      if (res.status === 410) throw new SyncCursorGone("Microsoft's delta token expired (410)");
      const data = await ok(res, "calendar read");
      const events: ProviderEvent[] = [];
      for (const e of data.value ?? []) {
        if (!e.id) continue;
        const ev = toProviderEvent(e);
        // Frank's own events (by transactionId, or an id Frank holds): their version is read with the
        // event, since a delta answer has no extended properties.
        const franks = (typeof e.transactionId === "string" && e.transactionId.startsWith(TRANSACTION_PREFIX)) || !!q.frankEventIds?.has(e.id);
        if (ev.status !== "cancelled" && franks) {
          const marks = await frankMarks(e.id);
          ev.frankMeeting = marks.meeting;
          ev.frankVersion = marks.version;
        }
        events.push(ev);
      }
      return { events, nextPageToken: data["@odata.nextLink"] ?? null, nextSyncToken: data["@odata.nextLink"] ? null : (data["@odata.deltaLink"] ?? null) };
    },

    /** A change notification subscription (Graph's "channel"): its id is the channel's id and resource. */
    async watch(calendarId, channel) {
      const minutes = Math.min(MAX_SUBSCRIPTION_MINUTES, Math.floor(channel.ttlSeconds / 60));
      const expirationDateTime = new Date(Date.now() + minutes * 60_000).toISOString();
      const s = await ok(
        await graph("POST", "/subscriptions", {
          changeType: "created,updated,deleted",
          notificationUrl: channel.address,
          lifecycleNotificationUrl: channel.address,
          resource: `me/calendars/${calendarId}/events`,
          expirationDateTime,
          clientState: channel.token,
        }),
        "subscription",
      );
      return { resourceId: s.id, channelId: s.id, expiresAt: new Date(s.expirationDateTime ?? expirationDateTime) };
    },

    async stopChannel(_channelId, resourceId) {
      const res = await graph("DELETE", `/subscriptions/${encodeURIComponent(resourceId)}`);
      if (res.status === 404) return;
      await ok(res, "subscription delete");
    },
  };
}

/** A write to an event deleted in the calendar answers 404 or 410, a conditional one to an event changed since its version 412. */
function goneOrChanged(res: Response): void {
  if (res.status === 404 || res.status === 410) throw new EventGone(`the event is gone (${res.status})`);
  if (res.status === 412) throw new EventChanged("the event changed in the calendar since Frank's version (412)");
}
