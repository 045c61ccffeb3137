// Criteria proposed from a job's description by rules (issue 57 item 1): the skills,
// qualifications and languages of the vocabulary it names, the place or remote rule, and the
// years of experience. A sentence that says "must", "required" or "essential" makes its
// criteria must-haves; "nice to have", "a plus", "bonus" or "preferred" makes them nice-to-haves.
// Pure: no server imports, so tests and the page share it.
import type { Criterion, CriterionKind } from "./model";
import { CITIES, LANGUAGES, QUALIFICATIONS, SKILLS } from "./vocabulary";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A term as a whole word or phrase ("Go" is not in "good"; "C++" and ".NET" keep their signs), in
 * any case, except a short one (up to three letters: "Go", "JS", "RN"), which is matched as written.
 */
export function termPattern(term: string): RegExp {
  let p = patterns.get(term);
  if (!p) {
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(term, (p = compile(term)));
  }
  return p;
}

// Built once per term: judging 100 candidates against a job compiled the same patterns for every
// candidate and every text (about 19,000 times a request). Without the g or y flag a RegExp keeps
// no state between calls, so one is shared.
const patterns = new Map<string, RegExp>();
const MAX_PATTERNS = 5_000;

function compile(term: string): RegExp {
  const lead = /^\w/.test(term) ? "(?<![\\w])" : "(?<![\\w.#+])";
  const tail = /\w$/.test(term) ? "(?![\\w])" : "(?![\\w#+])";
  return new RegExp(`${lead}${escape(term).replace(/\\?\s+/g, "\\s+")}${tail}`, term.replace(/\W/g, "").length <= 3 ? "" : "i");
}

/** A criterion's id from its kind and label ("skill-node-js"). */
export function criterionId(kind: CriterionKind, label: string): string {
  const slug = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 30);
  return `${kind}-${slug || "x"}`;
}

type Importance = "must" | "nice" | "plain";

const MUST = /\b(must|required|requirement|requires|essential|mandatory|need to|you have|you bring)\b/i;
const NICE = /\b(nice to have|a plus|bonus|preferred|desirable|ideally|advantage)\b/i;
const MUST_HEADING = /^\s*(requirements?|must[- ]haves?|essentials?|what you need|you have|required)\s*:?\s*$/i;
const NICE_HEADING = /^\s*(nice[- ]to[- ]haves?|bonus( points)?|preferred|desirable|pluses)\s*:?\s*$/i;

/** The description's sentences (list items count as sentences), each with what its heading or its words say. */
function sentences(description: string): { text: string; importance: Importance }[] {
  const out: { text: string; importance: Importance }[] = [];
  let section: Importance = "plain";
  for (const line of description.split(/\r?\n/)) {
    if (MUST_HEADING.test(line)) {
      section = "must";
      continue;
    }
    if (NICE_HEADING.test(line)) {
      section = "nice";
      continue;
    }
    if (!line.trim()) continue;
    if (/^\s*#{1,6}\s/.test(line)) section = "plain";
    for (const text of line.split(/(?<=[.!?;])\s+/)) {
      const own: Importance = NICE.test(text) ? "nice" : MUST.test(text) ? "must" : section;
      out.push({ text, importance: own });
    }
  }
  return out;
}

const weightOf = (i: Importance) => (i === "must" ? 3 : i === "nice" ? 1 : 2);

/** Criteria proposed from a job's title, description and location field. */
export function proposeCriteria(job: { title: string; description: string | null; location: string | null }): Criterion[] {
  const found = new Map<string, Criterion>();
  const add = (kind: CriterionKind, terms: string[], importance: Importance, years: number | null = null) => {
    const id = criterionId(kind, terms[0]!);
    const had = found.get(id);
    const rank = (i: Importance) => (i === "must" ? 2 : i === "plain" ? 1 : 0);
    if (had && rank(importance) <= rank(had.mustHave ? "must" : had.weight === 1 ? "nice" : "plain")) return;
    found.set(id, { id, kind, label: terms[0]!, mustHave: importance === "must", weight: weightOf(importance), terms, years });
  };
  const text = `${job.title}\n${job.description ?? ""}`;
  for (const s of sentences(text)) {
    for (const [kind, list] of [
      ["skill", SKILLS],
      ["qualification", QUALIFICATIONS],
      ["language", LANGUAGES],
    ] as const) {
      for (const terms of list) if (terms.some((t) => termPattern(t).test(s.text))) add(kind, terms, s.importance);
    }
    const years = s.text.match(/\b(\d{1,2})\s*\+?\s*(?:years?|yrs)\b/i);
    if (years && /experience|experienced|background/i.test(s.text)) add("experience", [`${years[1]}+ years of experience`], s.importance, Number(years[1]));
    if (/\b(fully remote|remote[- ]first|remote)\b/i.test(s.text)) add("location", ["Remote", "remote", "remotely", "work from home"], "plain");
    for (const city of CITIES) if (termPattern(city).test(s.text) && /\b(based|located|office|on[- ]site|in)\b/i.test(s.text)) add("location", [city], s.importance);
  }
  if (job.location?.trim() && ![...found.values()].some((c) => c.kind === "location")) {
    const place = job.location.trim();
    add("location", /remote/i.test(place) ? ["Remote", "remote", "remotely"] : [place], "plain");
  }
  // A skill named in both the title and a "nice to have" line keeps its strongest reading (add() above).
  const order: CriterionKind[] = ["skill", "qualification", "language", "experience", "location"];
  return [...found.values()].sort((a, b) => Number(b.mustHave) - Number(a.mustHave) || order.indexOf(a.kind) - order.indexOf(b.kind)).slice(0, 30);
}
