// Pure rules shared by the server (filters, stats), the dashboard islands and the tests:
// location and role buckets (part2 §9), stage labels (§4) and the job-to-candidate match (§5).
// No server imports here: islands bundle this file.

export const LOCATIONS = ["Melbourne", "Sydney", "Brisbane", "Perth", "Adelaide"] as const;
export const ROLES = ["Product Owner", "Designer", "UX Designer", "Developer", "Manager"] as const;
export type LocationBucket = (typeof LOCATIONS)[number] | "Other";
export type RoleBucket = (typeof ROLES)[number] | "Other";

const lower = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** Melbourne, Sydney, Brisbane, Perth or Adelaide when the text names one; else Other. */
export function classifyLocation(text: string | null | undefined): LocationBucket {
  const t = lower(text);
  for (const city of LOCATIONS) if (t.includes(city.toLowerCase())) return city;
  return "Other";
}

/**
 * The role bucket of a free-text role. Order matters: "UX Designer" before "Designer",
 * and "Product Owner" before "Manager" ("Product Owner / Manager" is a product owner).
 */
export function classifyRole(text: string | null | undefined): RoleBucket {
  const t = lower(text);
  if (!t) return "Other";
  if (t.includes("product owner")) return "Product Owner";
  if (/\bux\b/.test(t) || t.includes("user experience")) return "UX Designer";
  if (t.includes("designer")) return "Designer";
  if (t.includes("developer")) return "Developer";
  if (t.includes("manager")) return "Manager";
  return "Other";
}

/**
 * Two kinds of stage (decision 0048). The spec's five below are the candidate's screening
 * progress: one per person, moved by the candidate pages (prequalifier, assessment, voice
 * interview) or by hand. A pipeline stage (Applied, Screening, ... Rejected) belongs to an
 * application on a job's board. Each screen names which one it shows with these words.
 */
export const SCREENING_PROGRESS = "Screening progress";
export const PIPELINE_STAGE = "Pipeline stage";

export const STAGE_LABELS: Record<number, string> = {
  1: "Initial Application",
  2: "Screening Completed",
  3: "Assessment Completed",
  4: "Voice Interview Completed",
  5: "Ready for Final Interview",
};

export function stageLabel(stage: number | null | undefined): string {
  return (stage != null && STAGE_LABELS[stage]) || "Application Received";
}

/** The role a candidate is considered for: what they applied for, else their current title. */
export function candidateRole(p: { roleApplied?: string | null; jobTitle?: string | null }): string {
  return (p.roleApplied ?? "").trim() || (p.jobTitle ?? "").trim();
}

const MATCH_KEYWORDS = ["product owner", "ux", "designer", "developer", "manager"] as const;

/** The §5 keywords a job title contains (the SQL side of the match uses them too). */
export function titleKeywords(title: string): string[] {
  const t = lower(title);
  return MATCH_KEYWORDS.filter((k) => (k === "ux" ? /\bux\b/.test(t) : t.includes(k)));
}

function containEachOther(a: string, b: string): boolean {
  return !!a && !!b && (a.includes(b) || b.includes(a));
}

/**
 * Job-to-candidate match (§5): the job title and the candidate's role contain each other;
 * or they share a keyword (product owner, ux, designer, developer, manager) and the
 * locations contain each other. A job without a location accepts any city, but an empty
 * city never "contains" a job's location (an empty string is inside every string).
 */
export function matchesJob(job: { title: string; location?: string | null }, p: { roleApplied?: string | null; jobTitle?: string | null; city?: string | null }): boolean {
  const title = lower(job.title);
  const role = lower(candidateRole(p));
  if (containEachOther(title, role)) return true;
  const shared = titleKeywords(title).some((k) => (k === "ux" ? /\bux\b/.test(role) : role.includes(k)));
  if (!shared) return false;
  const jobLocation = lower(job.location);
  return !jobLocation || containEachOther(jobLocation, lower(p.city));
}

/** Conversation preview of the details dialog: shown above 50 characters, cut at 1000 with an ellipsis. */
const CONVERSATION_MIN = 50;
const CONVERSATION_MAX = 1000;
export function conversationPreview(text: string | null | undefined): string | null {
  const t = text ?? "";
  if (t.length <= CONVERSATION_MIN) return null;
  return t.length > CONVERSATION_MAX ? t.slice(0, CONVERSATION_MAX) + "..." : t;
}

/** First and last name for the candidate list of the test page. */
export function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}
