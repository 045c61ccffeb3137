// A fake of the Microsoft identity platform (authorization code + PKCE) and of Microsoft Graph's
// calendar endpoints on 127.0.0.1, for Frank's Graph client (MICROSOFT_AUTHORITY_URL and
// MICROSOFT_GRAPH_URL point here). Tests drive it through its fields; `bun test/fakes/microsoft.ts`
// runs it alone (the browser tests, the bench) and prints its URL; POST /__control changes it
// from another process.
import { createHash, randomBytes } from "node:crypto";

export interface FakeMsCalendar {
  id: string;
  name: string;
  isDefaultCalendar?: boolean;
}

export interface FakeMsAccount {
  email: string;
  /** A personal (Outlook.com) account: no Teams meetings. */
  personal: boolean;
  calendars: FakeMsCalendar[];
}

interface StoredEvent {
  id: string;
  calendarId: string;
  body: any;
  /** The fake's change counter when the event last changed (delta tokens count on it; the changeKey is made of it). */
  change: number;
}

/** An event's changeKey: new with every change of the event, as Exchange's. */
export const changeKeyOf = (e: Pick<StoredEvent, "change">) => "DwAAABYAAA" + Buffer.from(`frank-fake-${e.change}`).toString("base64");
/** Graph's @odata.etag of an event: its changeKey, weak. */
export const etagOf = (e: Pick<StoredEvent, "change">) => `W/"${changeKeyOf(e)}"`;

export interface FakeSubscription {
  id: string;
  resource: string;
  calendarId: string;
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  clientState: string;
  expirationDateTime: string;
  email: string;
}

const rand = (n = 16) => randomBytes(n).toString("base64url");
const json = (body: unknown, status = 200) => Response.json(body, { status });
const graphError = (status: number, code: string, message: string) => json({ error: { code, message } }, status);
const b64url = (b: Buffer) => b.toString("base64url");
/** Graph's dateTime: local time of the zone named beside it, seven decimals, no offset. */
const graphTime = (d: Date | string) =>
  new Date(d)
    .toISOString()
    .replace("Z", "")
    .replace(/\.(\d{3})$/, ".$10000");
export const FRANK_PROPERTY_SET = "{00020329-0000-0000-C000-000000000046}";

export function defaultMsAccount(email = "recruiter@example.com", opts: { personal?: boolean } = {}): FakeMsAccount {
  return {
    email,
    personal: !!opts.personal,
    calendars: [
      { id: "AAMkCal-" + createHash("sha256").update(email).digest("hex").slice(0, 12), name: "Calendar", isDefaultCalendar: true },
      { id: "AAMkCal-team-interviews", name: "Team Interviews" },
    ],
  };
}

export class FakeMicrosoft {
  server!: ReturnType<typeof Bun.serve>;
  clientId = "fake-ms-client-id";
  clientSecret = "fake-ms-client-secret";
  /** The account that signs in at the next consent screen. */
  account: FakeMsAccount = defaultMsAccount();
  accounts = new Map<string, FakeMsAccount>();
  down = false;
  hang = false;
  /** The consent screen answers with this error instead of a code (e.g. access_denied). */
  authError: string | null = null;
  codes = new Map<string, { email: string; challenge: string; method: string; redirectUri: string; scope: string }>();
  access = new Map<string, { email: string; expires: number; scope?: string }>();
  /** The scopes each account consented to (a refresh asking for mail scopes not consented is refused). */
  consented = new Map<string, Set<string>>();
  /** Graph's mail endpoints (test/fakes/microsoft-mail.ts), when a test attaches them. */
  mail: { handle(method: string, path: string, url: URL, rawBody: string, email: string, scope: string): Response | Promise<Response> | null } | null = null;
  refresh = new Map<string, string>();
  /** Scopes asked for at each consent (Teams' OnlineMeetings.ReadWrite only when Teams links are used). */
  consents: string[] = [];
  events: StoredEvent[] = [];
  /** Conditional writes (If-Match) refused because the event changed since the version sent (412). */
  refusedWrites = 0;
  /** Deleted events, returned by delta reads as @removed. */
  tombstones: StoredEvent[] = [];
  requests: { method: string; path: string; body?: any; ifMatch?: string }[] = [];
  changeSeq = 0;
  /** Delta tokens name an epoch: one from an older epoch is expired (410 syncStateNotFound). */
  tokenEpoch = 0;
  /** The most events one delta page holds (odata.maxpagesize may ask for fewer). */
  pageSize = 200;
  subscriptions: FakeSubscription[] = [];
  deletedSubscriptions: string[] = [];
  /** Notifications sent, and Frank's answer. */
  notifications: { subscriptionId: string; kind: string; status: number }[] = [];
  /** Invitation mails Exchange would have sent to attendees (Frank's events must cause none). */
  invitationsSent: { eventId: string; to: string[] }[] = [];
  /** Where notifications really go (the http side of the https proxy in front of Frank). */
  pushVia: string | null = null;
  /** Graph refuses http notification URLs; the tests' server has no https. */
  allowHttpPush = false;

