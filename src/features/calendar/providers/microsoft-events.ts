import { zonedToUtc } from "../../scheduling/zones";
import type { ProviderEvent } from "./provider";

// Outlook's events as the calendar feature reads them (the provider interface's ProviderEvent),
// Frank's marks on them, and their version (decision 52).

/** Frank's marks on an event, as named MAPI properties in the public strings set (PS_PUBLIC_STRINGS). */
const PROP = (name: string) => `String {00020329-0000-0000-C000-000000000046} Name ${name}`;
export const FRANK_EVENT = PROP("frankEvent");
export const FRANK_MEETING = PROP("frankMeeting");
export const FRANK_VERSION = PROP("frankVersion");
export const EXPAND = `singleValueExtendedProperties($filter=id eq '${FRANK_MEETING}' or id eq '${FRANK_VERSION}')`;

/** Graph's dateTime: the time in the zone named beside it, without an offset. */
export function graphTime(d: Date): string {
  return d.toISOString().replace(/Z$/, "");
}

function when(t: { dateTime?: string; timeZone?: string } | undefined): Date | null {
  if (!t?.dateTime) return null;
  const zone = t.timeZone || "UTC";
  if (zone === "UTC" || zone === "Etc/GMT") {
    const d = new Date(t.dateTime.replace(/(\.\d{3})\d*$/, "$1") + "Z");
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const [date, time = "00:00"] = t.dateTime.split("T");
  const [h, m] = time.split(":").map(Number);
  return zonedToUtc(date!, h ?? 0, m ?? 0, zone);
}

/**
 * The event's version, as an If-Match names it: Graph's `@odata.etag` (W/"<changeKey>"), or one
 * made of the changeKey where an answer carries only that (a $select without the etag).
 */
export function versionOf(e: any): string | null {
  if (typeof e?.["@odata.etag"] === "string" && e["@odata.etag"]) return e["@odata.etag"];
  return typeof e?.changeKey === "string" && e.changeKey ? `W/"${e.changeKey}"` : null;
}

const RESPONSES: Record<string, string> = { accepted: "accepted", declined: "declined", tentativelyAccepted: "tentative", none: "needsAction", notResponded: "needsAction", organizer: "accepted" };

export function marksOf(e: any): { meeting: string | null; version: number | null } {
  const props: { id: string; value: string }[] = e.singleValueExtendedProperties ?? [];
  const get = (id: string) => props.find((p) => p.id.toLowerCase() === id.toLowerCase())?.value ?? null;
  const v = get(FRANK_VERSION);
  return { meeting: get(FRANK_MEETING), version: v !== null && Number.isFinite(Number(v)) ? Number(v) : null };
}

/** showAs free is not busy; tentative, busy, away and working elsewhere are (decision 34). */
export function toProviderEvent(e: any): ProviderEvent {
  if (e["@removed"] || e.isCancelled) return { id: e.id, status: "cancelled", summary: null, start: null, end: null, transparent: false, attendees: [], frankMeeting: null, frankVersion: null };
  const marks = marksOf(e);
  return {
    id: e.id,
    status: e.showAs === "tentative" ? "tentative" : "confirmed",
    summary: e.subject ?? null,
    start: when(e.start),
    end: when(e.end),
    transparent: e.showAs === "free",
    attendees: (e.attendees ?? []).flatMap((a: any) => (a.emailAddress?.address ? [{ email: a.emailAddress.address, responseStatus: RESPONSES[a.status?.response] ?? null }] : [])),
    frankMeeting: marks.meeting,
    frankVersion: marks.version,
    version: versionOf(e),
  };
}
