// A fake of Google's OAuth and Calendar v3 endpoints on 127.0.0.1, for the real
// @googleapis/calendar client (GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL point here).
// Tests drive it through its fields; `bun test/fakes/google.ts` runs it alone (the browser
// tests) and prints its URL; POST /__control changes its fields from another process.
import { randomBytes } from "node:crypto";

export interface FakeCalendar {
  id: string;
  summary: string;
  primary?: boolean;
}

export interface FakeAccount {
  email: string;
  calendars: FakeCalendar[];
  /** Busy times besides the events, per calendar id. */
  busy: Record<string, { start: string; end: string }[]>;
}

interface StoredEvent {
  id: string;
  calendarId: string;
  body: any;
  /** The fake's change counter when the event last changed (sync tokens count on it). */
  change?: number;
}

export interface FakeChannel {
  id: string;
  token: string;
  address: string;
  resourceId: string;
  calendarId: string;
  expiration: number;
}

const rand = (n = 16) => randomBytes(n).toString("base64url");
const json = (body: unknown, status = 200) => Response.json(body, { status });
const apiError = (status: number, message: string, reason = "error") => json({ error: { code: status, message, errors: [{ reason, message }] } }, status);

export function defaultAccount(email = "recruiter@example.com"): FakeAccount {
  return {
    email,
    calendars: [
      { id: email, summary: email, primary: true },
      { id: "team-interviews@group.calendar.google.com", summary: "Team Interviews" },
    ],
    busy: {},
  };
}

export class FakeGoogle {
  server!: ReturnType<typeof Bun.serve>;
  clientId = "fake-client-id";
  clientSecret = "fake-client-secret";
  /** The account that approves the next consent screen. */
  account: FakeAccount = defaultAccount();
  accounts = new Map<string, FakeAccount>();
  /** Every API and token call answers 503 (Google down). */
  down = false;
  /** The sendUpdates of every event patch and delete (Google's own invitations must stay off). */
  updates: { method: string; sendUpdates: string | null }[] = [];
  /** Every API and token call hangs (never answers until this is turned off, then 503). */
  hang = false;
  /** The consent screen answers with this error instead of a code (e.g. access_denied). */
  authError: string | null = null;
  /** The token exchange leaves out the refresh token. */
  omitRefreshToken = false;
  codes = new Map<string, string>();
  /** The scopes each account granted (include_granted_scopes adds to the earlier ones). */
  grantedScopes = new Map<string, Set<string>>();
  /** Gmail's endpoints (test/fakes/gmail.ts), when a test attaches them. */
  mail: { handle(method: string, path: string, url: URL, body: any, email: string, scopes: Set<string>): Response | Promise<Response>; control?(body: any): unknown } | null = null;
  access = new Map<string, { email: string; expires: number }>();
  refresh = new Map<string, string>();
  revoked: string[] = [];
  events: StoredEvent[] = [];
  /** Deleted events (status "cancelled"), returned by incremental reads. */
  tombstones: StoredEvent[] = [];
  requests: { method: string; path: string; body?: any }[] = [];
  /** Sync tokens name the change counter they were given at, and an epoch: a token of an older epoch answers 410. */
  changeSeq = 0;
  tokenEpoch = 0;
  /** The most events one page of events.list holds (smaller than Google's 2,500 to test paging). */
  pageSize = 250;
  /** Open push channels and the ones Frank stopped. */
  channels: FakeChannel[] = [];
  stoppedChannels: string[] = [];
  /** Conditional writes refused because the event changed since the version sent (412). */
  refusedWrites = 0;
  /** Push notifications sent, and whether Frank answered 2xx. */
  pushes: { channelId: string; status: number }[] = [];

  get url() {
    return `http://127.0.0.1:${this.server.port}`;
  }

  /** Config for Frank: the env vars that point the real client at this fake. */
  env(): Record<string, string> {
    return { GOOGLE_CLIENT_ID: this.clientId, GOOGLE_CLIENT_SECRET: this.clientSecret, GOOGLE_OAUTH_BASE_URL: this.url, GOOGLE_API_BASE_URL: this.url };
  }

  /** The user removes Frank's access in their Google account: every token stops working. */
  revokeAll(email: string) {
    for (const [t, e] of this.refresh) if (e === email) this.refresh.delete(t);
    for (const [t, a] of this.access) if (a.email === email) this.access.delete(t);
  }

  /** Access tokens run out (the client must use the refresh token). */
  expireAccessTokens() {
    for (const a of this.access.values()) a.expires = 0;
  }