  get url() {
    return `http://127.0.0.1:${this.server.port}`;
  }

  env(): Record<string, string> {
    return { MICROSOFT_CLIENT_ID: this.clientId, MICROSOFT_CLIENT_SECRET: this.clientSecret, MICROSOFT_AUTHORITY_URL: this.url, MICROSOFT_GRAPH_URL: `${this.url}/v1.0` };
  }

  /** The user removes Frank's access (myapps.microsoft.com): every token stops working. */
  revokeAll(email: string) {
    for (const [t, e] of this.refresh) if (e === email) this.refresh.delete(t);
    for (const [t, a] of this.access) if (a.email === email) this.access.delete(t);
  }

  expireAccessTokens() {
    for (const a of this.access.values()) a.expires = 0;
  }

  eventsOf(calendarId: string) {
    return this.events.filter((e) => e.calendarId === calendarId);
  }

  /** Frank's id, version and meeting kept on an event (singleValueExtendedProperties). */
  property(e: StoredEvent | undefined, name: string): string | null {
    const p = (e?.body.singleValueExtendedProperties ?? []).find((x: any) => x.id === `String ${FRANK_PROPERTY_SET} Name ${name}`);
    return p?.value ?? null;
  }

  /** An event the calendar's owner makes in Outlook. */
  addEvent(calendarId: string, e: { subject: string; start: string | Date; end: string | Date; showAs?: string; id?: string }) {
    const id = e.id ?? "AAMkEv-" + rand(12);
    const body = {
      id,
      subject: e.subject,
      showAs: e.showAs ?? "busy",
      isCancelled: false,
      start: { dateTime: graphTime(e.start), timeZone: "UTC" },
      end: { dateTime: graphTime(e.end), timeZone: "UTC" },
      attendees: [],
      type: "singleInstance",
    };
    this.events.push({ id, calendarId, body, change: ++this.changeSeq });
    this.notify(calendarId, id, "created");
    return id;
  }

  moveEvent(id: string, start: string | Date, end: string | Date) {
    const e = this.events.find((x) => x.id === id)!;
    e.body = { ...e.body, start: { dateTime: graphTime(start), timeZone: "UTC" }, end: { dateTime: graphTime(end), timeZone: "UTC" } };
    e.change = ++this.changeSeq;
    this.notify(e.calendarId, id, "updated");
  }

  removeEvent(id: string) {
    const i = this.events.findIndex((x) => x.id === id);
    if (i < 0) return;
    const [e] = this.events.splice(i, 1);
    this.tombstones.push({ id: e!.id, calendarId: e!.calendarId, body: { id: e!.id, "@removed": { reason: "deleted" } }, change: ++this.changeSeq });
    this.notify(e!.calendarId, id, "deleted");
  }

  /** The owner changes what Frank does not write (a category): a new changeKey, the same times. */
  touchEvent(id: string, category = "Red category") {
    const e = this.events.find((x) => x.id === id)!;
    e.body = { ...e.body, categories: [...(e.body.categories ?? []), category] };
    e.change = ++this.changeSeq;
    this.notify(e.calendarId, id, "updated");
  }

  /** Deleted without a trace a delta read could see (only a full read tells). */
  dropEvent(id: string) {
    this.events = this.events.filter((e) => e.id !== id);
  }

