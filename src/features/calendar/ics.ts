/**
 * A small RFC 5545 writer for the private feed: CRLF line ends, lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values escaped, times in UTC.
 * Pure: no server imports.
 */
export interface FeedEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  created: Date;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  status: "CONFIRMED" | "CANCELLED" | "TENTATIVE";
  organizer?: { email: string; name?: string | null } | null;
  attendees: { email: string; name?: string | null }[];
}

export function icsDate(d: Date): string {
  return d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and newlines. */
export function icsText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** Parameter values with characters that need quoting are quoted; quotes cannot appear (§3.2). */
function paramValue(s: string): string {
  const clean = s.replace(/["\r\n]/g, "");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line to at most 75 octets per physical line (§3.1). */
export function foldLine(line: string): string {
  const bytes = new TextEncoder();
  if (bytes.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = bytes.encode(ch).length;
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
      limit = 74; // continuation lines start with one space
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function mailto(email: string) {
  return `mailto:${email.replace(/[\r\n]/g, "")}`;
}

export function buildCalendar(opts: { name: string; prodId: string; now: Date; events: FeedEvent[] }): string {
  const lines: string[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${opts.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${icsText(opts.name)}`,
    "X-PUBLISHED-TTL:PT15M",
    "REFRESH-INTERVAL;VALUE=DURATION:PT15M",
  ];
  const stamp = icsDate(opts.now);
  for (const e of opts.events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      `CREATED:${icsDate(e.created)}`,
      `SEQUENCE:${e.sequence}`,
      `DTSTART:${icsDate(e.start)}`,
      `DTEND:${icsDate(e.end)}`,
      `SUMMARY:${icsText(e.summary)}`,
      `STATUS:${e.status}`,
    );
    if (e.description) lines.push(`DESCRIPTION:${icsText(e.description)}`);
    if (e.location) lines.push(`LOCATION:${icsText(e.location)}`);
    if (e.url && /^https?:\/\//.test(e.url)) lines.push(`URL:${e.url.replace(/[\r\n]/g, "")}`);
    if (e.organizer) lines.push(`ORGANIZER${e.organizer.name ? `;CN=${paramValue(e.organizer.name)}` : ""}:${mailto(e.organizer.email)}`);
    for (const a of e.attendees) {
      lines.push(`ATTENDEE;ROLE=REQ-PARTICIPANT${a.name ? `;CN=${paramValue(a.name)}` : ""}:${mailto(a.email)}`);
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
