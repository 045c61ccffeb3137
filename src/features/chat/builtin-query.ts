import { LOCATIONS, STAGE_LABELS } from "../candidates/classify";
import type { CandidateFilter } from "./candidate-cards";

/**
 * What a question to the built-in assistant asks for, read by rules (pure: no data, no server).
 * Every filter the assistant offers has a rule here; a part that looks like a filter but that
 * no rule could read is kept in `unread`, so the answer can say plainly it was not applied.
 */
const ROLE_TERMS = ["product owner", "ux designer", "designer", "developer", "manager", "engineer", "analyst", "recruiter", "architect", "consultant"];

interface SalaryFilter {
  /** Yearly amounts, inclusive bounds. */
  min?: number;
  max?: number;
  /** As the answer says it: "under $120,000". */
  text: string;
}

export interface Query extends CandidateFilter {
  salary?: SalaryFilter;
  /** The words naming a job ("Frontend Developer"), matched against the workspace's jobs. */
  job?: string;
  /** The words naming a campaign or source ("LinkedIn"), matched against the jobs' campaigns. */
  source?: string;
  /** Not e-mailed by Frank in the last N days (never counts as not contacted). */
  notContactedDays?: number;
  /** "top 3": how many to keep. */
  top?: number;
  /** Parts of the question that look like a filter but could not be read. */
  unread: string[];
}

const NUMBER_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, twenty: 20 };
const count = (w: string) => (/^\d+$/.test(w) ? Number(w) : NUMBER_WORDS[w.toLowerCase()]);

/** "$120k", "120,000", "95 000", "1.2m" → a yearly amount; small bare numbers are thousands. */
export function amount(text: string): number | undefined {
  const m = text
    .toLowerCase()
    .replace(/(?<=\d)[, ](?=\d{3}\b)/g, "")
    .match(/(\d+(?:\.\d+)?)\s*(k|thousand|m|million)?\b/);
  if (!m) return undefined;
  const n = Number(m[1]);
  const unit = m[2];
  if (unit === "k" || unit === "thousand") return Math.round(n * 1000);
  if (unit === "m" || unit === "million") return Math.round(n * 1_000_000);
  return n < 1000 ? Math.round(n * 1000) : Math.round(n);
}

const money = (n: number) => `$${n.toLocaleString("en-US")}`;
const MONEY = String.raw`(?:[a-z]{0,3}\$|£|€)?\s?\d[\d,. ]*\s*(?:k|thousand|m|million)?\b`;

function readSalary(m: string, unread: string[]): SalaryFilter | undefined {
  const about = /\b(salar\w*|expect\w*|earn\w*|pay|paid|rate|package|comp(?:ensation)?)\b|\$|£|€|\d\s*k\b/.test(m);
  if (!about) return undefined;
  const between = m.match(new RegExp(String.raw`\bbetween\s+(${MONEY})\s+and\s+(${MONEY})`));
  if (between) {
    const [a, b] = [amount(between[1]!), amount(between[2]!)];
    if (a !== undefined && b !== undefined) return { min: Math.min(a, b), max: Math.max(a, b), text: `between ${money(Math.min(a, b))} and ${money(Math.max(a, b))}` };
  }
  const under = m.match(new RegExp(String.raw`\b(under|below|less than|lower than|at most|up to|no more than|max(?:imum)?|<)\s*(${MONEY})`));
  if (under) {
    const n = amount(under[2]!);
    if (n !== undefined) return { max: /at most|up to|no more|max/.test(under[1]!) ? n : n - 1, text: `${/at most|up to|no more|max/.test(under[1]!) ? "at most" : "under"} ${money(n)}` };
  }
  const over = m.match(new RegExp(String.raw`\b(over|above|more than|higher than|at least|min(?:imum)?|from|>)\s*(${MONEY})`));
  if (over) {
    const n = amount(over[2]!);
    if (n !== undefined) return { min: /at least|min|from/.test(over[1]!) ? n : n + 1, text: `${/at least|min|from/.test(over[1]!) ? "at least" : "over"} ${money(n)}` };
  }
  if (/\bsalar|\bexpect(?:s|ing|ation)?\b.*(\$|\d)|\$\s?\d|\d\s*k\b/.test(m)) unread.push("the salary (say it as: under $120k, over $90k or between $90k and $120k)");
  return undefined;
}

const UNITS: Record<string, number> = { day: 1, week: 7, fortnight: 14, month: 30 };

