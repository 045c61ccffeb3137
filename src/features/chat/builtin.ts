import type { Participant } from "../candidates/service";
import { card, summarise } from "./candidate-cards";
import type { ActionContext } from "./actions";
import { NO_MODEL_NOTE } from "./prompt";
import { hasFilter, parseQuery } from "./builtin-query";
import { mentionedCandidates } from "./builtin-people";
import { readIntent } from "./builtin-intent";
import { search, unreadLine } from "./builtin-search";
import { proposeInterviewAnswer, proposeShortlistAnswer, questionBack } from "./builtin-writes";

/**
 * The assistant without a language model: rules that read the intent, and answers built
 * only from the workspace's rows. A name is only ever one found in the data. It changes
 * nothing itself: a shortlist or an interview is a proposal the recruiter confirms.
 */
const LIST_MAX = 10;

const HELP = [
  NO_MODEL_NOTE,
  "Try:",
  "• find designers in Sydney",
  "• who is at stage 5?",
  "• which candidates expect under $120k?",
  "• who applied to the Frontend Developer job through LinkedIn?",
  "• which candidates haven't been contacted in a week?",
  "• summarise #12 (or a candidate's name)",
  "• shortlist Sarah Chen to Design team",
  "• propose an interview with Sarah Chen next Tuesday for 45 minutes",
].join("\n");

const line = (p: Participant, detail: string) => {
  const c = card(p);
  return `• ${c.name} (#${c.id}): ${c.role}, ${c.city}, screening stage ${c.stage} (${c.stageLabel})${detail ? `; ${detail}` : ""}`;
};

export async function builtinAnswer(ctx: ActionContext, message: string): Promise<string> {
  const intent = readIntent(message);
  const mentioned = () => mentionedCandidates(ctx, message);
  switch (intent.kind) {
    case "unclear":
      return questionBack(intent.about, mentioned());
    case "shortlist":
      return proposeShortlistAnswer(ctx, message, mentioned());
    case "interview":
      return proposeInterviewAnswer(ctx, message, mentioned());
    case "summary": {
      const people = mentioned();
      if (people.length) return people.slice(0, 3).map(summarise).join("\n\n");
      const q = parseQuery(message);
      if (!hasFilter(q) && !q.unread.length) return "I found no candidate by that name or id in your workspace.";
      return listAnswer(ctx, message);
    }
    case "count": {
      const found = search(ctx, parseQuery(message));
      const head = found.described ? `${found.people.length} candidate(s) ${found.described}.` : `You have ${found.people.length} candidate(s) in total.`;
      return [head, ...found.notes, unreadLine(found.unread)].filter(Boolean).join("\n");
    }
    case "list":
      return listAnswer(ctx, message);
    case "hello":
      return `Hello! ${HELP}`;
    default:
      return `I did not understand that. ${HELP}`;
  }
}

/** The candidates the question's filters select, newest first (or ranked, for "top 3"). */
function listAnswer(ctx: ActionContext, message: string): string {
  const q = parseQuery(message);
  const found = search(ctx, q);
  const what = found.described ? ` ${found.described}` : "";
  const unread = unreadLine(found.unread);
  if (!found.people.length) return [`No candidates${what} in your workspace.`, ...found.notes, unread].filter(Boolean).join("\n");
  const more = found.people.length > LIST_MAX ? `\n…and ${found.people.length - LIST_MAX} more.` : "";
  const list = found.people
    .slice(0, LIST_MAX)
    .map((p) => line(p, found.detail(p)))
    .join("\n");
  return [`${found.people.length} candidate(s)${what}${q.top ? "" : ", newest first"}:\n${list}${more}`, ...found.notes, unread].filter(Boolean).join("\n");
}
