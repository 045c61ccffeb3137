import type { calendar_v3 } from "@googleapis/calendar";
import { zonedToUtc } from "../../scheduling/zones";
import type { ProviderEvent } from "./provider";

// Google Calendar's events as the calendar feature reads them (the provider interface's
// ProviderEvent), and the video link Google attached to one.

function when(t: calendar_v3.Schema$EventDateTime | undefined, calendarZone: string): Date | null {
  if (!t) return null;
  if (t.dateTime) {
    const d = new Date(t.dateTime);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  // An all-day event: from the day's midnight in the event's (or the calendar's) zone.
  return t.date ? (zonedToUtc(t.date, 0, 0, t.timeZone || calendarZone) ?? zonedToUtc(t.date, 0, 0, "UTC")) : null;
}

export function toProviderEvent(e: calendar_v3.Schema$Event, calendarZone: string): ProviderEvent {
  const status = e.status === "cancelled" ? "cancelled" : e.status === "tentative" ? "tentative" : "confirmed";
  return {
    id: e.id!,
    status,
    summary: e.summary ?? null,
    start: when(e.start, calendarZone),
    end: when(e.end, calendarZone),
    transparent: e.transparency === "transparent",
    attendees: (e.attendees ?? []).flatMap((a) => (a.email ? [{ email: a.email, responseStatus: a.responseStatus ?? null }] : [])),
    frankMeeting: e.extendedProperties?.private?.frankMeeting ?? null,
    frankVersion: e.extendedProperties?.private?.frankVersion != null ? Number(e.extendedProperties.private.frankVersion) : null,
    version: e.etag ?? null,
  };
}

/** The Meet link (or another video entry point) Google attached to an event. */
export function videoLink(e: calendar_v3.Schema$Event): string | null {
  if (e.hangoutLink) return e.hangoutLink;
  const video = e.conferenceData?.entryPoints?.find((p) => p.entryPointType === "video" && p.uri);
  return video?.uri ?? null;
}