function readContact(m: string, unread: string[]): number | undefined {
  const contact = /\b(contact(?:ed)?|e-?mail(?:ed)?|reached out|heard from (?:us|me)|spoken to|spoke to|talked to|touch(?:ed)? base)\b/;
  if (!contact.test(m)) return undefined;
  const negative = /\b(not|n't|never|no one|nobody|without)\b|\bhaven'?t|hasn'?t|\bno (?:contact|e-?mail)/.test(m);
  const period =
    m.match(/\b(?:in|for|within|during|over)\s+(?:the\s+)?(?:last|past)?\s*(\d+|an?|one|two|three|four|five|six|seven|ten|twelve|twenty)?\s*(day|week|fortnight|month)s?\b/) ??
    m.match(/\bsince\s+(?:a|one)?\s*(\d+)?\s*(day|week|fortnight|month)s?\s+ago\b/);
  if (negative && period) return (count(period[1] ?? "a") ?? 1) * UNITS[period[2]!]!;
  if (negative && /\bever\b|\bat all\b|\bnever\b|\byet\b/.test(m)) return Number.POSITIVE_INFINITY;
  unread.push(negative ? "the period of the last contact (say: in a week, in 10 days)" : "the last contact (I can answer: who has not been contacted in a week)");
  return undefined;
}

/** "the Frontend Developer job", "applied to/for Frontend Developer": the words naming a job. */
function readJob(message: string): string | undefined {
  const m =
    message.match(/\b(?:the|a)\s+([\w][\w /&+#.-]{1,60}?)\s+(?:job|position|vacancy|opening|req(?:uisition)?)\b/i) ??
    message.match(/\b(?:applied|applying|apply|applicants?|candidates?)\s+(?:to|for)\s+(?:the\s+)?([\w][\w /&+#.-]{1,60}?)(?=\s+(?:through|via|from|in|at|with|who|that|and)\b|[?.!,]|$)/i);
  const words = m?.[1]?.trim();
  return words && !/^(this|that|same|new|any)$/i.test(words) ? words : undefined;
}

/** "through LinkedIn", "via the Seek campaign", "source: Referral", "the LinkedIn campaign". */
function readSource(message: string): string | undefined {
  const m =
    message.match(
      /\b(?:through|via|sourced from|source(?:d)?:?|from the)\s+(?:the\s+|a\s+)?([\w][\w &+.-]{0,40}?)(?:\s+campaign|\s+link|\s+ad)?(?=\s+(?:for|to|in|at|who|that|and|with)\b|[?.!,]|$)/i,
    ) ?? message.match(/\b(?:the\s+)?([\w][\w&+.-]{0,40})\s+campaign\b/i);
  const words = m?.[1]?.trim();
  return words && !/^(the|a|campaign|any)$/i.test(words) ? words : undefined;
}

function readTop(m: string): number | undefined {
  const t = m.match(/\b(?:top|best|first)\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/) ?? m.match(/\b(\d{1,3}|two|three|four|five|ten)\s+(?:best|strongest)\b/);
  const n = t ? count(t[1]!) : undefined;
  return n && n > 0 ? n : undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Reads every filter of a question; `unread` names what looked like one but could not be read. */
export function parseQuery(message: string): Query {
  const m = message.toLowerCase();
  const q: Query = { unread: [] };
  const role = ROLE_TERMS.find((r) => new RegExp(`\\b${r}s?\\b`).test(m)) ?? (/\bux\b/.test(m) ? "ux designer" : undefined);
  if (role) q.role = role;
  const city = LOCATIONS.find((c) => new RegExp(`\\b${escape(c.toLowerCase())}\\b`).test(m)) ?? message.match(/\b(?:in|based in|located in|living in|lives in)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)/)?.[1];
  if (city) q.city = city;
  const stage = m.match(/\bstage\s*#?\s*([1-5])\b/)?.[1];
  if (stage) q.stage = Number(stage);
  else {
    for (const [n, label] of Object.entries(STAGE_LABELS)) if (m.includes(label.toLowerCase())) q.stage = Number(n);
    if (!q.stage && /\bready for (?:the )?final\b/.test(m)) q.stage = 5;
    if (!q.stage && /\bstage\b/.test(m)) {
      const named = (m.match(/\b(?:in|at|on|into|to|reached)\s+(?:the\s+|an?\s+)?([a-z][a-z -]{0,30}?)\s+stage\b/) ?? m.match(/\b([a-z][a-z-]*)\s+stage\b/))?.[1]?.trim();
      q.unread.push(
        named && !/^(which|what|a|the|each|every|their|this)$/.test(named)
          ? `the "${named}" stage (I filter by screening stage 1–5; a job's pipeline stages are on its board)`
          : "the stage (say a screening stage from 1 to 5)",
      );
    }
  }
  const salary = readSalary(m, q.unread);
  if (salary) q.salary = salary;
  const days = readContact(m, q.unread);
  if (days !== undefined) q.notContactedDays = days;
  const job = readJob(message);
  if (job) q.job = job;
  const source = readSource(message);
  if (source && source.toLowerCase() !== city?.toLowerCase() && !/\bjob\b/i.test(source)) q.source = source;
  const top = readTop(m);
  if (top) q.top = top;
  // Words in their answers: a quoted phrase, or what follows mention/say/know/experience with.
  const quoted = message.match(/["“]([^"”]{2,60})["”]/)?.[1];
  const after = message.match(
    /\b(?:mention(?:s|ed|ing)?|sa(?:y|ys|id)|wr(?:ote|ites)|know(?:s)?|experience (?:with|in)|skilled in|skills? in|talk(?:s|ed)? about|with)\s+([\w+#. -]{2,60}?)(?:\s+(?:experience|skills?))?[?.!]?$/i,
  )?.[1];
  const words = (quoted ?? after)?.trim();
  if (words && !ROLE_TERMS.some((r) => words.toLowerCase() === r || words.toLowerCase() === r + "s")) q.words = words.split(/\s+/).slice(0, 6);
  return q;
}

/** The filters as the answer names them ("role designer, in Sydney, expecting under $120,000"). */
export function describeQuery(q: Omit<Query, "unread">): string {
  const contact = q.notContactedDays === undefined ? "" : q.notContactedDays === Number.POSITIVE_INFINITY ? "never e-mailed" : `not e-mailed in the last ${q.notContactedDays} day(s)`;
  return [
    q.role ? `role ${q.role}` : "",
    q.city ? `in ${q.city}` : "",
    q.stage ? `at screening stage ${q.stage} (${STAGE_LABELS[q.stage]})` : "",
    q.salary ? `expecting ${q.salary.text} a year` : "",
    q.job ? `who applied to the ${q.job} job` : "",
    q.source ? `through ${q.source}` : "",
    contact,
    q.words ? `mentioning "${q.words.join(" ")}"` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

export const hasFilter = (q: Omit<Query, "unread">) => !!(q.role || q.city || q.stage || q.words || q.salary || q.job || q.source || q.notContactedDays !== undefined);