  /** An attendee answers in their own calendar. */
  respond(id: string, email: string, response: "accepted" | "declined" | "tentativelyAccepted" | "none") {
    const e = this.events.find((x) => x.id === id)!;
    e.body = { ...e.body, attendees: (e.body.attendees ?? []).map((a: any) => (a.emailAddress.address === email ? { ...a, status: { response, time: new Date().toISOString() } } : a)) };
    e.change = ++this.changeSeq;
    this.notify(e.calendarId, id, "updated");
  }

  expireDeltaTokens() {
    this.tokenEpoch++;
  }

  /** A lifecycle notification Graph sends to the subscription's lifecycleNotificationUrl. */
  async lifecycle(subscriptionId: string, lifecycleEvent: "reauthorizationRequired" | "subscriptionRemoved" | "missed") {
    const s = this.subscriptions.find((x) => x.id === subscriptionId);
    if (!s) throw new Error("no such subscription");
    if (lifecycleEvent === "subscriptionRemoved") this.subscriptions = this.subscriptions.filter((x) => x.id !== s.id);
    return this.post(
      s.lifecycleNotificationUrl ?? s.notificationUrl,
      {
        value: [{ subscriptionId: s.id, subscriptionExpirationDateTime: s.expirationDateTime, tenantId: "fake-tenant", clientState: s.clientState, lifecycleEvent }],
      },
      s.id,
      lifecycleEvent,
    );
  }

  private async post(address: string, body: unknown, subscriptionId: string, kind: string): Promise<number> {
    const target = this.pushVia ? this.pushVia + new URL(address).pathname : address;
    const status = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      .then((r) => r.status)
      .catch(() => 0);
    this.notifications.push({ subscriptionId, kind, status });
    return status;
  }

  private notify(calendarId: string, eventId: string, changeType: string) {
    for (const s of this.subscriptions.filter((x) => x.calendarId === calendarId)) {
      void this.post(
        s.notificationUrl,
        {
          value: [
            {
              subscriptionId: s.id,
              subscriptionExpirationDateTime: s.expirationDateTime,
              changeType,
              resource: `Users/${s.email}/Events/${eventId}`,
              clientState: s.clientState,
              tenantId: "fake-tenant",
              resourceData: { "@odata.type": "#Microsoft.Graph.Event", id: eventId },
            },
          ],
        },
        s.id,
        changeType,
      );
    }
  }

  start(port = 0) {
    this.server = Bun.serve({ hostname: "127.0.0.1", port, fetch: (req) => this.handle(req) });
    return this;
  }

  stop() {
    this.server.stop(true);
  }

  private issueTokens(email: string, scope: string) {
    const access_token = "eyJ0eXAi.fake-" + rand();
    this.access.set(access_token, { email, expires: Date.now() + 3600_000, scope });
    // Microsoft rotates refresh tokens: each refresh answers a new one (the old one keeps working a while).
    const refresh_token = "M.R3_fake-" + rand();
    this.refresh.set(refresh_token, email);
    return { token_type: "Bearer", scope, expires_in: 3599, ext_expires_in: 3599, access_token, refresh_token };
  }

  private async handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    let body: any;
    let rawBody = "";
    if (req.method === "POST" || req.method === "PATCH") {
      const text = await req.text();
      rawBody = text;
      body = req.headers.get("content-type")?.includes("json") ? JSON.parse(text || "{}") : Object.fromEntries(new URLSearchParams(text));
    }
    this.requests.push({ method: req.method, path: path + url.search, body, ...(req.headers.get("if-match") ? { ifMatch: req.headers.get("if-match")! } : {}) });

    if (path === "/__control" && req.method === "POST") {
      for (const k of ["down", "hang", "authError", "pageSize", "allowHttpPush", "pushVia"] as const) if (k in body) (this as any)[k] = body[k];
      if (body.addEvent) return json({ ok: true, id: this.addEvent(body.addEvent.calendarId, body.addEvent) });
      if (body.addEvents) {
        for (const e of body.addEvents) this.addEvent(e.calendarId, e);
        return json({ ok: true, events: this.events.length });
      }
      if (body.removeEvent) this.removeEvent(body.removeEvent);
      if (body.moveEvent) this.moveEvent(body.moveEvent.id, body.moveEvent.start, body.moveEvent.end);
      if (body.touchEvent) this.touchEvent(body.touchEvent);
      if (body.account) this.account = body.account;
      if (body.revokeAll) this.revokeAll(body.revokeAll);
      return json({ ok: true, events: this.events.length });
    }
    if (path === "/__state") return json({ events: this.events, subscriptions: this.subscriptions, invitationsSent: this.invitationsSent, requests: this.requests.length });

