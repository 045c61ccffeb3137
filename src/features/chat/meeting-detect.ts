/**
 * Meeting detection (part2 §5): does a chat message ask to meet a candidate, and who?
 * Pure: shared by the websocket monitor, the webhook, the chat-events call and the
 * /meeting-detection and /shortlist-test islands, so all of them agree.
 */

/** Only text longer than this is processed. */
const DETECTION_MIN_LENGTH = 10;
/** The keystroke scan waits this long after the page loads, then checks every SCAN_INTERVAL_MS. */
export const DETECTION_GRACE_MS = 5000;
export const DETECTION_SCAN_MS = 1000;
export const POPUP_HIDE_MS = 10_000;
export const RECONNECT_TRIES = 5;
export const RECONNECT_DELAY_MS = 3000;
/** Keys that reset the keystroke buffer. */
export const BUFFER_RESET_KEYS = ["Escape", "Tab", "ArrowUp", "ArrowDown"];

export interface Detection {
  /** A meeting keyword is present. */
  isMeetingRequest: boolean;
  /** Null when no name pattern matched: callers then do nothing. */
  candidateName: string | null;
  position: string | null;
}

const NONE: Detection = { isMeetingRequest: false, candidateName: null, position: null };

// Keywords as word starts, so "meeting", "scheduled", "interviews" and "calling" count,
// but "recall" or "callous" do not.
const KEYWORD_RE = /\b(?:meet(?:s|ing|ings)?|schedul(?:e|ed|es|ing)|interview(?:s|ed|ing)?|call(?:s|ed|ing)?|discussion(?:s)?|chat with|talk to|speak with)\b/i;

// A name: one to three capitalised words (Sarah, Chen, O'Neil, Jean-Luc, McDonald).
const WORD = "(?=[A-Za-z'-]{2})[A-Z][a-z]*(?:(?:['-]?[A-Z]|['-])[a-z]+)*";
const NAME = `((?:${WORD})(?:\\s+(?:${WORD})){0,2})`;

// Capitalised words that are not names (sentence starts, days, titles, roles).
const NOT_NAMES = new Set(
  (
    "I Im I'm A An The This That These Those Our My Your Their His Her Him Them Us We You They It He She " +
    "Hi Hello Hey Please Thanks Thank Can Could Would Will Let Lets Let's Yes No Ok Okay Sure Also And Or But So " +
    "Today Tomorrow Tonight Next Last Monday Tuesday Wednesday Thursday Friday Saturday Sunday Morning Afternoon Evening " +
    "January February March April May June July August September October November December " +
    "Candidate Applicant Team Manager Client Someone Everyone Anyone Zoom Teams Google Meet Slack " +
    "Product Owner Designer Developer Engineer Ux Ui Senior Junior Lead Head Role Position Interview Meeting Call Schedule"
  ).split(" "),
);

// Three ways a chat names the candidate:
// 1. after the verb or its preposition: "meet Sarah Chen", "a call with Tom Baker", "talk to Ana"
const AFTER_VERB = new RegExp(`\\b(?:[Mm]eet(?:ing)?|[Ii]nterview(?:ing)?|[Cc]all(?:ing)?|[Ss]chedule|[Bb]ook|[Ii]nvite|with|to)\\s+(?:(?:the\\s+)?(?:candidate|applicant)\\s+)?${NAME}`, "g");
// 2. a label: "candidate: Sarah Chen", "the applicant named Tom Baker", "name is Ana Silva"
const LABELLED = new RegExp(`\\b(?:[Cc]andidate|[Aa]pplicant|[Nn]ame)(?:\\s+(?:named|called|is))?\\s*[:\\-]?\\s+${NAME}`, "g");
// 3. the name first: "Sarah Chen is available for an interview", "Tom Baker wants to meet"
const NAME_FIRST = new RegExp(`(?:^|[.!?]\\s+)${NAME}(?:'s)?\\s+(?:is|wants|would|can|could|asked|has|needs|will|for)\\b`, "g");

const ROLE_WORDS = "role|position|job|opening|vacancy|opportunity";
const POSITION_PATTERNS = [
  new RegExp(`\\b(?:position|role|job)\\s*[:\\-]\\s*([A-Za-z][A-Za-z0-9/&+ .-]{1,40}?)(?=[,.;!?\\n]|$)`, "i"),
  new RegExp(`\\b(?:for|as|about)\\s+(?:the|a|an|our)?\\s*([A-Za-z][A-Za-z0-9/&+ -]{1,40}?)\\s+(?:${ROLE_WORDS})\\b`, "i"),
  /\b(?:for|as)\s+(?:the|a|an|our)?\s*((?:senior |junior |lead |principal )?(?:product owner|product manager|ux designer|ui designer|designer|developer|engineer|manager|analyst|recruiter|data scientist|architect|consultant)s?)\b/i,
];

function cleanName(raw: string): string | null {
  const words = raw.trim().split(/\s+/);
  // Drop non-name words at either end ("Sarah Chen Tomorrow" → "Sarah Chen").
  while (words.length && NOT_NAMES.has(words[0]!)) words.shift();
  const kept: string[] = [];
  for (const w of words) {
    if (NOT_NAMES.has(w)) break;
    kept.push(w);
  }
  return kept.length ? kept.join(" ") : null;
}

function extractCandidateName(text: string): string | null {
  for (const re of [LABELLED, AFTER_VERB, NAME_FIRST]) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const name = cleanName(m[1]!);
      if (name) return name;
    }
  }
  return null;
}

function extractPosition(text: string): string | null {
  for (const re of POSITION_PATTERNS) {
    const m = text.match(re);
    if (m?.[1]) {
      const p = m[1].trim().replace(/\s+/g, " ");
      if (p && !/^(?:the|a|an|our|this|that|it)$/i.test(p)) return titleCase(p);
    }
  }
  return null;
}

function titleCase(s: string) {
  return s
    .replace(/\b([a-z])([a-z]*)/gi, (_, a: string, b: string) => a.toUpperCase() + b.toLowerCase())
    .replace(/\bUx\b/g, "UX")
    .replace(/\bUi\b/g, "UI");
}

/** The one entry point: keyword, then name, then position. Text of 10 characters or fewer is ignored. */
export function detectMeeting(text: string | null | undefined): Detection {
  const t = (text ?? "").slice(0, 4000).trim();
  if (t.length <= DETECTION_MIN_LENGTH) return NONE;
  if (!KEYWORD_RE.test(t)) return NONE;
  return { isMeetingRequest: true, candidateName: extractCandidateName(t), position: extractPosition(t) };
}

/** A detection worth acting on: a meeting was asked for and a candidate was named. */
export function isActionable(d: Detection): d is Detection & { candidateName: string } {
  return d.isMeetingRequest && !!d.candidateName;
}
