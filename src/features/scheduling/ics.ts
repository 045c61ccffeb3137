/**
 * iCalendar (RFC 5545) invitations for booked interviews: METHOD:REQUEST for a booking or
 * a move (SEQUENCE bumps so calendars replace the earlier copy), METHOD:CANCEL for a
 * cancellation. Times are UTC; lines end with CRLF and fold at 75 octets.
 */
export interface IcsEvent {
  uid: string;
  sequence: number;
  method: "REQUEST" | "CANCEL";
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer: { name?: string | null; email: string };
  attendee: { name?: string | null; email: string };
}

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** TEXT values: backslash, semicolon, comma and newlines are escaped (§3.3.11). */
export function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** A CN parameter: quoted, without the characters a quoted parameter cannot hold. */
const cn = (name?: string | null) => (name ? `;CN="${name.replace(/["\r\n\\]/g, "").slice(0, 200)}"` : "");
const mailto = (email: string) => `mailto:${email.replace(/[\s<>"]/g, "")}`;

/** Folds a content line to at most 75 octets per physical line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const out: string[] = [];
  let cur = "";
  let bytes = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (bytes + n > limit) {
      out.push(cur);
      cur = "";
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join("\r\n ");
}

export function buildIcs(e: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Frank//Interview Scheduling//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.method}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
  ];
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.url) lines.push(`URL:${e.url}`);
  lines.push(
    `ORGANIZER${cn(e.organizer.name)}:${mailto(e.organizer.email)}`,
    `ATTENDEE${cn(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=${e.method === "CANCEL" ? "DECLINED" : "NEEDS-ACTION"};RSVP=TRUE:${mailto(e.attendee.email)}`,
    `STATUS:${e.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  );
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