  eventsOf(calendarId: string) {
    return this.events.filter((e) => e.calendarId === calendarId);
  }

  /** A change made by the calendar's owner in Google (not through the API): an event of theirs. */
  addEvent(calendarId: string, e: { summary: string; start: string | Date; end: string | Date; transparency?: "opaque" | "transparent"; id?: string; allDay?: boolean }) {
    const id =
      e.id ??
      "ev" +
        rand(8)
          .toLowerCase()
          .replace(/[^a-v0-9]/g, "0");
    // An all-day event carries dates (YYYY-MM-DD, the end exclusive), as Google sends them.
    const at = (v: string | Date) => (e.allDay ? { date: String(v).slice(0, 10) } : { dateTime: new Date(v).toISOString() });
    const body = { kind: "calendar#event", id, status: "confirmed", summary: e.summary, transparency: e.transparency, start: at(e.start), end: at(e.end) };
    this.events.push({ id, calendarId, body, change: ++this.changeSeq });
    this.notify(calendarId);
    return id;
  }

  /** The owner drags an event to another time in Google. */
  moveEvent(id: string, start: string | Date, end: string | Date) {
    const e = this.events.find((x) => x.id === id)!;
    e.body = { ...e.body, start: { dateTime: new Date(start).toISOString() }, end: { dateTime: new Date(end).toISOString() } };
    e.change = ++this.changeSeq;
    this.notify(e.calendarId);
  }

  /** The owner deletes an event in Google. */
  removeEvent(id: string) {
    const i = this.events.findIndex((x) => x.id === id);
    if (i < 0) return;
    const [e] = this.events.splice(i, 1);
    this.tombstones.push({ id: e!.id, calendarId: e!.calendarId, body: { kind: "calendar#event", id: e!.id, status: "cancelled" }, change: ++this.changeSeq });
    this.notify(e!.calendarId);
  }

  /** An attendee answers the invitation in their own calendar. */
  respond(id: string, email: string, responseStatus: "accepted" | "declined" | "tentative" | "needsAction") {
    const e = this.events.find((x) => x.id === id)!;
    e.body = { ...e.body, attendees: (e.body.attendees ?? []).map((a: any) => (a.email === email ? { ...a, responseStatus } : a)) };
    e.change = ++this.changeSeq;
    this.notify(e.calendarId);
  }

  /** Every sync token given so far stops working (Google's 410 Gone). */
  expireSyncTokens() {
    this.tokenEpoch++;
  }

  /** Tells the calendar's open channels that it changed, as Google does (fire and forget). */
  private notify(calendarId: string) {
    for (const c of this.channels.filter((x) => x.calendarId === calendarId)) {
      fetch(this.pushVia ? this.pushVia + new URL(c.address).pathname : c.address, {
        method: "POST",
        headers: { "x-goog-channel-id": c.id, "x-goog-channel-token": c.token, "x-goog-resource-id": c.resourceId, "x-goog-resource-state": "exists", "x-goog-message-number": String(this.changeSeq) },
      })
        .then((r) => this.pushes.push({ channelId: c.id, status: r.status }))
        .catch(() => this.pushes.push({ channelId: c.id, status: 0 }));
    }
  }

  start(port = 0) {
    this.server = Bun.serve({ hostname: "127.0.0.1", port, fetch: (req) => this.handle(req) });
    return this;
  }

  stop() {
    this.server.stop(true);
  }

