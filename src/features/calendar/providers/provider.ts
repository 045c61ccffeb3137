/**
 * What Frank asks of a calendar provider (decision 32). Google and Microsoft 365 (decision 34)
 * implement it, so nothing outside features/calendar knows which provider a
 * member uses. Every method may throw ProviderGrantRevoked (the member must connect again) or
 * ProviderUnavailable (try later); readEvents also throws SyncCursorGone (read again in full).
 */
export interface ProviderCalendar {
  id: string;
  summary: string;
  primary: boolean;
}

interface ProviderAttendee {
  email: string;
  /** needsAction | accepted | declined | tentative */
  responseStatus: string | null;
}

/** One event as the sync sees it; a cancelled (deleted) one carries only its id. */
export interface ProviderEvent {
  id: string;
  status: "confirmed" | "tentative" | "cancelled";
  summary: string | null;
  start: Date | null;
  end: Date | null;
  /** "Show me as available": not busy. */
  transparent: boolean;
  attendees: ProviderAttendee[];
  /** Set on the events Frank wrote: the interview's public id. */
  frankMeeting: string | null;
  /**
   * The interview's version (its SEQUENCE) Frank last wrote into the event: an event older
   * than the interview is waiting for Frank's own write, and is not a change made in the calendar.
   */
  frankVersion: number | null;
  /** The provider's version of the event (Google's etag, Graph's @odata.etag of its changeKey), when it tells one: a conditional write names it. */
  version?: string | null;
}

interface EventPage {
  events: ProviderEvent[];
  /** Present on the last page only: the cursor of the next incremental read. */
  nextSyncToken: string | null;
  nextPageToken: string | null;
}

export type VideoKind = "google_meet" | "microsoft_teams" | "fixed" | "none";

export interface NewEvent {
  /** Frank's own id for the event: writing it twice finds the first one. */
  id: string;
  summary: string;
  description: string;
  location?: string | null;
  start: Date;
  end: Date;
  timeZone?: string;
  attendees: { email: string; name?: string | null }[];
  /** The interview's public id, kept on the event so the sync knows it as Frank's. */
  frankMeeting: string;
  frankVersion: number;
  /** Ask the provider for a video meeting with the event (Google Meet, Microsoft Teams). */
  createVideo: boolean;
}

interface WrittenEvent {
  eventId: string;
  videoUrl: string | null;
  existed: boolean;
  /** The event's version after the write (null when the provider tells none). */
  version?: string | null;
}

interface WatchChannel {
  id: string;
  token: string;
  address: string;
  ttlSeconds: number;
}

export type ProviderKind = "google" | "microsoft";

export interface CalendarProvider {
  readonly kind: ProviderKind;
  accountEmail(): Promise<string>;
  listCalendars(): Promise<ProviderCalendar[]>;
  /** One page of events: in full from timeMin (no cursor), or what changed since syncToken. */
  readEvents(
    calendarId: string,
    q: {
      syncToken: string | null;
      timeMin: Date;
      pageToken: string | null;
      /** The ids of the interview events Frank wrote (a provider whose reads leave out Frank's marks reads them for these). */
      frankEventIds?: ReadonlySet<string>;
    },
  ): Promise<EventPage>;
  /** Creates the event by Frank's id (an existing one with that id is returned, existed: true). */
  insertEvent(calendarId: string, event: NewEvent): Promise<WrittenEvent>;
  /**
   * Brings an event up to date (createVideo: asks again for the video meeting that is missing);
   * throws EventGone when it was deleted in the calendar.
   */
  patchEvent(calendarId: string, eventId: string, event: Omit<NewEvent, "id">, opts?: { ifMatch?: string | null }): Promise<{ videoUrl: string | null; version?: string | null }>;
  /** One event as it is now (null when it is gone); for a provider that tells no versions, not needed. */
  getEvent?(calendarId: string, eventId: string): Promise<ProviderEvent | null>;
  /**
   * Removes an event; one already gone counts as removed. With ifMatch (a provider that takes it:
   * Microsoft) only that version is removed: a changed one throws EventChanged.
   */
  deleteEvent(calendarId: string, eventId: string, opts?: { ifMatch?: string | null }): Promise<void>;
  /** Opens a push channel for a calendar's events (channelId: the provider named it, as Graph's subscriptions). */
  watch(calendarId: string, channel: WatchChannel): Promise<{ resourceId: string; expiresAt: Date; channelId?: string }>;
  stopChannel(channelId: string, resourceId: string): Promise<void>;
}

/** The provider refused the grant (revoked, expired refresh token): the connection is gone. */
export class ProviderGrantRevoked extends Error {}
/** Anything else (network, 5xx, quota, timeout): try again later. */
export class ProviderUnavailable extends Error {
  constructor(
    message: string,
    public readonly status?: number,
  ) {
    super(message);
  }
}
/**
 * A conditional write (ifMatch) found the event changed in the calendar since the version Frank
 * last saw (a 412 Precondition Failed: Google's conditionNotMet, Graph's ErrorIrresolvableConflict): nothing was written.
 */
export class EventChanged extends Error {}
/** The incremental cursor is no longer valid (Google's 410 Gone): read everything again. */
export class SyncCursorGone extends Error {}
/** The event does not exist any more (deleted in the calendar). */
export class EventGone extends Error {}
