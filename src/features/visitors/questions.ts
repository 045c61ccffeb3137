/**
 * The chats' questions and the rules for each answer. Pure: the service, the island and
 * the tests share this one copy.
 */

export type ChatKind = "prequalifier" | "assessment";

/** The participant field a prequalifier answer fills (part2 §3). */
type PrequalifierField = "name" | "emailAddress" | "city" | "roleApplied" | "linkedinUrl" | "industry" | "visaStatus" | "salaryExpectation" | "availability";

export interface Question {
  /** Participant field (prequalifier) or "answer" (assessment). */
  field: PrequalifierField | "answer";
  prompt: string;
  input: "text" | "email" | "url" | "textarea";
  max: number;
  placeholder?: string;
  /** May be answered with "skip". */
  optional?: boolean;
}

export const PREQUALIFIER_QUESTIONS: Question[] = [
  { field: "name", prompt: "Hi, I'm Frank, the hiring assistant. What is your full name?", input: "text", max: 120, placeholder: "Your full name" },
  { field: "emailAddress", prompt: "Nice to meet you! What is your e-mail address?", input: "email", max: 254, placeholder: "you@example.com" },
  { field: "city", prompt: "Which city do you live in?", input: "text", max: 100, placeholder: "e.g. Melbourne" },
  { field: "roleApplied", prompt: "Which role are you applying for?", input: "text", max: 150, placeholder: "e.g. Product Owner" },
  {
    field: "linkedinUrl",
    prompt: "What is the URL of your LinkedIn profile? (Type skip if you have none.)",
    input: "url",
    max: 300,
    placeholder: "https://www.linkedin.com/in/…",
    optional: true,
  },
  { field: "industry", prompt: "Which industry do you work in?", input: "text", max: 100, placeholder: "e.g. Financial services" },
  { field: "visaStatus", prompt: "What is your visa or work-rights status?", input: "text", max: 150, placeholder: "e.g. Citizen, permanent resident, work visa" },
  { field: "salaryExpectation", prompt: "What are your salary expectations?", input: "text", max: 100, placeholder: "e.g. 120k + super" },
  { field: "availability", prompt: "When could you start?", input: "text", max: 150, placeholder: "e.g. Four weeks' notice" },
];

/** Asked when the recruiter has set no questions for the job. */
export const DEFAULT_ASSESSMENT_QUESTIONS = [
  "Tell us about a piece of work you are proud of, and the part you played in it.",
  "Describe a difficult problem you solved at work. How did you approach it?",
  "Why does this role interest you?",
  "How would you spend your first 90 days in this role?",
  "Is there anything else you would like us to know?",
];

const ASSESSMENT_ANSWER_MAX = 2000;
export const MAX_ASSESSMENT_QUESTIONS = 20;
export const ASSESSMENT_QUESTION_MAX = 500;

export function assessmentQuestions(prompts: string[]): Question[] {
  return prompts.map((prompt) => ({ field: "answer", prompt, input: "textarea", max: ASSESSMENT_ANSWER_MAX, placeholder: "Your answer" }));
}

export const INTRO: Record<ChatKind, string> = {
  prequalifier: "A few quick questions, one at a time. It takes about two minutes.",
  assessment: "A short written assessment. Answer in your own words; there are no trick questions.",
};

export const DONE: Record<ChatKind, string> = {
  prequalifier: "Thank you! Your answers have been sent to the hiring team.",
  assessment: "Thank you! Your assessment has been sent to the hiring team.",
};

const BOT = "Frank";
const CANDIDATE = "Candidate";

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[A-Za-z]{2,}$/;
const SKIP = /^(skip|none|n\/a|no|-)$/i;

/**
 * A host name a profile can live on: dotted labels ending in a letters-only top-level
 * domain. "5" or "120000" would otherwise parse as the IP addresses 0.0.0.5 and
 * 0.1.212.192, and "localhost" or "[::1]" are no one's profile either.
 */
function isRealHostName(hostname: string): boolean {
  const labels = hostname.toLowerCase().split(".");
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld)) return false;
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

/** The answer as stored, or the message the chat shows when it is refused. */
export function checkAnswer(q: Question, raw: unknown): { ok: true; value: string } | { ok: false; message: string } {
  const value = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (!value) return { ok: false, message: "Please type an answer." };
  if (value.length > q.max) return { ok: false, message: `Please keep your answer under ${q.max} characters.` };
  if (q.input !== "textarea" && value.includes("\n")) return { ok: false, message: "Please answer on one line." };
  if (q.optional && SKIP.test(value)) return { ok: true, value: "" };
  if (q.input === "email") {
    // The spec's message for a bad address (part1 §5).
    if (!EMAIL.test(value)) return { ok: false, message: "Invalid email address" };
    return { ok: true, value: value.toLowerCase() };
  }
  if (q.input === "url") {
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    let url: URL | null = null;
    try {
      url = new URL(withScheme);
    } catch {}
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !isRealHostName(url.hostname) || url.username || url.password) {
      return { ok: false, message: "Please enter a valid URL, like https://www.linkedin.com/in/your-name (or type skip)." };
    }
    return { ok: true, value: url.toString() };
  }
  return { ok: true, value };
}

/** The whole conversation as text ("Frank: …" / "Candidate: …"), as the dashboard shows it. */
export function transcript(questions: Question[], answers: string[]): string {
  const lines: string[] = [];
  answers.forEach((a, i) => {
    lines.push(`${BOT}: ${questions[i]?.prompt ?? ""}`);
    lines.push(`${CANDIDATE}: ${a === "" ? "(skipped)" : a}`);
  });
  return lines.join("\n");
}