    const authorize = path.match(/^\/([^/]+)\/oauth2\/v2\.0\/authorize$/);
    if (authorize && req.method === "GET") {
      const q = url.searchParams;
      if (q.get("client_id") !== this.clientId) return new Response("AADSTS700016: Application not found", { status: 400 });
      if (q.get("response_type") !== "code" || !q.get("code_challenge") || q.get("code_challenge_method") !== "S256") return new Response("AADSTS9002325: PKCE required", { status: 400 });
      const redirect = new URL(q.get("redirect_uri") ?? "");
      const state = q.get("state");
      if (state) redirect.searchParams.set("state", state);
      this.consents.push(q.get("scope") ?? "");
      if (!this.authError) this.consented.set(this.account.email, new Set([...(this.consented.get(this.account.email) ?? []), ...(q.get("scope") ?? "").split(/\s+/).filter(Boolean)]));
      if (this.authError) redirect.searchParams.set("error", this.authError);
      else {
        const code = "M.C1_fake-" + rand();
        this.codes.set(code, { email: this.account.email, challenge: q.get("code_challenge")!, method: "S256", redirectUri: q.get("redirect_uri") ?? "", scope: q.get("scope") ?? "" });
        this.accounts.set(this.account.email, this.account);
        redirect.searchParams.set("code", code);
      }
      return new Response(null, { status: 302, headers: { location: redirect.toString() } });
    }

    while (this.hang) await Bun.sleep(50);
    if (this.down) return graphError(503, "ServiceNotAvailable", "The service is temporarily unavailable.");

