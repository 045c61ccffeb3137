// One face for both calendar fakes (Google, Microsoft), so the calendar-truth scenarios run
// against each provider from one table: what the calendar's owner does in their calendar (move,
// delete, answer, add a busy event) and what the tests read back (an event's time, Frank's marks).
import { afterAll, beforeAll } from "bun:test";
import { defaultAccount, startFakeGoogle, type FakeGoogle } from "../fakes/google";
import { defaultMsAccount, etagOf as msEtagOf, startFakeMicrosoft, type FakeMicrosoft } from "../fakes/microsoft";
import { makeTestApp, type TestApp } from "../helpers";

interface FakeEventView {
  id: string;
  /** ISO start, as the calendar holds it. */
  start: string;
  frankMeeting: string | null;
  frankVersion: string | null;
}

export interface CalendarFakeDriver {
  provider: "google" | "microsoft";
  /** The account that approves the next consent, by e-mail. */
  useAccount(email: string): void;
  /** The path that starts the connection (/auth/<provider>/calendar). */
  connectPath: string;
  primaryCalendar(): string;
  teamCalendar: string;
  eventsIn(calendarId: string): FakeEventView[];
  event(id: string): FakeEventView | undefined;
  move(id: string, start: Date, end: Date): void;
  remove(id: string): void;
  /** Gone without a trace an incremental read could see (only the full read tells). */
  drop(id: string): void;
  expireCursors(): void;
  /** The candidate answers in their own calendar; null where the provider's event has no attendees (Microsoft, decision 34). */
  respond: ((id: string, email: string, answer: "declined") => void) | null;
  addBusy(summary: string, start: Date, end: Date): string;
  setDown(down: boolean): void;
  /**
   * A change to the event that Frank does not write and that keeps its times (Google: the
   * candidate accepts; Microsoft: the owner gives it a category): a new version all the same.
   */
  touch(id: string, candidateEmail: string): void;
  /** Conditional writes the calendar refused so far (412). */
  refusedWrites(): number;
  /** The version the calendar holds for the event (Google's etag, Graph's @odata.etag). */
  version(id: string): string | null;
}

const iso = (v: string) => new Date(/Z|[+-]\d\d:\d\d$/.test(v) ? v : v + "Z").toISOString();

export function googleDriver(g: FakeGoogle): CalendarFakeDriver {
  const view = (e: { id: string; body: any }): FakeEventView => ({
    id: e.id,
    start: iso(e.body.start.dateTime ?? e.body.start.date),
    frankMeeting: e.body.extendedProperties?.private?.frankMeeting ?? null,
    frankVersion: e.body.extendedProperties?.private?.frankVersion ?? null,
  });
  return {
    provider: "google",
    connectPath: "/auth/google/calendar",
    useAccount: (email) => void (g.account = defaultAccount(email)),
    primaryCalendar: () => g.account.email,
    teamCalendar: "team-interviews@group.calendar.google.com",
    eventsIn: (c) => g.eventsOf(c).map(view),
    event: (id) => {
      const e = g.events.find((x) => x.id === id);
      return e ? view(e) : undefined;
    },
    move: (id, s, e) => g.moveEvent(id, s, e),
    remove: (id) => g.removeEvent(id),
    drop: (id) => void (g.events = g.events.filter((e) => e.id !== id)),
    expireCursors: () => g.expireSyncTokens(),
    respond: (id, email, answer) => g.respond(id, email, answer),
    addBusy: (summary, start, end) => g.addEvent(g.account.email, { summary, start, end }),
    setDown: (d) => void (g.down = d),
    touch: (id, email) => g.respond(id, email, "accepted"),
    refusedWrites: () => g.refusedWrites,
    version: (id) => {
      const e = g.events.find((x) => x.id === id);
      return e ? `"${e.change ?? 0}"` : null;
    },
  };
}

export function microsoftDriver(m: FakeMicrosoft): CalendarFakeDriver {
  const view = (e: { id: string; body: any }): FakeEventView => ({
    id: e.id,
    start: iso(e.body.start.dateTime),
    frankMeeting: m.property(e as any, "frankMeeting"),
    frankVersion: m.property(e as any, "frankVersion"),
  });
  return {
    provider: "microsoft",
    connectPath: "/auth/microsoft/calendar",
    useAccount: (email) => void (m.account = defaultMsAccount(email)),
    primaryCalendar: () => m.account.calendars.find((c) => c.isDefaultCalendar)!.id,
    teamCalendar: "AAMkCal-team-interviews",
    eventsIn: (c) => m.eventsOf(c).map(view),
    event: (id) => {
      const e = m.events.find((x) => x.id === id);
      return e ? view(e) : undefined;
    },
    move: (id, s, e) => m.moveEvent(id, s, e),
    remove: (id) => m.removeEvent(id),
    drop: (id) => m.dropEvent(id),
    expireCursors: () => m.expireDeltaTokens(),
    respond: null,
    addBusy: (subject, start, end) => m.addEvent(m.account.calendars.find((c) => c.isDefaultCalendar)!.id, { subject, start, end }),
    setDown: (d) => void (m.down = d),
    touch: (id) => m.touchEvent(id),
    refusedWrites: () => m.refusedWrites,
    version: (id) => {
      const e = m.events.find((x) => x.id === id);
      return e ? msEtagOf(e) : null;
    },
  };
}

/** A test app wired to both fakes (Google and Microsoft configured), with a driver for each. */
export function makeTwoProviderApp(): { t: TestApp; google: FakeGoogle; microsoft: FakeMicrosoft; drivers: CalendarFakeDriver[] } {
  const google = startFakeGoogle();
  const microsoft = startFakeMicrosoft();
  afterAll(() => {
    google.stop();
    microsoft.stop();
  });
  beforeAll(async () => {
    await import("@googleapis/calendar");
  }, 60_000);
  const t = makeTestApp({ ...google.env(), ...microsoft.env(), WEBHOOK_ALLOW_PRIVATE: "1" });
  return { t, google, microsoft, drivers: [googleDriver(google), microsoftDriver(microsoft)] };
}

/** GET /auth/<provider>/calendar → the fake's consent screen → the callback. Returns the final redirect. */
export async function connectWith(t: TestApp, d: CalendarFakeDriver, cookie: string, opts: { returnTo?: string } = {}): Promise<string> {
  const start = await t.request(`${d.connectPath}${opts.returnTo ? `?returnTo=${opts.returnTo}` : ""}`, { cookie });
  const consentUrl = start.headers.get("location");
  if (start.status !== 302 || !consentUrl) throw new Error(`connect did not redirect: ${start.status}`);
  if (consentUrl.startsWith("/")) return consentUrl;
  const consent = await fetch(consentUrl, { redirect: "manual" });
  const location = consent.headers.get("location");
  if (!location) throw new Error(`consent answered ${consent.status}: ${await consent.text()}`);
  const back = new URL(location);
  const done = await t.request(back.pathname + back.search, { cookie });
  return done.headers.get("location") ?? `status ${done.status}`;
}
