// The fields of a draft candidate read from a CV's text by plain rules (issue 39 item 6), used when
// no model is configured and whenever the model fails: e-mail, phone and LinkedIn by pattern, the
// name from the first lines, the role and city from the lines around it (or their labels), skills
// from a "Skills" section, a summary from a "Summary"/"Profile" section or the first paragraph.
// Pure: no server imports, so tests read it as a table.
import { HEADINGS, PARTICLES, ROLE_WORDS, SKILL_HEADINGS, SUMMARY_HEADINGS, TITLE_WORDS } from "./cv-words";
import { placeMatch } from "./places";

export interface ProposedFields {
  name: string | null;
  email: string | null;
  phone: string | null;
  city: string | null;
  role: string | null;
  linkedin: string | null;
  /** Up to three lines. */
  summary: string | null;
  /** Comma-separated. */
  skills: string | null;
}
export const FIELD_NAMES = ["name", "email", "phone", "city", "role", "linkedin", "summary", "skills"] as const satisfies readonly (keyof ProposedFields)[];
export const emptyFields = (): ProposedFields => ({ name: null, email: null, phone: null, city: null, role: null, linkedin: null, summary: null, skills: null });

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/i;
const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/([A-Za-z0-9_%.-]+)/i;
const URL_LIKE = /https?:\/\/|www\.|\.(?:com|io|dev|org|net)\b\/?/i;
const PHONE_RUN = /(?:\+|\b00|\()?\d[\d ().\-/]{4,22}\d/g;
const PHONE_LABEL = /\b(?:phone|tel|telephone|mobile|mob|cell|gsm|whatsapp)\b\.?\s*(?:\([a-z ]*\))?\s*[:.]?/i;
const YEAR_RANGE = /^(?:19|20)\d\d\s*[-/]\s*(?:(?:19|20)?\d\d)$/;
const DATE = /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/;

const squeeze = (s: string) => s.replace(/\s+/g, " ").trim();
const headingKey = (line: string) => squeeze(line.replace(/[:：]\s*$/, "")).toLowerCase();

/** A line that starts a section: a known heading, or a short line in capitals or ending with a colon and nothing after it. */
export function isHeading(line: string): boolean {
  const t = squeeze(line);
  if (!t || t.length > 40) return false;
  if (HEADINGS.has(headingKey(t))) return true;
  const words = t.replace(/:$/, "").split(" ");
  if (words.length > 4 || /\d|@/.test(t)) return false;
  return t.endsWith(":") || (/\p{L}/u.test(t) && t === t.toUpperCase() && t.length >= 4);
}

// A wide gap or a tab inside a short line separates pieces of a header ("San Francisco, CA 94105   (415) 555-0132"):
// it is kept as a bar, which squeezing the spaces would lose.
const lineOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => squeeze((l.length <= 160 ? l.replace(/(\S)(?:[ \u00a0]{3,}|\t+)(?=\S)/g, "$1 | ") : l).replace(/^[\s•·▪●◦*-]+/, "")))
    .filter(Boolean);

/** The pieces of a header line: "London, UK | ada@x.com · +44 …" → ["London, UK", "ada@x.com", "+44 …"]; "Data Analyst — Adelaide, SA" → two. */
const piecesOf = (line: string) =>
  line
    .split(/\s*[|·•▪●]\s*|\s{2,}|\t|\s+[—–]\s+/)
    .map(squeeze)
    .filter(Boolean);

export function emailIn(text: string): string | null {
  return text.match(EMAIL)?.[0].toLowerCase() ?? null;
}

export function linkedinIn(text: string): string | null {
  const m = text.match(LINKEDIN);
  if (!m) return null;
  const slug = m[1]!.replace(/[.)]+$/, "");
  return slug ? `https://www.linkedin.com/in/${slug}` : null;
}

function phoneRuns(line: string, minDigits: number): string[] {
  const out: string[] = [];
  const masked = line
    .replace(EMAIL, " ")
    .replace(LINKEDIN, " ")
    .replace(/https?:\/\/\S+/g, " ");
  for (const m of masked.matchAll(PHONE_RUN)) {
    const run = m[0].trim().replace(/[\s/-]+$/, "");
    const digits = run.replace(/\D/g, "");
    if (digits.length < minDigits || digits.length > 15) continue;
    if (YEAR_RANGE.test(run) || DATE.test(run)) continue;
    // "(2019) 2021": brackets must pair.
    if ((run.match(/\(/g)?.length ?? 0) !== (run.match(/\)/g)?.length ?? 0)) continue;
    out.push(squeeze(run));
  }
  return out;
}