  private issueTokens(email: string, withRefresh: boolean) {
    const access_token = "ya29.fake-" + rand();
    this.access.set(access_token, { email, expires: Date.now() + 3600_000 });
    const out: Record<string, unknown> = { access_token, expires_in: 3599, token_type: "Bearer", scope: "https://www.googleapis.com/auth/calendar" };
    if (withRefresh) {
      const refresh_token = "1//fake-refresh-" + rand();
      this.refresh.set(refresh_token, email);
      out.refresh_token = refresh_token;
    }
    return out;
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    let body: any;
    if (req.method === "POST" || req.method === "PATCH" || req.method === "PUT") {
      const text = await req.text();
      body = req.headers.get("content-type")?.includes("json") ? JSON.parse(text || "{}") : Object.fromEntries(new URLSearchParams(text));
    }
    this.requests.push({ method: req.method, path, body });

    if (path === "/__control" && req.method === "POST") {
      for (const k of ["down", "hang", "authError", "omitRefreshToken", "pageSize", "allowHttpPush", "meetFails"] as const) if (k in body) (this as any)[k] = body[k];
      // Changes made "in Google" by another process (the browser tests, the bench).
      if (body.addEvent) return json({ ok: true, id: this.addEvent(body.addEvent.calendarId, body.addEvent) });
      if (body.removeEvent) this.removeEvent(body.removeEvent);
      if (body.moveEvent) this.moveEvent(body.moveEvent.id, body.moveEvent.start, body.moveEvent.end);
      if (body.account) this.account = body.account;
      if (body.revokeAll) this.revokeAll(body.revokeAll);
      // A grant made without the consent screen (the bench): its refresh token and scopes.
      if (body.grant) {
        this.refresh.set(body.grant.refreshToken, body.grant.email);
        this.grantedScopes.set(body.grant.email, new Set(body.grant.scopes));
      }
      if (body.mail && this.mail?.control) return json({ ok: true, mail: this.mail.control(body.mail) });
      return json({ ok: true, events: this.events.length });
    }
    if (path === "/__state") return json({ events: this.events, revoked: this.revoked, requests: this.requests.length });

    if (path === "/o/oauth2/v2/auth") {
      const redirect = new URL(url.searchParams.get("redirect_uri") ?? "");
      const state = url.searchParams.get("state");
      if (state) redirect.searchParams.set("state", state);
      if (this.authError) redirect.searchParams.set("error", this.authError);
      else {
        const code = "4/fake-code-" + rand();
        this.codes.set(code, this.account.email);
        const asked = (url.searchParams.get("scope") ?? "").split(/\s+/).filter(Boolean);
        const before = url.searchParams.get("include_granted_scopes") === "true" ? [...(this.grantedScopes.get(this.account.email) ?? [])] : [];
        this.grantedScopes.set(this.account.email, new Set([...before, ...asked]));
        this.accounts.set(this.account.email, this.account);
        redirect.searchParams.set("code", code);
      }
      return new Response(null, { status: 302, headers: { location: redirect.toString() } });
    }

    while (this.hang) await Bun.sleep(50);
    if (this.down) return apiError(503, "The service is currently unavailable.", "backendError");

    if (path === "/token" && req.method === "POST") {
      if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) return json({ error: "invalid_client" }, 401);
      if (body.grant_type === "authorization_code") {
        const email = this.codes.get(body.code);
        this.codes.delete(body.code);
        if (!email) return json({ error: "invalid_grant", error_description: "Malformed auth code." }, 400);
        return json(this.issueTokens(email, !this.omitRefreshToken));
      }
      if (body.grant_type === "refresh_token") {
        const email = this.refresh.get(body.refresh_token);
        if (!email) return json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
        return json(this.issueTokens(email, false));
      }
      return json({ error: "unsupported_grant_type" }, 400);
    }

    if (path === "/revoke" && req.method === "POST") {
      const token = url.searchParams.get("token") ?? body?.token;
      const email = this.refresh.get(token) ?? this.access.get(token)?.email;
      if (!email) return json({ error: "invalid_token" }, 400);
      this.revoked.push(token);
      this.revokeAll(email);
      return json({});
    }

