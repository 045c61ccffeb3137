// How a candidate meets a job's criteria by rules (issue 57 item 2): each criterion met, not met
// or unknown, with the words quoted from where they were found. Pure: no server imports.
// The name, e-mail and phone are never read, so neither a name nor pronouns can move a score.
import type { Criterion, CriterionVerdict, Verdict } from "./model";
import { termPattern } from "./criteria-rules";

/** One text of the candidate's record that may hold evidence, and what the page calls it. */
export interface Source {
  source: string;
  text: string;
}

export interface CandidateText {
  city: string | null;
  jobTitle: string | null;
  roleApplied: string | null;
  industry: string | null;
  skills: string | null;
  summary: string | null;
  prequalifier: string | null;
  assessment: string | null;
  cv: string | null;
}

/** The texts evidence is read from, in the order a quote is looked for. */
export function sourcesOf(c: CandidateText): Source[] {
  const all: [string, string | null][] = [
    ["Skills", c.skills],
    ["Job title", c.jobTitle],
    ["Role applied for", c.roleApplied],
    ["City", c.city],
    ["Summary", c.summary],
    ["Industry", c.industry],
    ["CV", c.cv],
    ["Prequalifier answers", c.prequalifier],
    ["Assessment answers", c.assessment],
  ];
  return all.filter((s): s is [string, string] => !!s[1]?.trim()).map(([source, text]) => ({ source, text }));
}

const MAX_QUOTE = 160;

/** The words around a match, cut at sentence or line ends, at most MAX_QUOTE characters: a verbatim piece of the text. */
function quoteAround(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (from > 0 && !/[\n.!?;•|]/.test(text[from - 1]!) && end - from < MAX_QUOTE / 2) from--;
  while (to < text.length && !/[\n.!?;•|]/.test(text[to]!) && to - from < MAX_QUOTE) to++;
  return text.slice(from, to).trim();
}

function find(sources: Source[], terms: string[]): { quote: string; source: string } | null {
  for (const s of sources)
    for (const t of terms) {
      const m = termPattern(t).exec(s.text);
      if (m) return { quote: quoteAround(s.text, m.index, m.index + m[0].length), source: s.source };
    }
  return null;
}

const YEARS = /\b(\d{1,2})\s*\+?\s*(?:years?|yrs)\b/gi;

/** The most years a text says of experience ("7 years of experience", "10+ yrs"), with the quote. */
function mostYears(sources: Source[]): { years: number; quote: string; source: string } | null {
  let best: { years: number; quote: string; source: string } | null = null;
  for (const s of sources) {
    if (s.source === "City") continue;
    for (const m of s.text.matchAll(YEARS)) {
      const n = Number(m[1]);
      if (n <= 50 && (!best || n > best.years)) best = { years: n, quote: quoteAround(s.text, m.index, m.index + m[0].length), source: s.source };
    }
  }
  return best;
}

/** Whether the record has enough to say "not met" rather than "unknown": a CV, skills or a summary. */
const hasProfile = (sources: Source[]) => sources.some((s) => s.source === "CV" || s.source === "Skills" || s.source === "Summary");

function judgeCriterion(criterion: Criterion, sources: Source[]): CriterionVerdict {
  const verdict = (status: Verdict, evidence: { quote: string; source: string } | null = null): CriterionVerdict => ({ criterionId: criterion.id, label: criterion.label, status, evidence });
  const terms = criterion.terms.length ? criterion.terms : [criterion.label];
  if (criterion.kind === "experience") {
    const want = criterion.years ?? Number(criterion.label.match(/\d+/)?.[0] ?? 0);
    const said = mostYears(sources);
    if (!said) return verdict("unknown");
    return said.years >= want ? verdict("met", said) : verdict("not_met", said);
  }
  if (criterion.kind === "location") {
    const city = sources.find((s) => s.source === "City");
    const hit = find(city ? [city] : [], terms) ?? find(sources, terms);
    if (hit) return verdict("met", hit);
    return city ? verdict("not_met", { quote: city.text.trim(), source: "City" }) : verdict("unknown");
  }
  const hit = find(sources, terms);
  if (hit) return verdict("met", hit);
  return hasProfile(sources) ? verdict("not_met") : verdict("unknown");
}

const VALUE: Record<Verdict, number> = { met: 1, unknown: 0.25, not_met: 0 };

/** 0–100: met criteria by their weight, must-haves counting double, an unknown a quarter. */
export function scoreOf(criteria: Criterion[], verdicts: CriterionVerdict[]): number {
  let got = 0;
  let all = 0;
  for (const c of criteria) {
    const v = verdicts.find((x) => x.criterionId === c.id);
    const w = c.weight * (c.mustHave ? 2 : 1);
    all += w;
    got += w * VALUE[v?.status ?? "unknown"];
  }
  return all ? Math.round((100 * got) / all) : 0;
}

/** The sentence shown beside a score: what counted and how. */
export function howScored(madeBy: string, verdicts: CriterionVerdict[]): string {
  const met = verdicts.filter((v) => v.status === "met").length;
  const unknown = verdicts.filter((v) => v.status === "unknown").length;
  const who = madeBy === "rules" ? "By rules (words found in the record)" : `Criteria judged by the model ${madeBy}, quotes checked against the record`;
  return `${who}: ${met} of ${verdicts.length} criteria met${unknown ? `, ${unknown} unknown` : ""}; each counts by its weight, must-haves double, an unknown a quarter.`;
}

export function judgeAll(criteria: Criterion[], sources: Source[]): { verdicts: CriterionVerdict[]; score: number } {
  const verdicts = criteria.map((c) => judgeCriterion(c, sources));
  return { verdicts, score: scoreOf(criteria, verdicts) };
}