    const token = path.match(/^\/([^/]+)\/oauth2\/v2\.0\/token$/);
    if (token && req.method === "POST") {
      if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret)
        return json({ error: "invalid_client", error_description: "AADSTS7000215: Invalid client secret provided." }, 401);
      if (body.grant_type === "authorization_code") {
        const c = this.codes.get(body.code);
        this.codes.delete(body.code);
        if (!c) return json({ error: "invalid_grant", error_description: "AADSTS70008: The provided authorization code or refresh token has expired or was already used." }, 400);
        if (c.redirectUri !== body.redirect_uri) return json({ error: "invalid_grant", error_description: "AADSTS50148: The redirect_uri does not match." }, 400);
        // PKCE: the verifier's SHA-256 must be the challenge sent to /authorize.
        if (!body.code_verifier || b64url(createHash("sha256").update(body.code_verifier).digest()) !== c.challenge) {
          return json({ error: "invalid_grant", error_description: "AADSTS50148: The code_verifier does not match the code_challenge supplied in the authorization request." }, 400);
        }
        return json(this.issueTokens(c.email, c.scope));
      }
      if (body.grant_type === "refresh_token") {
        const email = this.refresh.get(body.refresh_token);
        if (!email) return json({ error: "invalid_grant", error_description: "AADSTS70000: The user or administrator has not consented to use the application or the grant is revoked." }, 400);
        const mailAsked = String(body.scope ?? "")
          .split(/\s+/)
          .filter((x) => x.startsWith("Mail."));
        if (mailAsked.some((x) => !this.consented.get(email)?.has(x)))
          return json({ error: "invalid_grant", error_description: "AADSTS65001: The user or administrator has not consented to use the application.", suberror: "consent_required" }, 400);
        return json(this.issueTokens(email, body.scope ?? ""));
      }
      return json({ error: "unsupported_grant_type" }, 400);
    }

    if (!path.startsWith("/v1.0/")) return graphError(404, "ResourceNotFound", "Not found");
    const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const grant = this.access.get(bearer);
    if (!grant || grant.expires < Date.now()) return graphError(401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid.");
    const account = this.accounts.get(grant.email) ?? this.account;
    if (this.mail) {
      const answer = await this.mail.handle(req.method, path.slice("/v1.0".length), url, rawBody, grant.email, grant.scope ?? "");
      if (answer) return answer;
    }
    return this.graph(req, path.slice("/v1.0".length), url, body, account);
  }

  private eventOut(e: StoredEvent, expand: boolean) {
    const { singleValueExtendedProperties, ...rest } = e.body;
    const out = { "@odata.etag": etagOf(e), ...rest, changeKey: changeKeyOf(e) };
    return expand && singleValueExtendedProperties ? { ...out, singleValueExtendedProperties } : out;
  }

  /**
   * A conditional write (If-Match) of an event changed since that version: 412, as Graph answers
   * (the header names the @odata.etag, or the changeKey quoted; * matches any).
   */
  private stale(e: StoredEvent, ifMatch: string | null): Response | null {
    if (!ifMatch || ifMatch === "*" || ifMatch === etagOf(e) || ifMatch === `"${changeKeyOf(e)}"`) return null;
    this.refusedWrites++;
    return graphError(
      412,
      "ErrorIrresolvableConflict",
      "The send or update operation could not be performed because the change key passed in the request does not match the current change key for the item.",
    );
  }

  /** Teams meetings only where the account can make them (work or school accounts). */
  private online(event: any, account: FakeMsAccount) {
    if (!event.isOnlineMeeting) return;
    if (account.personal || event.onlineMeetingProvider !== "teamsForBusiness") {
      event.isOnlineMeeting = false;
      event.onlineMeeting = null;
      return;
    }
    event.onlineMeeting ??= { joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${rand(12)}%40thread.v2/0` };
  }

  private async graph(req: Request, path: string, url: URL, body: any, account: FakeMsAccount): Promise<Response> {
    const method = req.method;
    const owns = (id: string) => account.calendars.some((c) => c.id === id);
    if (method === "GET" && path === "/me") {
      return json({
        id: "user-" + createHash("sha256").update(account.email).digest("hex").slice(0, 8),
        displayName: "Recruiter",
        mail: account.personal ? null : account.email,
        userPrincipalName: account.email,
      });
    }
    if (method === "GET" && path === "/me/calendars") {
      return json({
        value: account.calendars.map((c) => ({
          id: c.id,
          name: c.name,
          isDefaultCalendar: !!c.isDefaultCalendar,
          canEdit: true,
          owner: { address: account.email },
          allowedOnlineMeetingProviders: account.personal ? ["skypeForConsumer"] : ["teamsForBusiness"],
          defaultOnlineMeetingProvider: account.personal ? "skypeForConsumer" : "teamsForBusiness",
        })),
      });
    }
    const delta = path.match(/^\/me\/calendars\/([^/]+)\/calendarView\/delta$/);
    if (method === "GET" && delta) return this.delta(decodeURIComponent(delta[1]!), url, req, owns);

    const list = path.match(/^\/me\/calendars\/([^/]+)\/events$/);
    if (list && method === "GET") {
      const calendarId = decodeURIComponent(list[1]!);
      if (!owns(calendarId)) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
      // The one filter Frank uses: an extended property's value.
      const f = url.searchParams.get("$filter") ?? "";
      const m = f.match(/ep\/id eq '([^']+)' and ep\/value eq '([^']+)'/);
      const hits = this.eventsOf(calendarId).filter((e) => !m || (e.body.singleValueExtendedProperties ?? []).some((p: any) => p.id === m[1] && p.value === m[2]));
      return json({ value: hits.map((e) => this.eventOut(e, !!url.searchParams.get("$expand"))) });
    }
    if (list && method === "POST") {
      const calendarId = decodeURIComponent(list[1]!);
      if (!owns(calendarId)) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
      // transactionId: a retried POST finds the event the first one made.
      const again = body.transactionId && this.events.find((e) => e.body.transactionId === body.transactionId);
      if (again) return json(this.eventOut(again, false), 201);
      const id = "AAMkEv-" + rand(12);
      const event: any = { isCancelled: false, showAs: "busy", type: "singleInstance", attendees: [], ...body, id, webLink: `https://outlook.office365.com/owa/?itemid=${id}` };
      event.attendees = (event.attendees ?? []).map((a: any) => ({ ...a, status: { response: "none", time: "0001-01-01T00:00:00Z" } }));
      this.online(event, account);
      if (event.attendees.length) this.invitationsSent.push({ eventId: id, to: event.attendees.map((a: any) => a.emailAddress.address) });
      this.events.push({ id, calendarId, body: event, change: ++this.changeSeq });
      return json(this.eventOut(this.events.at(-1)!, false), 201);
    }
    const one = path.match(/^\/me\/events\/([^/]+)$/);
    if (one) {
      const id = decodeURIComponent(one[1]!);
      const e = this.events.find((x) => x.id === id && owns(x.calendarId));
      if (!e) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
      if (method === "GET") return json(this.eventOut(e, !!url.searchParams.get("$expand")));
      if (method === "PATCH") {
        const refused = this.stale(e, req.headers.get("if-match"));
        if (refused) return refused;
        const props = [...(e.body.singleValueExtendedProperties ?? [])];
        for (const p of body.singleValueExtendedProperties ?? []) {
          const i = props.findIndex((x: any) => x.id === p.id);
          if (i >= 0) props[i] = p;
          else props.push(p);
        }
        e.body = { ...e.body, ...body, singleValueExtendedProperties: props };
        if (body.attendees?.length) this.invitationsSent.push({ eventId: id, to: body.attendees.map((a: any) => a.emailAddress.address) });
        this.online(e.body, account);
        e.change = ++this.changeSeq;
        return json(this.eventOut(e, false));
      }
      if (method === "DELETE") {
        const refused = this.stale(e, req.headers.get("if-match"));
        if (refused) return refused;
        this.events.splice(this.events.indexOf(e), 1);
        this.tombstones.push({ id, calendarId: e.calendarId, body: { id, "@removed": { reason: "deleted" } }, change: ++this.changeSeq });
        return new Response(null, { status: 204 });
      }
    }
    if (method === "POST" && path === "/subscriptions") return this.subscribe(body, account);
    const sub = path.match(/^\/subscriptions\/([^/]+)$/);
    if (sub) {
      const s = this.subscriptions.find((x) => x.id === decodeURIComponent(sub[1]!));
      if (!s) return graphError(404, "ResourceNotFound", "The object was not found.");
      if (method === "PATCH") {
        s.expirationDateTime = body.expirationDateTime;
        return json(s);
      }
      if (method === "DELETE") {
        this.subscriptions = this.subscriptions.filter((x) => x !== s);
        this.deletedSubscriptions.push(s.id);
        return new Response(null, { status: 204 });
      }
    }
    return graphError(404, "ResourceNotFound", `Resource not found for the segment '${path}'.`);
  }

  /**
   * POST /subscriptions as Graph does it: the notification URL must be https, answer the
   * validation handshake (POST ?validationToken=…) within 10 s with the token as text/plain, and
   * an expiry at most 4,230 minutes ahead (events).
   */
  private async subscribe(body: any, account: FakeMsAccount): Promise<Response> {
    const m = String(body.resource ?? "").match(/^\/?me\/calendars\/([^/]+)\/events$/);
    if (!m || !account.calendars.some((c) => c.id === decodeURIComponent(m[1]!))) return graphError(400, "InvalidRequest", "Invalid resource.");
    if (!(body.notificationUrl ?? "").startsWith("https://") && !this.allowHttpPush) return graphError(400, "InvalidRequest", "NotificationUrl must be https.");
    const expires = Date.parse(body.expirationDateTime);
    if (!Number.isFinite(expires) || expires > Date.now() + 4230 * 60_000 + 60_000) return graphError(400, "InvalidRequest", "Subscription expiration can only be 4230 minutes in the future.");
    for (const address of [body.notificationUrl, body.lifecycleNotificationUrl].filter(Boolean)) {
      const token = "Validation: Testing client application reachability for subscription Request-Id: " + rand(6);
      const target = this.pushVia ? this.pushVia + new URL(address).pathname : address;
      const answer = await fetch(`${target}?validationToken=${encodeURIComponent(token)}`, { method: "POST", signal: AbortSignal.timeout(10_000) }).catch(() => null);
      const text = answer ? await answer.text() : "";
      if (!answer || answer.status !== 200 || !answer.headers.get("content-type")?.startsWith("text/plain") || text !== token) {
        return graphError(400, "ValidationError", "Subscription validation request failed. Response must exactly match validationToken query parameter.");
      }
    }
    const s: FakeSubscription = {
      id: crypto.randomUUID(),
      resource: body.resource,
      calendarId: decodeURIComponent(m[1]!),
      notificationUrl: body.notificationUrl,
      lifecycleNotificationUrl: body.lifecycleNotificationUrl ?? null,
      clientState: body.clientState,
      expirationDateTime: new Date(expires).toISOString(),
      email: account.email,
    };
    this.subscriptions.push(s);
    return json({ ...s, changeType: body.changeType }, 201);
  }

  /**
   * calendarView/delta: the first round from startDateTime/endDateTime in pages (@odata.nextLink),
   * the deltaLink on the last page; a deltaLink gives what changed since (deleted ones as
   * @removed); one from before expireDeltaTokens() answers 410.
   */
  private delta(calendarId: string, url: URL, req: Request, owns: (id: string) => boolean): Response {
    if (!owns(calendarId)) return graphError(404, "ErrorItemNotFound", "The specified object was not found in the store.");
    const q = url.searchParams;
    const skip = q.get("$skiptoken");
    const deltaToken = q.get("$deltatoken");
    const pref = req.headers.get("prefer")?.match(/odata\.maxpagesize=(\d+)/);
    const size = Math.min(pref ? Number(pref[1]) : this.pageSize, this.pageSize);
    // A skip token: epoch.asOf.since.offset.start.end; a delta token: epoch.asOf.start.end.
    let asOf: number, since: number | null, offset: number, start: number, end: number, epoch: number;
    if (skip) [epoch, asOf, since, offset, start, end] = skip.split(".").map(Number) as [number, number, number, number, number, number];
    else if (deltaToken) {
      [epoch, since, start, end] = deltaToken.split(".").map(Number) as [number, number, number, number];
      asOf = this.changeSeq;
      offset = 0;
    } else {
      start = Date.parse(q.get("startDateTime") ?? "");
      end = Date.parse(q.get("endDateTime") ?? "");
      if (!Number.isFinite(start) || !Number.isFinite(end)) return graphError(400, "ErrorInvalidParameter", "startDateTime and endDateTime are required.");
      epoch = this.tokenEpoch;
      asOf = this.changeSeq;
      since = -1;
      offset = 0;
    }
    if (epoch !== this.tokenEpoch) return graphError(410, "SyncStateNotFound", "The sync state generation is not found. Please re-sync.");
    const inWindow = (e: StoredEvent) => Date.parse(e.body.end.dateTime + "Z") > start && Date.parse(e.body.start.dateTime + "Z") < end;
    let items =
      since !== null && since >= 0
        ? [...this.eventsOf(calendarId).filter(inWindow), ...this.tombstones.filter((t) => t.calendarId === calendarId)].filter((e) => e.change > since! && e.change <= asOf)
        : this.eventsOf(calendarId).filter((e) => inWindow(e) && e.change <= asOf);
    items = items.sort((a, b) => a.change - b.change);
    const page = items.slice(offset, offset + size);
    const more = offset + size < items.length;
    const base = `${this.url}/v1.0/me/calendars/${encodeURIComponent(calendarId)}/calendarView/delta`;
    return json({
      "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#Collection(event)",
      value: page.map((e) => this.eventOut(e, false)),
      ...(more
        ? { "@odata.nextLink": `${base}?$skiptoken=${epoch}.${asOf}.${since ?? -1}.${offset + size}.${start}.${end}` }
        : { "@odata.deltaLink": `${base}?$deltatoken=${epoch}.${asOf}.${start}.${end}` }),
    });
  }
}

export function startFakeMicrosoft(port = 0) {
  return new FakeMicrosoft().start(port);
}

if (import.meta.main) {
  const fake = startFakeMicrosoft(Number(process.env.FAKE_MICROSOFT_PORT ?? 0));
  console.log(JSON.stringify({ url: fake.url }));
}
