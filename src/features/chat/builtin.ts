import type { Participant } from "../candidates/service";
import { LOCATIONS, STAGE_LABELS } from "../candidates/classify";
import { AppError } from "../../lib/errors";
import { card, filterCandidates, latestCandidates, SEARCH_WINDOW, summarise, type CandidateFilter } from "./candidate-cards";
import { proposeInterview, shortlistCandidates, type ActionContext } from "./actions";
import { NO_MODEL_NOTE } from "./prompt";

/**
 * The assistant without a language model: rules that read the intent, and answers built
 * only from the workspace's rows. A name is only ever one found in the data.
 */
const ROLE_TERMS = ["product owner", "ux designer", "designer", "developer", "manager", "engineer", "analyst", "recruiter", "architect", "consultant"];
const LIST_MAX = 10;

const HELP = [
  NO_MODEL_NOTE,
  "Try:",
  "• find designers in Sydney",
  "• how many candidates are at stage 3?",
  "• who mentioned React?",
  "• summarise #12 (or a candidate's name)",
  "• shortlist Sarah Chen to Design team",
  "• propose an interview with Sarah Chen for 45 minutes",
].join("\n");

export function parseFilter(message: string): CandidateFilter {
  const m = message.toLowerCase();
  const f: CandidateFilter = {};
  const role = ROLE_TERMS.find((r) => new RegExp(`\\b${r}s?\\b`).test(m)) ?? (/\bux\b/.test(m) ? "ux designer" : undefined);
  if (role) f.role = role;
  const city = LOCATIONS.find((c) => m.includes(c.toLowerCase())) ?? message.match(/\b(?:in|from|based in|located in)\s+([A-Z][a-z]+(?:\s[A-Z][a-z]+)?)/)?.[1];
  if (city) f.city = city;
  const stage = m.match(/\bstage\s*([1-5])\b/)?.[1];
  if (stage) f.stage = Number(stage);
  else {
    for (const [n, label] of Object.entries(STAGE_LABELS)) if (m.includes(label.toLowerCase())) f.stage = Number(n);
    if (!f.stage && /\bready for (?:the )?final\b/.test(m)) f.stage = 5;
  }
  // Words in their answers: a quoted phrase, or what follows mention/say/know/experience with.
  const quoted = message.match(/["“']([^"”']{2,60})["”']/)?.[1];
  const after = message.match(
    /\b(?:mention(?:s|ed|ing)?|sa(?:y|ys|id)|wr(?:ote|ites)|know(?:s)?|experience (?:with|in)|skilled in|skills? in|talk(?:s|ed)? about|with)\s+([\w+#. -]{2,60}?)(?:\s+(?:experience|skills?))?[?.!]?$/i,
  )?.[1];
  const words = (quoted ?? after)?.trim();
  if (words && !ROLE_TERMS.some((r) => words.toLowerCase() === r || words.toLowerCase() === r + "s")) f.words = words.split(/\s+/).slice(0, 6);
  return f;
}

const describeFilter = (f: CandidateFilter) =>
  [f.role ? `role ${f.role}` : "", f.city ? `in ${f.city}` : "", f.stage ? `at stage ${f.stage} (${STAGE_LABELS[f.stage]})` : "", f.words ? `mentioning "${f.words.join(" ")}"` : ""]
    .filter(Boolean)
    .join(", ");

const line = (p: Participant) => {
  const c = card(p);
  return `• ${c.name} (#${c.id}): ${c.role}, ${c.city}, stage ${c.stage} (${c.stageLabel})`;
};

/** Candidates the message names, by #id or by a name that appears in the data. */
export function mentionedCandidates(ctx: ActionContext, message: string): Participant[] {
  const pool = latestCandidates(ctx.deps, ctx.workspaceId, SEARCH_WINDOW);
  const byId = new Map(pool.map((p) => [p.id, p]));
  const found = new Map<number, Participant>();
  for (const m of message.matchAll(/(?:#|\b(?:candidate|id)\s*#?)(\d{1,9})\b/gi)) {
    const p = byId.get(Number(m[1]));
    if (p) found.set(p.id, p);
  }
  const text = message.toLowerCase();
  const named = pool.filter((p) => p.name && p.name.trim().length > 2 && new RegExp(`\\b${escape(p.name.trim().toLowerCase())}\\b`).test(text));
  for (const p of named) found.set(p.id, p);
  if (!found.size) {
    // A single first or last name counts only when exactly one candidate carries it.
    const words = new Set(text.match(/[a-z][a-z'-]{2,}/g) ?? []);
    const hits = pool.filter((p) =>
      (p.name ?? "")
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.length > 2 && words.has(w)),
    );
    if (hits.length === 1) found.set(hits[0]!.id, hits[0]!);
  }
  return [...found.values()];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function shortlistName(message: string): string | undefined {
  const m =
    message.match(/\b(?:called|named)\s+["“']?([^"”'\n]{1,80}?)["”']?\s*(?:$|[.!?]|\bwith\b)/i) ??
    message.match(/\b(?:to|into|in|on)\s+(?:the\s+|my\s+)?["“']([^"”'\n]{1,80})["”']/i) ??
    message.match(/\b(?:to|into|in|on)\s+(?:the\s+|my\s+)?([\w &-]{1,60}?)\s+shortlist\b/i) ??
    message.match(/\b(?:to|into|in|on)\s+(?:the\s+|my\s+)?shortlist\s+["“']?([^"”'\n]{1,80}?)["”']?\s*(?:$|[.!?])/i);
  const name = m?.[1]?.trim();
  return name && !/^(a|the|my|new|shortlist)$/i.test(name) ? name : undefined;
}

/**
 * The candidates a shortlist request describes rather than names ("with the QA engineers",
 * "with designers in Sydney"): read from the words after the shortlist's name, the role
 * widened to the longest phrase before the role word that some candidate's role carries.
 */
export function shortlistGroup(ctx: ActionContext, message: string, name?: string): { people: Participant[]; described: string } | undefined {
  const at = name ? message.toLowerCase().indexOf(name.toLowerCase()) : -1;
  const rest = at >= 0 ? message.slice(at + name!.length) : message;
  const { words: _words, ...filter } = parseFilter(rest);
  if (filter.role) {
    const head = rest.toLowerCase().match(new RegExp(`((?:[a-z0-9/+#.-]+\\s+){0,2})${escape(filter.role)}s?\\b`));
    const before = (head?.[1] ?? "")
      .trim()
      .split(/\s+/)
      .filter((w) => w && !/^(the|all|my|our|of|with|and|every|each)$/.test(w));
    for (let i = 0; i < before.length; i++) {
      const role = `${before.slice(i).join(" ")} ${filter.role}`;
      if (filterCandidates(ctx.deps, ctx.workspaceId, { ...filter, role }).length) {
        filter.role = role;
        break;
      }
    }
  }
  if (!filter.role && !filter.city && !filter.stage) return undefined;
  return { people: filterCandidates(ctx.deps, ctx.workspaceId, filter), described: describeFilter(filter) };
}

export async function builtinAnswer(ctx: ActionContext, message: string): Promise<string> {
  const m = message.toLowerCase();
  const mentioned = () => mentionedCandidates(ctx, message);

  if (/\bshort-?list/.test(m)) {
    const name = shortlistName(message);
    const named = mentioned();
    // No one named: "with the QA engineers" picks by role, city or stage from the data.
    const group = named.length ? undefined : shortlistGroup(ctx, message, name);
    const people = named.length ? named : (group?.people ?? []);
    if (!people.length && !name) return "Tell me who to shortlist (a name or #id from your candidates) and, if you like, the shortlist's name.";
    if (group && !people.length) return `No candidates ${group.described} in your workspace, so I did not change any shortlist.`;
    const r = shortlistCandidates(ctx, { shortlistName: name, candidateIds: people.map((p) => p.id) });
    const head = r.created ? `Created the shortlist "${r.shortlist.name}".` : `Shortlist "${r.shortlist.name}".`;
    if (!people.length) return `${head} It has ${r.shortlist.candidateIds.length} candidate(s).`;
    const shown = people
      .slice(0, LIST_MAX)
      .map((p) => `${card(p).name} (#${p.id})`)
      .join(", ");
    const more = people.length > LIST_MAX ? ` and ${people.length - LIST_MAX} more` : "";
    const which = group ? ` ${people.length} candidate(s) ${group.described}:` : "";
    return `${head} Added${which} ${shown}${more}; it now has ${r.shortlist.candidateIds.length} candidate(s).`;
  }

  if (/\b(interview|schedul\w*|meet(?:ing)?|book|propose|invite)\b/.test(m) && !/\bhow many\b/.test(m)) {
    const people = mentioned();
    if (people.length === 1) {
      const minutes = Number(m.match(/\b(30|45|60|90|120)\s*(?:min|mins|minutes)\b/)?.[1] ?? (/\b2\s*hours?\b/.test(m) ? 120 : /\b1\s*hour\b/.test(m) ? 60 : 0));
      try {
        const r = await proposeInterview(ctx, { candidateId: people[0]!.id, duration: minutes || undefined });
        return `I created a ${r.duration}-minute interview session for ${card(r.candidate).name} (#${r.candidate.id}) with ${r.slotCount} slots over the next weekdays (${r.timeZone}). Send them this booking link:\n${r.session.bookingUrl}`;
      } catch (e) {
        if (e instanceof AppError && e.status < 500) return `I could not create the session: ${e.message}`;
        throw e;
      }
    }
    if (people.length > 1) return `Which one? I found ${people.map((p) => `${card(p).name} (#${p.id})`).join(", ")}. I propose interviews one candidate at a time.`;
    if (/\b(interview|propose)\b/.test(m)) return "Which candidate should I propose an interview to? Give me a name or #id from your candidates.";
  }

  if (/\b(summar(?:y|ise|ize)|tell me about|who is|details (?:of|for|on)|profile of|about)\b/.test(m)) {
    const people = mentioned();
    if (people.length) return people.slice(0, 3).map(summarise).join("\n\n");
    if (/\b(summar|tell me about|who is)/.test(m)) return "I found no candidate by that name or id in your workspace.";
  }

  const filter = parseFilter(message);
  const hasFilter = !!(filter.role || filter.city || filter.stage || filter.words);
  if (/\b(how many|count|number of|total)\b/.test(m)) {
    const n = filterCandidates(ctx.deps, ctx.workspaceId, filter).length;
    return hasFilter ? `${n} candidate(s) ${describeFilter(filter)}.` : `You have ${n} candidate(s) in total.`;
  }

  if (hasFilter || /\b(find|show|list|search|who|which|any|candidates?|applicants?|latest|newest|recent)\b/.test(m)) {
    const found = filterCandidates(ctx.deps, ctx.workspaceId, filter);
    const what = hasFilter ? ` ${describeFilter(filter)}` : "";
    if (!found.length) return `No candidates${what} in your workspace.`;
    const more = found.length > LIST_MAX ? `\n…and ${found.length - LIST_MAX} more.` : "";
    return `${found.length} candidate(s)${what}, newest first:\n${found.slice(0, LIST_MAX).map(line).join("\n")}${more}`;
  }

  if (/^\s*(hi|hello|hey|help|what can you do)/.test(m)) return `Hello! ${HELP}`;
  return `I did not understand that. ${HELP}`;
}
