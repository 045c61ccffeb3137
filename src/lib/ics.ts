/**
 * The one iCalendar (RFC 5545) writer: e-mailed invitations (METHOD:REQUEST / CANCEL) and
 * the private subscription feed (METHOD:PUBLISH). CRLF line ends, lines folded at 75
 * octets (never inside a UTF-8 character), TEXT values escaped, times in UTC.
 * Pure: no feature or server imports.
 */
interface IcsPerson {
  email: string;
  name?: string | null;
}

interface IcsAttendee extends IcsPerson {
  /** PARTSTAT (§3.2.12), e.g. NEEDS-ACTION on an invitation, DECLINED on a cancellation. */
  partstat?: "NEEDS-ACTION" | "ACCEPTED" | "DECLINED" | "TENTATIVE";
  /** RSVP=TRUE asks the attendee's calendar to answer. */
  rsvp?: boolean;
}

export interface IcsEvent {
  uid: string;
  /** Bumped on every change so calendars replace their earlier copy. */
  sequence: number;
  start: Date;
  end: Date;
  created?: Date | null;
  summary: string;
  description?: string | null;
  location?: string | null;
  /** Written only when it is an http(s) URL. */
  url?: string | null;
  status: "CONFIRMED" | "CANCELLED" | "TENTATIVE";
  organizer?: IcsPerson | null;
  attendees: IcsAttendee[];
  /** TRANSP (§3.8.2.7); left out when not given (OPAQUE is the default). */
  transp?: "OPAQUE" | "TRANSPARENT";
}

type IcsMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export interface IcsCalendar {
  prodId: string;
  /** PUBLISH (a feed) unless given. */
  method?: IcsMethod;
  /** DTSTAMP of every event: when this copy was written. */
  now: Date;
  events: IcsEvent[];
  /** X-WR-CALNAME, the name a subscribed calendar shows. */
  name?: string;
  /** How often a subscriber should refresh (REFRESH-INTERVAL and X-PUBLISHED-TTL). */
  refreshMinutes?: number;
}

/** A UTC DATE-TIME (§3.3.5, form #2): 20300101T100000Z. */
function icsDate(d: Date): string {
  return d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (§3.2): quotes and line breaks cannot appear; quoted when it holds : ; or ,. */
function paramValue(s: string): string {
  const clean = s.replace(/["\r\n]/g, "").slice(0, 200);
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** A CAL-ADDRESS: characters that would break the line or the URI are dropped. */
function mailto(email: string): string {
  return `mailto:${email.replace(/[\s<>"]/g, "")}`;
}

const cn = (name?: string | null) => (name ? `;CN=${paramValue(name)}` : "");

/** Folds a content line to at most 75 octets per physical line (§3.1). */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  if (enc.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = enc.encode(ch).length;
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

/** One VEVENT's unfolded content lines. */
function veventLines(e: IcsEvent, stamp: Date): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${e.uid.replace(/[\r\n]/g, "")}`, `DTSTAMP:${icsDate(stamp)}`];
  if (e.created) lines.push(`CREATED:${icsDate(e.created)}`);
  lines.push(`SEQUENCE:${Math.max(0, Math.trunc(e.sequence))}`, `DTSTART:${icsDate(e.start)}`, `DTEND:${icsDate(e.end)}`, `SUMMARY:${escapeText(e.summary)}`, `STATUS:${e.status}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.url && /^https?:\/\//i.test(e.url)) lines.push(`URL:${e.url.replace(/[\s"<>]/g, "")}`);
  if (e.organizer) lines.push(`ORGANIZER${cn(e.organizer.name)}:${mailto(e.organizer.email)}`);
  for (const a of e.attendees) {
    const params = cn(a.name) + ";ROLE=REQ-PARTICIPANT" + (a.partstat ? `;PARTSTAT=${a.partstat}` : "") + (a.rsvp ? ";RSVP=TRUE" : "");
    lines.push(`ATTENDEE${params}:${mailto(a.email)}`);
  }
  if (e.transp) lines.push(`TRANSP:${e.transp}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole VCALENDAR object, folded, with CRLF line ends (a trailing one included). */
export function buildCalendar(c: IcsCalendar): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${c.prodId.replace(/[\r\n]/g, "")}`, "CALSCALE:GREGORIAN", `METHOD:${c.method ?? "PUBLISH"}`];
  if (c.name) lines.push(`X-WR-CALNAME:${escapeText(c.name)}`);
  if (c.refreshMinutes) lines.push(`X-PUBLISHED-TTL:PT${c.refreshMinutes}M`, `REFRESH-INTERVAL;VALUE=DURATION:PT${c.refreshMinutes}M`);
  for (const e of c.events) lines.push(...veventLines(e, c.now));
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
