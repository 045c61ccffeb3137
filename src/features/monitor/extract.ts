// What the debug page shows per participant (part2 §2, /database-debug): the name, role and
// location extracted from the combined text, and which data sources are present. Pure:
// the debug island imports it; the tests call it.
import { classifyLocation, classifyRole } from "../candidates/classify";

/** The participant database fields of the debug calls (part2 §3). */
export interface DebugParticipant {
  id: number;
  unique_id: string | null;
  name: string | null;
  email_address: string | null;
  role_applied: string | null;
  city: string | null;
  job_title: string | null;
  prequalifier: string | null;
  assessment: string | null;
  voice_transcript: string | null;
  stages: number;
  industry: string | null;
}

const DATA_SOURCES = [
  { key: "prequalifier", label: "Prequalifier" },
  { key: "assessment", label: "Assessment" },
  { key: "voice_transcript", label: "Voice transcript" },
] as const;

/** Every text the AI sees for a participant, one field per line. */
function combinedText(p: DebugParticipant): string {
  return [p.name, p.role_applied, p.job_title, p.city, p.industry, p.prequalifier, p.assessment, p.voice_transcript]
    .map((s) => (s ?? "").trim())
    .filter(Boolean)
    .join("\n");
}

const NAME_PATTERNS = [
  /\bmy name is\s+([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/u,
  /\bname\s*[:=-]\s*([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)/iu,
  /\b(?:i am|i'm)\s+([A-Z][\p{L}'-]+\s+[A-Z][\p{L}'-]+)/u,
];

export interface Extracted {
  name: string | null;
  role: string;
  location: string;
  sources: { key: string; label: string; present: boolean }[];
}

export function extractParticipant(p: DebugParticipant): Extracted {
  const text = combinedText(p);
  let name = (p.name ?? "").trim() || null;
  if (!name)
    for (const re of NAME_PATTERNS) {
      const m = re.exec(text);
      if (m) {
        name = m[1]!.trim();
        break;
      }
    }
  // A stated role or city wins (a "Data Analyst" is Other even if the chat mentions a
  // designer); the combined text is read only when the field is empty.
  const stated = (p.role_applied ?? "").trim() || (p.job_title ?? "").trim();
  const role = stated ? classifyRole(stated) : classifyRole(text);
  const city = (p.city ?? "").trim();
  const location = city ? classifyLocation(city) : classifyLocation(text);
  const sources = DATA_SOURCES.map((s) => ({ ...s, present: !!(p[s.key] ?? "").trim() }));
  return { name, role, location, sources };
}

/** The Test Design Query: participants whose role is a design role (Designer or UX Designer). */
export function isDesignRole(p: DebugParticipant): boolean {
  const r = extractParticipant(p).role;
  return r === "Designer" || r === "UX Designer";
}
