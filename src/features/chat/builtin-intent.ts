/**
 * What a message to the built-in assistant asks it to do, read by rules (pure). Only two
 * requests change anything, and both only as proposals the recruiter confirms: a shortlist
 * and an interview proposal. A request for a change the assistant cannot make or cannot tell
 * apart (move a stage, draft an e-mail, "invite", "meet") is `unclear`: a question back.
 */
export type Intent =
  | { kind: "shortlist" }
  | { kind: "interview" }
  | { kind: "unclear"; about: "stage" | "email" | "invite" }
  | { kind: "summary" }
  | { kind: "count" }
  | { kind: "list" }
  | { kind: "hello" }
  | { kind: "unknown" };

const READ_QUESTION = /^\s*(who|which|what|show|list|how many|find|search|are|is|does|do|any)\b/;

export function readIntent(message: string): Intent {
  const m = message.toLowerCase();
  // Changes the assistant does not make: said back as a question, never guessed at.
  const email = /\b(draft|write|compose|send|e-?mail)\b.*\b(e-?mail|message|note|letter|text|reply)\b|\b(draft|compose)\b|\be-?mail (?:him|her|them|[a-z]+ [a-z]+ (?:to|about|inviting|asking))\b/;
  if (email.test(m) && !/\bbooking link\b/.test(m) && !READ_QUESTION.test(m)) return { kind: "unclear", about: "email" };
  if (/\b(move|advance|progress|promote|demote|put|change|set|mark)\b.*\b(stage|column|rejected|placed|offer|hired)\b|\b(reject|hire|place)\s+(?!the\b)\w/.test(m) && !READ_QUESTION.test(m))
    return { kind: "unclear", about: "stage" };
  if (/\bshort-?list/.test(m) && (!READ_QUESTION.test(m) || /\b(add|put|shortlist|create|build|make|start)\b.*\bshort-?list|^\s*short-?list\b/.test(m))) return { kind: "shortlist" };
  const scheduling = /\b(schedul\w*|propose|book|arrange|set up|organi[sz]e|line up|plan)\b/.test(m) && /\b(interview|meeting|call|chat|session|screen(?:ing)?|time|slots?)\b/.test(m);
  if ((scheduling || /^\s*(please\s+)?interview\b|\bbooking link\b/.test(m)) && !/\bhow many\b/.test(m)) return { kind: "interview" };
  if (/\b(invite|invitation|meet|meeting|catch up)\b/.test(m) && !READ_QUESTION.test(m)) return { kind: "unclear", about: "invite" };
  if (/\b(summar(?:y|ise|ize)|tell me about|who is|details (?:of|for|on)|profile of|about)\b/.test(m)) return { kind: "summary" };
  if (/\b(how many|count|number of|total)\b/.test(m)) return { kind: "count" };
  if (/\b(find|show|list|search|who|which|any|candidates?|applicants?|latest|newest|recent|top)\b/.test(m)) return { kind: "list" };
  if (/^\s*(hi|hello|hey|help|what can you do)/.test(m)) return { kind: "hello" };
  return { kind: "unknown" };
}
