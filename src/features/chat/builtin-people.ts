import type { Participant } from "../candidates/service";
import { filterCandidates, latestCandidates, SEARCH_WINDOW } from "./candidate-cards";
import type { ActionContext } from "./actions";
import { describeQuery, parseQuery } from "./builtin-query";

/** The role, city and stage of a request (no words: a shortlist is described by who, not by what they said). */
function parseFilter(message: string) {
  const { role, city, stage } = parseQuery(message);
  return { role, city, stage };
}

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

export function shortlistName(message: string): string | undefined {
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
  const filter = parseFilter(rest);
  if (filter.role) {
    const head = rest.toLowerCase().match(new RegExp(`((?:[a-z0-9/+#.-]+\\s+){0,2})${escape(filter.role)}s?\\b`));
    const before = (head?.[1] ?? "")
      .trim()
      .split(/\s+/)
      .filter((w) => w && !/^(the|all|my|our|of|with|and|every|each|top|best|first|\d+)$/.test(w));
    for (let i = 0; i < before.length; i++) {
      const role = `${before.slice(i).join(" ")} ${filter.role}`;
      if (filterCandidates(ctx.deps, ctx.workspaceId, { ...filter, role }).length) {
        filter.role = role;
        break;
      }
    }
  }
  if (!filter.role && !filter.city && !filter.stage) return undefined;
  return { people: filterCandidates(ctx.deps, ctx.workspaceId, filter), described: describeQuery(filter) };
}
