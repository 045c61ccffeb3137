import { addDays } from "../scheduling/slots";

/**
 * The days an interview request names ("next Tuesday", "tomorrow", "on 12 January",
 * "2027-01-12", "next week"), as dates in the member's zone; pure. What looks like a time but
 * is not read (a time of day, "in the evening") is named in `unread`, so the answer says so.
 */
export interface When {
  dates: string[];
  /** The phrase as the answer repeats it ("next Tuesday"). */
  said: string[];
  unread: string[];
}

const DAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;

const weekday = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
const pad = (n: number) => String(n).padStart(2, "0");
const monthIndex = (m: string) => MONTHS.findIndex((x) => x.startsWith(m.slice(0, 3)));

/** The next date after `today` with this day and month (this year, or next year once passed). */
function nextDayMonth(today: string, day: number, month: number): string | undefined {
  const year = Number(today.slice(0, 4));
  for (const y of [year, year + 1]) {
    const d = `${y}-${pad(month + 1)}-${pad(day)}`;
    if (new Date(`${d}T12:00:00Z`).getUTCDate() !== day) return undefined;
    if (d > today) return d;
  }
  return undefined;
}

/** Monday of the week after the one holding `today` (weeks start on Monday). */
const nextMonday = (today: string) => addDays(today, (8 - weekday(today)) % 7 || 7);

export function readWhen(message: string, today: string): When {
  const m = message.toLowerCase();
  const out: When = { dates: [], said: [], unread: [] };
  const add = (date: string | undefined, said: string) => {
    if (!date) return void out.unread.push(`"${said}" (not a date I could read)`);
    if (date <= today) return void out.unread.push(`"${said}" (${date} is not after today; interviews are proposed from tomorrow)`);
    if (!out.dates.includes(date)) out.dates.push(date);
    out.said.push(said);
  };

  if (/\bday after tomorrow\b/.test(m)) add(addDays(today, 2), "the day after tomorrow");
  else if (/\btomorrow\b/.test(m)) add(addDays(today, 1), "tomorrow");
  for (const x of m.matchAll(/\b(next|this|on|coming)?\s*(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/g)) {
    const target = DAYS.indexOf(x[2]!);
    // "Tuesday", "on Tuesday", "this Tuesday": the first one after today; "next Tuesday": the one in next week.
    const date = x[1] === "next" ? addDays(nextMonday(today), (target + 6) % 7) : addDays(today, (target - weekday(today) + 7) % 7 || 7);
    add(date, `${x[1] ? x[1] + " " : ""}${x[2]![0]!.toUpperCase()}${x[2]!.slice(1)}`);
  }
  if (/\bnext week\b/.test(m)) {
    const monday = nextMonday(today);
    for (let i = 0; i < 5; i++) add(addDays(monday, i), i === 0 ? "next week" : "");
    out.said = out.said.filter(Boolean);
  }
  for (const x of m.matchAll(/\b(\d{4}-\d{2}-\d{2})\b/g)) add(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(x[1]!) ? x[1] : undefined, x[1]!);
  for (const x of m.matchAll(new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}\b`, "g"))) add(nextDayMonth(today, Number(x[1]), monthIndex(x[2]!)), x[0]);
  for (const x of m.matchAll(new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})(?:st|nd|rd|th)?\b`, "g"))) add(nextDayMonth(today, Number(x[2]), monthIndex(x[1]!)), x[0]);

  const time = m.match(/\b(?:at\s+)?\d{1,2}(?::\d{2})?\s*(?:am|pm)\b|\bat\s+\d{1,2}:\d{2}\b|\b(?:in the\s+)?(morning|afternoon|evening|lunchtime|noon)\b/)?.[0];
  if (time) out.unread.push(`"${time.trim()}" (I offer hourly slots from 09:00 to 17:00 on each day; pick the times on the session's page after confirming)`);
  if (/\b(in\s+(?:two|three|\d+)\s+weeks|end of (?:the )?(?:week|month)|next month|this week)\b/.test(m))
    out.unread.push(`"${m.match(/\b(in\s+(?:two|three|\d+)\s+weeks|end of (?:the )?(?:week|month)|next month|this week)\b/)![0]}" (name a day instead, such as next Tuesday or 12 January)`);
  out.dates.sort();
  return out;
}

/** "Tuesday 15 December 2026" for the answer (read in UTC: a date has no zone). */
export function longDate(d: string): string {
  const at = new Date(`${d}T12:00:00Z`);
  return `${DAYS[at.getUTCDay()]![0]!.toUpperCase()}${DAYS[at.getUTCDay()]!.slice(1)} ${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]![0]!.toUpperCase()}${MONTHS[at.getUTCMonth()]!.slice(1)} ${at.getUTCFullYear()}`;
}