    if (path.startsWith("/gmail/v1/") && this.mail) {
      const grant = this.access.get(req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "");
      if (!grant || grant.expires < Date.now()) return apiError(401, "Invalid Credentials", "authError");
      return this.mail.handle(req.method, path.slice("/gmail/v1".length), url, body, grant.email, this.grantedScopes.get(grant.email) ?? new Set());
    }
    if (!path.startsWith("/calendar/v3/")) return apiError(404, "Not Found", "notFound");
    const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const grant = this.access.get(bearer);
    if (!grant || grant.expires < Date.now()) return apiError(401, "Invalid Credentials", "authError");
    const account = this.accounts.get(grant.email) ?? this.account;
    return this.calendarApi(req.method, path.slice("/calendar/v3".length), url, body, account, req.headers.get("if-match"));
  }

  /** Meet cannot be made (the account has no Meet): the create request fails, the event has no link. */
  meetFails = false;

  /** conferenceData.createRequest with conferenceDataVersion=1: a Meet link, or a failed request. */
  private conference(event: any, body: any, url: URL) {
    if (url.searchParams.get("conferenceDataVersion") !== "1" || !body.conferenceData?.createRequest) return;
    if (this.meetFails) {
      event.conferenceData = { createRequest: { ...body.conferenceData.createRequest, status: { statusCode: "failure" } } };
      return;
    }
    const meet = `https://meet.google.com/${rand(3).toLowerCase()}-${rand(3).toLowerCase()}`;
    event.hangoutLink = meet;
    event.conferenceData = { ...body.conferenceData, entryPoints: [{ entryPointType: "video", uri: meet }] };
  }

  /** Each calendar's zone (events.list names it; all-day events are days of it). */
  timeZones: Record<string, string> = {};

  /** Where notifications really go (the http side of the https proxy a real install has in front of Frank). */
  pushVia: string | null = null;

  /** Tests on http: Google refuses plain-http channel addresses; the tests' server has no https. */
  allowHttpPush = false;

  /**
   * events.list as Google answers it: in full (from timeMin, deleted ones left out) or, with a
   * syncToken, what changed since (deleted ones as status "cancelled"); pages of pageSize, the
   * nextSyncToken only on the last page; a token from before expireSyncTokens() is a 410.
   */
  private listEvents(calendarId: string, url: URL, owns: (id: string) => boolean): Response {
    if (!owns(calendarId)) return apiError(404, "Not Found", "notFound");
    const q = url.searchParams;
    const syncToken = q.get("syncToken");
    const pageToken = q.get("pageToken");
    // A page token carries the change counter of the first page and the offset.
    const [asOf, offset] = pageToken ? pageToken.split(".").map(Number) : [this.changeSeq, 0];
    let items: StoredEvent[];
    if (syncToken) {
      const [, epoch, seq] = syncToken.split("-");
      const since = Number(seq);
      if (!Number.isFinite(since) || Number(epoch) !== this.tokenEpoch) return apiError(410, "Sync token is no longer valid, a full sync is required.", "fullSyncRequired");
      items = [...this.eventsOf(calendarId), ...this.tombstones.filter((t) => t.calendarId === calendarId)].filter((e) => (e.change ?? 0) > since && (e.change ?? 0) <= asOf!);
    } else {
      const timeMin = q.get("timeMin") ? Date.parse(q.get("timeMin")!) : -Infinity;
      items = this.eventsOf(calendarId).filter((e) => (e.change ?? 0) <= asOf! && Date.parse(e.body.end?.dateTime ?? e.body.end?.date ?? "") >= timeMin);
    }
    items.sort((a, b) => (a.change ?? 0) - (b.change ?? 0));
    const size = Math.min(Number(q.get("maxResults") ?? 250), this.pageSize);
    const page = items.slice(offset!, offset! + size);
    const more = offset! + size < items.length;
    return json({
      kind: "calendar#events",
      timeZone: this.timeZones[calendarId] ?? "UTC",
      items: page.map(withEtag),
      ...(more ? { nextPageToken: `${asOf}.${offset! + size}` } : { nextSyncToken: `st-${this.tokenEpoch}-${asOf}` }),
    });
  }

  private calendarApi(method: string, path: string, url: URL, body: any, account: FakeAccount, ifMatch: string | null = null): Response {
    const resolve = (id: string) => (id === "primary" ? account.email : id);
    const owns = (id: string) => account.calendars.some((c) => c.id === id);
    if (method === "GET" && path === "/users/me/calendarList") {
      return json({ kind: "calendar#calendarList", items: account.calendars.map((c) => ({ kind: "calendar#calendarListEntry", accessRole: "owner", ...c })) });
    }
    if (method === "POST" && path === "/freeBusy") {
      const from = Date.parse(body.timeMin);
      const to = Date.parse(body.timeMax);
      const calendars: Record<string, unknown> = {};
      for (const item of body.items ?? []) {
        const id = resolve(item.id);
        if (!owns(id)) {
          calendars[item.id] = { errors: [{ domain: "global", reason: "notFound" }], busy: [] };
          continue;
        }
        const fromEvents = this.eventsOf(id).map((e) => ({ start: e.body.start.dateTime, end: e.body.end.dateTime }));
        const busy = [...(account.busy[id] ?? []), ...fromEvents].filter((b) => Date.parse(b.end) > from && Date.parse(b.start) < to);
        calendars[item.id] = { busy };
      }
      return json({ kind: "calendar#freeBusy", timeMin: body.timeMin, timeMax: body.timeMax, calendars });
    }
    const cal = path.match(/^\/calendars\/([^/]+)$/);
    if (method === "GET" && cal) {
      const id = resolve(decodeURIComponent(cal[1]!));
      const c = account.calendars.find((x) => x.id === id);
      return c ? json({ kind: "calendar#calendar", id: c.id, summary: c.summary, timeZone: "UTC" }) : apiError(404, "Not Found", "notFound");
    }
    const list = path.match(/^\/calendars\/([^/]+)\/events$/);
    if (method === "GET" && list) return this.listEvents(resolve(decodeURIComponent(list[1]!)), url, owns);
    const watch = path.match(/^\/calendars\/([^/]+)\/events\/watch$/);
    if (method === "POST" && watch) {
      const calendarId = resolve(decodeURIComponent(watch[1]!));
      if (!owns(calendarId)) return apiError(404, "Not Found", "notFound");
      if (!(body.address ?? "").startsWith("https://") && !this.allowHttpPush) return apiError(400, "WebHook callback must be HTTPS: " + body.address, "push.webhookUrlNotHttps");
      const ttl = Number(body.params?.ttl ?? 604800);
      const channel: FakeChannel = { id: body.id, token: body.token, address: body.address, resourceId: "res-" + rand(6), calendarId, expiration: Date.now() + ttl * 1000 };
      this.channels.push(channel);
      return json({
        kind: "api#channel",
        id: channel.id,
        resourceId: channel.resourceId,
        resourceUri: `${this.url}/calendar/v3/calendars/${calendarId}/events`,
        token: channel.token,
        expiration: String(channel.expiration),
      });
    }
    if (method === "POST" && path === "/channels/stop") {
      const i = this.channels.findIndex((c) => c.id === body.id && c.resourceId === body.resourceId);
      if (i < 0) return apiError(404, "Channel not found", "notFound");
      this.channels.splice(i, 1);
      this.stoppedChannels.push(body.id);
      return new Response(null, { status: 204 });
    }
    if (method === "POST" && list) {
      const calendarId = resolve(decodeURIComponent(list[1]!));
      if (!owns(calendarId)) return apiError(404, "Not Found", "notFound");
      const id = body.id ?? rand(10).toLowerCase();
      if (this.events.some((e) => e.id === id && e.calendarId === calendarId)) return apiError(409, "The requested identifier already exists.", "duplicate");
      const event: any = { kind: "calendar#event", status: "confirmed", ...body, id, htmlLink: `https://calendar.google.com/event?eid=${id}` };
      this.conference(event, body, url);
      const stored = { id, calendarId, body: event, change: ++this.changeSeq };
      this.events.push(stored);
      this.updates.push({ method, sendUpdates: url.searchParams.get("sendUpdates") });
      return json(withEtag(stored));
    }
    const one = path.match(/^\/calendars\/([^/]+)\/events\/([^/]+)$/);
    if (one) this.updates.push({ method, sendUpdates: url.searchParams.get("sendUpdates") });
    if (method === "GET" && one) {
      const e = this.events.find((x) => x.calendarId === resolve(decodeURIComponent(one[1]!)) && x.id === decodeURIComponent(one[2]!));
      return e ? json(withEtag(e)) : apiError(404, "Not Found", "notFound");
    }
    if ((method === "PATCH" || method === "PUT") && one) {
      const e = this.events.find((x) => x.calendarId === resolve(decodeURIComponent(one[1]!)) && x.id === decodeURIComponent(one[2]!));
      if (!e) return apiError(404, "Not Found", "notFound");
      // A conditional write (If-Match) of an event changed since that version: 412, as Google answers.
      if (ifMatch && ifMatch !== etagOf(e)) {
        this.refusedWrites++;
        return apiError(412, "Precondition Failed", "conditionNotMet");
      }
      e.body = method === "PUT" ? { ...body, id: e.id } : { ...e.body, ...body };
      this.conference(e.body, body, url);
      e.change = ++this.changeSeq;
      return json(withEtag(e));
    }
    if (method === "DELETE" && one) {
      const i = this.events.findIndex((x) => x.calendarId === resolve(decodeURIComponent(one[1]!)) && x.id === decodeURIComponent(one[2]!));
      if (i < 0) return apiError(410, "Resource has been deleted", "deleted");
      const [gone] = this.events.splice(i, 1);
      this.tombstones.push({ id: gone!.id, calendarId: gone!.calendarId, body: { kind: "calendar#event", id: gone!.id, status: "cancelled" }, change: ++this.changeSeq });
      return new Response(null, { status: 204 });
    }
    return apiError(404, "Not Found", "notFound");
  }
}

/** An event's version, as Google's etag: a quoted number that changes with every change. */
const etagOf = (e: StoredEvent) => `"${e.change ?? 0}"`;
const withEtag = (e: StoredEvent) => (e.body.status === "cancelled" ? e.body : { ...e.body, etag: etagOf(e) });

export function startFakeGoogle(port = 0) {
  return new FakeGoogle().start(port);
}

if (import.meta.main) {
  const fake = startFakeGoogle(Number(process.env.FAKE_GOOGLE_PORT ?? 0));
  console.log(JSON.stringify({ url: fake.url }));
}