/** A phone number: on a line labelled Phone/Mobile/Tel first, else the first run of 8 to 15 digits that is not a year range or a date. */
export function phoneIn(lines: string[]): string | null {
  for (const l of lines) {
    const label = l.match(PHONE_LABEL);
    if (label) {
      const found = phoneRuns(l.slice((label.index ?? 0) + label[0].length), 6)[0];
      if (found) return found;
    }
  }
  for (const l of lines) {
    // Piece by piece: a ZIP code beside the number is not part of it ("CA 94105   (415) 555-0132").
    for (const piece of piecesOf(l)) {
      const found = phoneRuns(piece, 8)[0];
      if (found) return found;
    }
  }
  return null;
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());

function asName(piece: string): string | null {
  const t = squeeze(piece.replace(/,.*$/, ""));
  if (!t || /[\d@/:]/.test(t) || URL_LIKE.test(t) || ROLE_WORDS.test(t) || HEADINGS.has(headingKey(t))) return null;
  const words = t.split(" ");
  if (words.length < 2 || words.length > 4) return null;
  const caps = t === t.toUpperCase();
  const ok = words.every((w, i) => (i > 0 && PARTICLES.has(w.toLowerCase()) && w === w.toLowerCase()) || /^\p{Lu}[\p{L}'’.-]*$/u.test(w));
  if (!ok) return null;
  return caps ? titleCase(t) : t;
}

const LABEL = (names: string) => new RegExp(`^(?:${names})\\s*[:\\-–]\\s*(.+)$`, "i");
const labelled = (lines: string[], names: string) => {
  const re = LABEL(names);
  for (const l of lines) {
    const m = l.match(re);
    if (m?.[1]) return squeeze(m[1]);
  }
  return null;
};

// ---- places (places.ts reads the forms; here a place that reads as a role is refused) ----------
const cityName = (s: string | undefined): string | null => {
  const t = squeeze(s ?? "");
  if (!t || ROLE_WORDS.test(t) || TITLE_WORDS.test(t) || HEADINGS.has(headingKey(t))) return null;
  return t.slice(0, 100);
};

/** The city of a piece that reads as a place, else null. */
export function placeIn(piece: string): string | null {
  const t = squeeze(piece.replace(/^(?:based in|lives in|located in)\s+/i, ""));
  if (!t || t.length > 80 || EMAIL.test(t)) return null;
  const city = placeMatch(t);
  return city ? cityName(city) : null;
}

const isContact = (piece: string) => EMAIL.test(piece) || LINKEDIN.test(piece) || URL_LIKE.test(piece) || phoneRuns(piece, 7).length > 0 || PHONE_LABEL.test(piece);

/** The city of an address or location field: the part that reads as a place ("Unit 4, 88 Hay Street, Perth WA 6000" → Perth), else the first part without digits. */
function cityOfAddress(v: string): string | null {
  const whole = placeIn(v);
  if (whole) return whole;
  const parts = v.split(",").map(squeeze).filter(Boolean);
  for (let i = parts.length - 1; i >= 0; i--) {
    const place = placeIn(parts.slice(i).join(", ")) ?? placeIn(parts[i]!);
    if (place) return place;
  }
  const city = parts.find((p) => !/\d/.test(p) && /^\p{Lu}/u.test(p));
  return city ? city.slice(0, 100) : null;
}

function skillsIn(lines: string[]): string | null {
  const items: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const inline = l.match(/^((?:technical |key |core |professional )?(?:skills|competencies|technologies|tech stack|tools|expertise))\s*[:\-–]\s*(.+)$/i);
    let body: string[] = [];
    if (inline) body = [inline[2]!];
    else if (SKILL_HEADINGS.test(headingKey(l))) {
      for (let j = i + 1; j < lines.length && j <= i + 12 && !isHeading(lines[j]!); j++) body.push(lines[j]!);
    } else continue;
    for (const b of body) {
      for (const raw of b.split(/\s*[,;•·|]\s*|\s+\/\s+/)) {
        const s = squeeze(
          raw
            .replace(/^[-*]\s*/, "")
            .replace(/\.$/, "")
            .replace(/^[\p{L} ]{2,25}:\s*/u, (m) => (/\s/.test(m.trim()) || b.includes(",") ? "" : m)),
        );
        if (s && s.length <= 40 && s.split(" ").length <= 4 && !items.some((x) => x.toLowerCase() === s.toLowerCase())) items.push(s);
      }
    }
    if (items.length) break;
  }
  return items.length ? items.slice(0, 30).join(", ") : null;
}

/** Up to three sentences (one a line) of a summary section, else of the first paragraph of prose. */
function summaryIn(lines: string[], skip: Set<string>): string | null {
  let source: string[] = [];
  const at = lines.findIndex((l) => SUMMARY_HEADINGS.test(headingKey(l)));
  if (at >= 0) {
    for (let j = at + 1; j < lines.length && !isHeading(lines[j]!); j++) source.push(lines[j]!);
  }
  const inline = labelled(lines, "summary|profile|about me|objective");
  if (!source.length && inline) source = [inline];
  if (!source.length) {
    const prose = lines.find((l) => !skip.has(l) && !isHeading(l) && !isContact(l) && l.split(" ").length >= 8 && /[a-z]/.test(l));
    if (prose) source = [prose];
  }
  const sentences =
    source
      .join(" ")
      .match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g)
      ?.map(squeeze)
      .filter((s) => s.length > 1) ?? [];
  const three = sentences.slice(0, 3).map((s) => (s.length > 240 ? `${s.slice(0, 239)}…` : s));
  return three.length ? three.join("\n") : null;
}

/** The proposal of the rules for a CV's text; every field may be null. */
export function proposeByRules(text: string): ProposedFields {
  const lines = lineOf(text);
  const head = lines.slice(0, 8);
  const out = emptyFields();
  out.email = emailIn(text);
  out.linkedin = linkedinIn(text);
  out.phone = phoneIn(lines);

  const labelledName = labelled(head, "name|full name|candidate");
  let nameLine = -1;
  if (labelledName) out.name = asName(labelledName) ?? labelledName.slice(0, 200);
  else {
    for (let i = 0; i < Math.min(6, lines.length); i++) {
      const n = asName(piecesOf(lines[i]!)[0] ?? "");
      if (n) {
        out.name = n;
        nameLine = i;
        break;
      }
    }
  }

  out.role = labelled(head, "title|job title|role|position|current role|current position|headline|occupation");
  const where = labelled(lines.slice(0, 25), "location|city|address|based in|lives in|residence");
  out.city = where ? cityOfAddress(where) : null;
  // The rest of the name's line, then the lines under it: a role needs a title's word, a place is
  // never a role (issue 60: "Melbourne VIC" under a name was taken for the role).
  const nameRest = nameLine >= 0 ? piecesOf(lines[nameLine]!).slice(1) : [];
  const around = [nameRest, ...(nameLine >= 0 ? lines.slice(nameLine + 1, nameLine + 6) : head).map(piecesOf)];
  for (const pieces of around) {
    if (pieces.length === 1 && (HEADINGS.has(headingKey(pieces[0]!)) || pieces[0]!.endsWith(":"))) break;
    for (const piece of pieces) {
      if (isContact(piece) && !placeIn(piece)) continue;
      if (/^[\p{L} ]{2,20}:\s/u.test(piece)) continue;
      const place = placeIn(piece);
      if (place) {
        out.city ??= place;
        continue;
      }
      if (!out.role && nameLine >= 0 && looksLikeRole(piece)) out.role = piece.slice(0, 200);
    }
  }
  // An address block may run longer than the lines under the name: its city line still counts.
  if (!out.city) {
    for (const line of lines.slice(0, 12)) {
      if (isHeading(line)) break;
      const found = piecesOf(line).map(placeIn).find(Boolean);
      if (found) {
        out.city = found;
        break;
      }
    }
  }

  out.skills = skillsIn(lines);
  out.summary = summaryIn(lines, new Set(lines.slice(0, nameLine + 1))) ?? composedSummary(out, lines);
  return out;
}

/** A header piece that names a job: a few words, one of a title's, no digits, no sentence. */
function looksLikeRole(piece: string): boolean {
  const words = piece.split(" ");
  if (words.length > 8 || !/\p{L}/u.test(piece) || /[.!?]$/.test(piece) || /\d/.test(piece)) return false;
  if (/^(?:curriculum vitae|resume|résumé|cv)$/i.test(piece)) return false;
  return ROLE_WORDS.test(piece) || TITLE_WORDS.test(piece);
}

/**
 * The cage's "propose-rules" task (lib/cage.ts): the rules run in a child, because a CV's text can
 * make some patterns slow (200,000 letters without a space took minutes for the e-mail pattern).
 */
export async function proposeRulesTask(input: Uint8Array): Promise<ProposedFields> {
  return proposeByRules(new TextDecoder().decode(input));
}

const EXPERIENCE_HEADINGS = /^(?:work |professional |relevant )?(?:experience|employment|employment history|work history|career history)$/i;

/**
 * A CV without a summary or any prose still gets its three lines: the role and city, the first
 * skills, and the first line under its experience (most CVs list the latest job first).
 */
function composedSummary(f: ProposedFields, lines: string[]): string | null {
  const out: string[] = [];
  if (f.role) out.push(f.city ? `${f.role} in ${f.city}.` : `${f.role}.`);
  if (f.skills) out.push(`Skills: ${f.skills.split(", ").slice(0, 6).join(", ")}.`);
  const at = lines.findIndex((l) => EXPERIENCE_HEADINGS.test(headingKey(l)));
  const latest = at >= 0 ? lines.slice(at + 1).find((l) => !isHeading(l) && !isContact(l)) : undefined;
  if (latest && !isHeading(latest)) out.push(latest.length > 240 ? `${latest.slice(0, 239)}…` : latest);
  return out.length ? out.join("\n") : null;
}
